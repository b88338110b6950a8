package ucsbeam

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/utf"
)

// DefaultSplitSize is the size above which a file is validated or
// converted in pieces processed in parallel, and the size of a piece.
const DefaultSplitSize = 64 << 20

// splitWindow is how far past a nominal split point a line end is looked
// for; without one there, the split point is dropped and the piece before
// it grows.
const splitWindow = 1 << 20

// Pieces are cut just after a line feed. That is a place where every
// encoding split here starts afresh: the decoder holds no partial
// sequence and no state (LF is a single byte that never occurs inside a
// multi-byte sequence of an ASCII-compatible encoding, nor as a trail byte
// of Shift_JIS, GBK, GB18030 or Big5), and the piece starts at column 1 of
// a line, so its line numbers move by the line feeds before it and its
// columns not at all. A piece never starts with a byte order mark (nor
// with what decodes to U+FEFF), which a command reading the piece alone
// would take for one.

// UTF-16 and UTF-32 are cut the same way in code units: just after a
// line feed unit (0A 00 or 00 0A; 0A 00 00 00 or 00 00 00 0A) that lies
// on a unit boundary counted from the start of the file, where the
// decoder holds nothing (LF is never half of a surrogate pair). The forms
// that read a byte order mark ("utf-16", "utf-32" of RFC 2781) decode the
// first piece as they are, BOM and all, and the others in the byte order
// of the whole file: the BOM's, else big-endian.

// wide describes a UTF-16 or UTF-32 form for cutting: its code unit in
// bytes and its byte order.
type wide struct {
	unit int
	big  bool
}

// wideForm returns the cutting form of a file in cs whose first bytes are
// head, and the fixed-order encoding its pieces after the first are read
// in; ok is false when cs is not UTF-16 or UTF-32.
func wideForm(cs *charset.Charset, head []byte) (w wide, pieceEnc string, ok bool) {
	switch cs.Codec {
	case utf.UTF16LE:
		return wide{2, false}, "utf-16le", true
	case utf.UTF16BE:
		return wide{2, true}, "utf-16be", true
	case utf.UTF32LE:
		return wide{4, false}, "utf-32le", true
	case utf.UTF32BE:
		return wide{4, true}, "utf-32be", true
	case utf.UTF16BOM:
		if bytes.HasPrefix(head, []byte{0xFF, 0xFE}) {
			return wide{2, false}, "utf-16le", true
		}
		return wide{2, true}, "utf-16be", true
	case utf.UTF32BOM:
		if bytes.HasPrefix(head, []byte{0xFF, 0xFE, 0, 0}) {
			return wide{4, false}, "utf-32le", true
		}
		return wide{4, true}, "utf-32be", true
	}
	return wide{}, "", false
}

// isUnit reports whether the code unit at the start of u is the value v.
func (w wide) isUnit(u []byte, v uint32) bool {
	var x uint32
	for i := 0; i < w.unit; i++ {
		b := u[i]
		if !w.big {
			b = u[w.unit-1-i]
		}
		x = x<<8 | uint32(b)
	}
	return x == v
}

// splittableSource reports whether a file in cs may be cut into pieces.
// Stateful encodings (ISO-2022-JP, UTF-7), UCS-2 and UCS-4, and the
// replacement encoding (one error for the whole input) are processed
// whole.
func splittableSource(cs *charset.Charset) bool {
	if cs.Family == "replacement" || cs.Codec == nil {
		return false
	}
	if _, _, ok := wideForm(cs, nil); ok {
		return true
	}
	if cs.ASCIICompatible {
		return true
	}
	switch cs.Name {
	case "shift_jis", "gbk", "gb18030", "gb18030-2005", "big5", "cp950", "euc-kr":
		// Double-byte (and GB18030's four-byte) sequences whose trail
		// bytes are 0x30 or more: an LF is always a character of its own.
		return true
	}
	return false
}

// splittableTarget reports whether the outputs of pieces converted to cs
// one by one add up to the output of the whole: the encoder holds no
// state across a line end and writes no byte order mark of its own.
func splittableTarget(cs *charset.Charset) bool {
	if cs.Codec == nil || utf.WritesBOM(cs.Codec) {
		return false
	}
	switch cs.Codec {
	case utf.UTF16BE, utf.UTF16LE, utf.UTF32BE, utf.UTF32LE, utf.UCS2BE, utf.UCS2LE, utf.UCS4BE, utf.UCS4LE:
		return true
	}
	return splittableSource(cs)
}

// Piece is a byte range of a file, processed on its own: [Start, End).
type Piece struct {
	Path  string
	Index int // 0-based, in file order
	Count int // the number of pieces of the file
	Start int64
	End   int64
	// Wide is the UTF-16 or UTF-32 encoding of fixed byte order that the
	// pieces after the first are read in, and whose line feed units are
	// counted; "" for the byte encodings.
	Wide string
}

// planPieces cuts a file of the given size into pieces of about
// splitSize bytes, each starting just after a line feed. open gives a
// reader positioned at a byte offset of the file. A file that is not
// larger than splitSize, or where no split point is found, is one piece.
func planPieces(path string, size, splitSize int64, cs *charset.Charset, open func(off int64) (io.ReadCloser, error)) ([]Piece, error) {
	starts := []int64{0}
	var w wide
	var pieceEnc string
	if splitSize > 0 && size > splitSize {
		if _, _, ok := wideForm(cs, nil); ok {
			head := make([]byte, 4)
			r, err := open(0)
			if err != nil {
				return nil, err
			}
			n, _ := io.ReadFull(r, head)
			r.Close()
			w, pieceEnc, _ = wideForm(cs, head[:n])
		}
		win := make([]byte, splitWindow)
		for q := splitSize; q < size; q += splitSize {
			if q <= starts[len(starts)-1] {
				continue
			}
			// Byte encodings: win starts at the byte before q. Wide
			// ones: at the unit before the one q falls in.
			at := q - 1
			if w.unit > 0 {
				at = q - q%int64(w.unit) - int64(w.unit)
			}
			r, err := open(at)
			if err != nil {
				return nil, err
			}
			n, err := io.ReadFull(r, win)
			r.Close()
			if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
				return nil, fmt.Errorf("%s: reading at byte %d: %v", path, at, err)
			}
			var b int
			var ok bool
			if w.unit > 0 {
				b, ok = w.splitPoint(win[:n])
			} else {
				b, ok = splitPoint(win[:n], cs)
			}
			if ok && at+int64(b) < size && at+int64(b) > starts[len(starts)-1] {
				starts = append(starts, at+int64(b))
			}
		}
	}
	pieces := make([]Piece, len(starts))
	for i, s := range starts {
		end := size
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		pieces[i] = Piece{Path: path, Index: i, Count: len(starts), Start: s, End: end, Wide: pieceEnc}
	}
	return pieces, nil
}

// splitPoint returns the first index b of win, just after a line feed
// unit, where a piece may start: a whole unit follows, and it is not
// U+FEFF (which a command reading the piece alone would take for a byte
// order mark). win starts on a unit boundary.
func (w wide) splitPoint(win []byte) (int, bool) {
	u := w.unit
	for i := 0; i+2*u <= len(win); i += u {
		if w.isUnit(win[i:], '\n') && !w.isUnit(win[i+u:], 0xFEFF) {
			return i + u, true
		}
	}
	return 0, false
}

// splitPoint returns the first index b of win, after a line feed, where a
// piece may start (see above). The caller makes sure win[0] is the byte
// before the nominal split point.
func splitPoint(win []byte, cs *charset.Charset) (int, bool) {
	from := 0
	for {
		i := bytes.IndexByte(win[from:], '\n')
		if i < 0 {
			return 0, false
		}
		b := from + i + 1
		if b >= len(win) {
			return 0, false
		}
		if !startsWithBOM(win[b:], cs) {
			return b, true
		}
		from = b
	}
}

// startsWithBOM reports whether text in cs that starts with p begins with
// a byte order mark, raw or decoded; for a p too short to tell, it says
// yes, so that the split point is not taken.
func startsWithBOM(p []byte, cs *charset.Charset) bool {
	if bytes.HasPrefix(p, []byte("\xEF\xBB\xBF")) || len(p) < 8 {
		return true
	}
	dec := cs.Codec.WithPolicy(encoding.Replace).NewDecoder()
	out := make([]byte, 64)
	n, _, _ := dec.Transform(out, p[:8], false)
	return strings.HasPrefix(string(out[:n]), "\uFEFF")
}

// lineCounter counts the line feeds that pass through it: bytes 0A, or
// for a UTF-16 or UTF-32 piece (wide set) line feed units, on unit
// boundaries counted from the start of the piece.
type lineCounter struct {
	r     io.Reader
	lines int64
	wide  wide
	part  []byte // a unit cut by a read
}

// newLineCounter counts the line feeds of r, a piece read in the wide
// encoding enc ("" for a byte encoding).
func newLineCounter(r io.Reader, enc string) *lineCounter {
	c := &lineCounter{r: r}
	if enc != "" {
		if cs, err := charset.Lookup(enc); err == nil {
			c.wide, _, _ = wideForm(cs, nil)
		}
	}
	return c
}

func (c *lineCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	b := p[:n]
	u := c.wide.unit
	if u == 0 {
		c.lines += int64(bytes.Count(b, []byte{'\n'}))
		return n, err
	}
	if len(c.part) > 0 {
		k := min(u-len(c.part), len(b))
		c.part = append(c.part, b[:k]...)
		b = b[k:]
		if len(c.part) < u {
			return n, err
		}
		if c.wide.isUnit(c.part, '\n') {
			c.lines++
		}
		c.part = c.part[:0]
	}
	for {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			break
		}
		start := i - i%u // the unit of that byte
		if start+u > len(b) {
			break // a cut unit, kept below
		}
		if c.wide.isUnit(b[start:], '\n') {
			c.lines++
		}
		b = b[start+u:]
	}
	// The whole units left hold no line feed; keep a cut unit.
	c.part = append(c.part, b[len(b)-len(b)%u:]...)
	return n, err
}
