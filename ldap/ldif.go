package ldap

import (
	"bufio"
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
}

// ReadLDIF reads every content record of r with the default LDIFReader.
func ReadLDIF(r io.Reader) ([]*Entry, error) { return LDIFReader{}.Read(r) }

type ldifLine struct {
	text string
	line int
}

// Read reads every content record of r. Change records with "changetype:
// add" are read as entries; other change types, controls and URL values
// ("<") are errors.
func (lr LDIFReader) Read(r io.Reader) ([]*Entry, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	var entries []*Entry
	var rec []ldifLine
	n := 0
	first := true
	flush := func() error {
		if len(rec) == 0 {
			return nil
		}
		defer func() { rec = rec[:0] }()
		if first {
			first = false
			if strings.HasPrefix(rec[0].text, "version:") {
				if strings.TrimSpace(strings.TrimPrefix(rec[0].text, "version:")) != "1" {
					return &LDIFError{Line: rec[0].line, Msg: "only LDIF version 1 exists (RFC 2849)"}
				}
				rec = rec[1:]
				if len(rec) == 0 {
					return nil
				}
			}
		}
		e, err := lr.record(rec)
		if err != nil {
			return err
		}
		entries = append(entries, e)
		if lr.MaxEntries > 0 && len(entries) > lr.MaxEntries {
			return &LDIFError{Line: rec[0].line, Msg: fmt.Sprintf("more than %d entries", lr.MaxEntries)}
		}
		return nil
	}
	inComment := false
	for sc.Scan() {
		n++
		l := strings.TrimSuffix(sc.Text(), "\r")
		switch {
		case l == "":
			inComment = false
			if err := flush(); err != nil {
				return nil, err
			}
		case l[0] == ' ':
			if inComment {
				continue // a folded comment
			}
			if len(rec) == 0 {
				return nil, &LDIFError{Line: n, Column: 1, Msg: "continuation line (starting with a space) without a line before it"}
			}
			rec[len(rec)-1].text += l[1:]
		case l[0] == '#':
			inComment = true
		default:
			inComment = false
			rec = append(rec, ldifLine{l, n})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &LDIFError{Line: n + 1, Msg: err.Error()}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return entries, nil
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
