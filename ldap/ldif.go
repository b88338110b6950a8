package ldap

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// LDIFError reports where an LDIF file stops being valid (RFC 2849).
type LDIFError struct {
	Line   int // 1-based line of the (unfolded) logical line's start
	Column int // 1-based character column, 0 if unknown
	Msg    string
}

// Error formats the fault with its line and column.
func (e *LDIFError) Error() string {
	if e.Column > 0 {
		return fmt.Sprintf("ldif: line %d, column %d: %s", e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("ldif: line %d: %s", e.Line, e.Msg)
}

// LDIFReader reads the content records of an RFC 2849 LDIF file.
type LDIFReader struct {
	// AllowUTF8 accepts UTF-8 in plain (non-base64) values and DNs. RFC
	// 2849 sec 2 (SAFE-STRING, note 8) allows only ASCII there; by default
	// other bytes are an error that says to use "::" and base64.
	AllowUTF8 bool
	// MaxEntries bounds the number of records (0 = no bound).
	MaxEntries int
	// MaxRecordBytes bounds the unfolded size of one record (0 =
	// DefaultMaxLDIFRecord); a longer record is an error.
	MaxRecordBytes int
}

// DefaultMaxLDIFRecord bounds the size of one LDIF record (its unfolded
// lines together) when LDIFReader.MaxRecordBytes is 0: 64 MiB, room for
// the largest photos real exports hold.
const DefaultMaxLDIFRecord = 64 << 20

// ReadLDIF reads every content record of r with the default LDIFReader.
func ReadLDIF(r io.Reader) ([]*Entry, error) { return LDIFReader{}.Read(r) }

// Read reads every content record of r. Change records with "changetype:
// add" are read as entries; other change types, controls and URL values
// ("<") are errors. Read holds every entry in memory; NewDecoder reads one
// at a time.
func (lr LDIFReader) Read(r io.Reader) ([]*Entry, error) {
	d := lr.NewDecoder(r)
	var entries []*Entry
	for {
		e, err := d.Next()
		if err == io.EOF {
			return entries, nil
		}
		if err != nil {
			return nil, err
		}
		entries = append(entries, e)
	}
}

// LDIFDecoder reads the records of an LDIF stream one at a time, in memory
// bounded by the largest record (LDIFReader.MaxRecordBytes), however long
// the stream. Folded lines are joined in time linear in their length.
type LDIFDecoder struct {
	opts      LDIFReader
	br        *bufio.Reader
	line      int    // physical lines read
	buf       []byte // the current record's unfolded lines, end to end
	rec       []ldifSpan
	first     bool
	inComment bool
	count     int
	err       error // sticky: after an error or the end, Next returns it
}

// ldifSpan is one logical line of the record: buf[start:end], beginning
// at physical line line.
type ldifSpan struct {
	start, end, line int
}

type ldifLine struct {
	text string
	line int
}

// NewDecoder returns a decoder that reads LDIF records from r with lr's
// options.
func (lr LDIFReader) NewDecoder(r io.Reader) *LDIFDecoder {
	return &LDIFDecoder{opts: lr, br: bufio.NewReaderSize(r, 64<<10), first: true}
}

// Line returns the number of physical lines read so far.
func (d *LDIFDecoder) Line() int { return d.line }

// Next returns the next entry, or io.EOF after the last one. After an
// error every later call returns the same error.
func (d *LDIFDecoder) Next() (*Entry, error) {
	for d.err == nil {
		done, err := d.readRecord()
		if err != nil {
			d.err = err
			break
		}
		if len(d.rec) == 0 {
			if done {
				d.err = io.EOF
			}
			continue
		}
		lines := make([]ldifLine, len(d.rec))
		for i, sp := range d.rec {
			lines[i] = ldifLine{string(d.buf[sp.start:sp.end]), sp.line}
		}
		if d.first {
			d.first = false
			if strings.HasPrefix(lines[0].text, "version:") {
				if strings.TrimSpace(strings.TrimPrefix(lines[0].text, "version:")) != "1" {
					d.err = &LDIFError{Line: lines[0].line, Msg: "only LDIF version 1 exists (RFC 2849)"}
					break
				}
				lines = lines[1:]
				if len(lines) == 0 {
					continue
				}
			}
		}
		e, err := d.opts.record(lines)
		if err != nil {
			d.err = err
			break
		}
		d.count++
		if d.opts.MaxEntries > 0 && d.count > d.opts.MaxEntries {
			d.err = &LDIFError{Line: lines[0].line, Msg: fmt.Sprintf("more than %d entries", d.opts.MaxEntries)}
			break
		}
		return e, nil
	}
	return nil, d.err
}

// readRecord reads physical lines up to the blank line that ends a record
// (or the end of the stream, done), leaving the record's logical lines in
// d.rec; it may leave none (blank lines, comments).
func (d *LDIFDecoder) readRecord() (done bool, err error) {
	d.buf, d.rec = d.buf[:0], d.rec[:0]
	limit := d.opts.MaxRecordBytes
	if limit <= 0 {
		limit = DefaultMaxLDIFRecord
	}
	for {
		l, eof, err := d.readLine(limit)
		if err != nil {
			return false, err
		}
		if eof && l == nil {
			return true, nil
		}
		d.line++
		switch {
		case len(l) == 0:
			d.inComment = false
			if len(d.rec) > 0 {
				return eof, nil
			}
		case l[0] == ' ':
			if d.inComment {
				break // a folded comment
			}
			if len(d.rec) == 0 {
				return false, &LDIFError{Line: d.line, Column: 1, Msg: "continuation line (starting with a space) without a line before it"}
			}
			if len(d.buf)+len(l)-1 > limit {
				return false, d.tooLarge(limit)
			}
			d.buf = append(d.buf, l[1:]...)
			d.rec[len(d.rec)-1].end = len(d.buf)
		case l[0] == '#':
			d.inComment = true
		default:
			d.inComment = false
			if len(d.buf)+len(l) > limit {
				return false, d.tooLarge(limit)
			}
			start := len(d.buf)
			d.buf = append(d.buf, l...)
			d.rec = append(d.rec, ldifSpan{start, len(d.buf), d.line})
		}
		if eof {
			return true, nil
		}
	}
}

func (d *LDIFDecoder) tooLarge(limit int) error {
	first := d.line
	if len(d.rec) > 0 {
		first = d.rec[0].line
	}
	return &LDIFError{Line: first, Msg: fmt.Sprintf("the record is longer than %d bytes (LDIFReader.MaxRecordBytes)", limit)}
}

// readLine returns the next physical line without its LF or CRLF; eof is
// true when it was the last (l is nil if nothing was left). The line is
// valid until the next call.
func (d *LDIFDecoder) readLine(limit int) (l []byte, eof bool, err error) {
	var long []byte
	for {
		chunk, err := d.br.ReadSlice('\n')
		switch err {
		case nil:
		case bufio.ErrBufferFull:
			if len(long)+len(chunk) > limit {
				return nil, false, &LDIFError{Line: d.line + 1, Msg: fmt.Sprintf("a line longer than %d bytes (LDIFReader.MaxRecordBytes)", limit)}
			}
			long = append(long, chunk...)
			continue
		case io.EOF:
			eof = true
		default:
			return nil, false, &LDIFError{Line: d.line + 1, Msg: err.Error()}
		}
		if long != nil {
			chunk = append(long, chunk...)
		}
		if eof && len(chunk) == 0 {
			return nil, true, nil
		}
		chunk = bytes.TrimSuffix(chunk, []byte("\n"))
		chunk = bytes.TrimSuffix(chunk, []byte("\r"))
		if chunk == nil {
			chunk = []byte{}
		}
		return chunk, eof, nil
	}
}

// record turns the logical lines of one record into an entry.
func (lr LDIFReader) record(rec []ldifLine) (*Entry, error) {
	desc, val, err := lr.attrVal(rec[0])
	if err != nil {
		return nil, err
	}
	if !strings.EqualFold(desc, "dn") {
		return nil, &LDIFError{Line: rec[0].line, Column: 1, Msg: "a record must start with \"dn:\""}
	}
	if val != "" {
		if _, err := (DNParser{RFC1485: false}).Parse(val); err != nil {
			return nil, &LDIFError{Line: rec[0].line, Msg: "the DN is not valid: " + err.Error()}
		}
	}
	e := &Entry{DN: val}
	index := map[string]int{}
	for _, l := range rec[1:] {
		desc, v, err := lr.attrVal(l)
		if err != nil {
			return nil, err
		}
		switch strings.ToLower(desc) {
		case "changetype":
			if v != "add" {
				return nil, &LDIFError{Line: l.line, Msg: "changetype " + quote(v) + ": only content records and \"changetype: add\" can be read as entries"}
			}
			continue
		case "control":
			return nil, &LDIFError{Line: l.line, Msg: "controls belong to change records, which cannot be read as entries"}
		}
		if !IsAttributeDescription(desc) {
			return nil, &LDIFError{Line: l.line, Column: 1, Msg: quote(desc) + " is not an attribute description (RFC 4512 sec 2.5)"}
		}
		k := strings.ToLower(desc)
		if i, ok := index[k]; ok {
			e.Attributes[i].Values = append(e.Attributes[i].Values, v)
		} else {
			index[k] = len(e.Attributes)
			e.Attributes = append(e.Attributes, Attribute{Type: desc, Values: []string{v}})
		}
	}
	return e, nil
}

// attrVal splits "desc: value", "desc:: base64" and rejects "desc:< url".
func (lr LDIFReader) attrVal(l ldifLine) (string, string, error) {
	i := strings.IndexByte(l.text, ':')
	if i <= 0 {
		return "", "", &LDIFError{Line: l.line, Column: 1, Msg: "expected \"attribute: value\""}
	}
	desc, rest := l.text[:i], l.text[i+1:]
	col := utf8.RuneCountInString(l.text[:i+1]) + 1
	switch {
	case strings.HasPrefix(rest, ":"):
		b64 := strings.TrimLeft(rest[1:], " ")
		b, err := base64.StdEncoding.DecodeString(b64)
		if err != nil {
			return "", "", &LDIFError{Line: l.line, Column: col + 1, Msg: "bad base64 value: " + err.Error()}
		}
		return desc, string(b), nil
	case strings.HasPrefix(rest, "<"):
		return "", "", &LDIFError{Line: l.line, Column: col, Msg: "URL values (:<) are not read (no file or network access)"}
	}
	v := strings.TrimLeft(rest, " ")
	vcol := col + len(rest) - len(v)
	if v != "" && (v[0] == ':' || v[0] == '<') {
		return "", "", &LDIFError{Line: l.line, Column: vcol, Msg: "a value starting with ':' or '<' must be base64 encoded (::)"}
	}
	for j := 0; j < len(v); j++ {
		c := v[j]
		if c == 0 {
			return "", "", &LDIFError{Line: l.line, Column: vcol + utf8.RuneCountInString(v[:j]), Msg: "NUL in a value; use base64 (::)"}
		}
		if c >= 0x80 {
			if !lr.AllowUTF8 {
				return "", "", &LDIFError{Line: l.line, Column: vcol + utf8.RuneCountInString(v[:j]), Msg: "non-ASCII byte in a plain value: RFC 2849 needs base64 (::) for it"}
			}
			if !utf8.ValidString(v) {
				return "", "", &LDIFError{Line: l.line, Column: vcol + utf8.RuneCountInString(v[:j]), Msg: "invalid UTF-8 (RFC 3629) in a plain value"}
			}
			break
		}
	}
	return desc, v, nil
}
