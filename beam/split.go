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

// splittableSource reports whether a file in cs may be cut into pieces.
// Stateful encodings (ISO-2022-JP, UTF-7), those where LF may be part of a
// sequence (UTF-16, UTF-32) and the replacement encoding (one error for
// the whole input) are processed whole.
func splittableSource(cs *charset.Charset) bool {
	if cs.Family == "replacement" || cs.Codec == nil {
		return false
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
}

// planPieces cuts a file of the given size into pieces of about
// splitSize bytes, each starting just after a line feed. open gives a
// reader positioned at a byte offset of the file. A file that is not
// larger than splitSize, or where no split point is found, is one piece.
func planPieces(path string, size, splitSize int64, cs *charset.Charset, open func(off int64) (io.ReadCloser, error)) ([]Piece, error) {
	starts := []int64{0}
	if splitSize > 0 && size > splitSize {
		win := make([]byte, splitWindow)
		for q := splitSize; q < size; q += splitSize {
			if q <= starts[len(starts)-1] {
				continue
			}
			r, err := open(q - 1)
			if err != nil {
				return nil, err
			}
			n, err := io.ReadFull(r, win)
			r.Close()
			if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
				return nil, fmt.Errorf("%s: reading at byte %d: %v", path, q-1, err)
			}
			if b, ok := splitPoint(win[:n], cs); ok && q-1+int64(b) < size {
				starts = append(starts, q-1+int64(b))
			}
		}
	}
	pieces := make([]Piece, len(starts))
	for i, s := range starts {
		end := size
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		pieces[i] = Piece{Path: path, Index: i, Count: len(starts), Start: s, End: end}
	}
	return pieces, nil
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

// lineCounter counts the line feeds that pass through it.
type lineCounter struct {
	r     io.Reader
	lines int64
}

func (c *lineCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.lines += int64(bytes.Count(p[:n], []byte{'\n'}))
	return n, err
}
