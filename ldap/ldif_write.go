package ldap

import (
	"bufio"
	"encoding/base64"
	"fmt"
	"io"
	"strings"
)

// DefaultLDIFWidth is the line width LDIFEncoder folds at when Width is 0:
// 76 columns, as OpenLDAP's tools write.
const DefaultLDIFWidth = 76

// LDIFEncoder writes entries as RFC 2849 LDIF content records that
// ldapadd and slapadd read: a value (or DN) that is not a SAFE-STRING
// (empty values aside: one that starts with a space, ':' or '<', ends with
// a space, or holds NUL, CR, LF or a byte above 0x7F) is written base64
// encoded after "::", and lines longer than the width are folded.
type LDIFEncoder struct {
	// Width is the length at which lines are folded, in bytes (0 =
	// DefaultLDIFWidth; negative = never fold). Every line ucs writes is
	// ASCII, so bytes are columns.
	Width int
	// Version writes "version: 1" before the first record, as
	// ldapsearch -L does; without it the output is ldapsearch -LLL's.
	// ldapadd and ldapmodify take both; OpenLDAP's slapadd refuses the
	// version line.
	Version bool

	w     *bufio.Writer
	count int
	err   error
}

// NewLDIFEncoder returns an encoder writing to w; call Flush at the end.
func NewLDIFEncoder(w io.Writer) *LDIFEncoder {
	return &LDIFEncoder{w: bufio.NewWriter(w)}
}

// Encode writes one entry as a record and the blank line that ends it. It refuses a DN that is not valid (RFC 4514) and attribute
// descriptions that are not valid (RFC 4512 sec 2.5), which no reader
// would take back.
func (enc *LDIFEncoder) Encode(e *Entry) error {
	if enc.err != nil {
		return enc.err
	}
	if e.DN != "" {
		if _, err := (DNParser{RFC1485: true}).Parse(e.DN); err != nil {
			return fmt.Errorf("ldif: entry %q: the DN is not valid: %w", e.DN, err)
		}
	}
	for _, a := range e.Attributes {
		if !IsAttributeDescription(a.Type) {
			return fmt.Errorf("ldif: entry %q: %q is not an attribute description (RFC 4512 sec 2.5)", e.DN, a.Type)
		}
	}
	if enc.count == 0 && enc.Version {
		enc.w.WriteString("version: 1\n") // no blank line after it: slapadd would read one as a record without a DN
	}
	enc.count++
	enc.line("dn", e.DN)
	for _, a := range e.Attributes {
		for _, v := range a.Values {
			enc.line(a.Type, v)
		}
	}
	enc.w.WriteByte('\n')
	if _, err := enc.w.Write(nil); err != nil {
		enc.err = err
	}
	return enc.err
}

// Flush writes what is buffered.
func (enc *LDIFEncoder) Flush() error {
	if enc.err != nil {
		return enc.err
	}
	enc.err = enc.w.Flush()
	return enc.err
}

// line writes "desc: value" or "desc:: base64", folded.
func (enc *LDIFEncoder) line(desc, v string) {
	width := enc.Width
	if width == 0 {
		width = DefaultLDIFWidth
	}
	var l []byte
	l = append(l, desc...)
	if isSafeString(v) {
		l = append(l, ':', ' ')
		l = append(l, v...)
	} else {
		l = append(l, ':', ':', ' ')
		l = base64.StdEncoding.AppendEncode(l, []byte(v))
	}
	if len(l) > 0 && l[len(l)-1] == ' ' && v == "" {
		l = l[:len(l)-1] // "desc:" for an empty value
	}
	if width < 2 || len(l) <= width {
		enc.w.Write(l)
		enc.w.WriteByte('\n')
		return
	}
	// The first line holds width bytes, each continuation line a space
	// and width-1 bytes.
	enc.w.Write(l[:width])
	for rest := l[width:]; len(rest) > 0; {
		n := min(width-1, len(rest))
		enc.w.WriteString("\n ")
		enc.w.Write(rest[:n])
		rest = rest[n:]
	}
	enc.w.WriteByte('\n')
}

// isSafeString reports whether v can be written as it is: an RFC 2849
// SAFE-STRING that does not end with a space (sec 3, note 8: such values
// SHOULD be base64 encoded, and readers strip trailing spaces).
func isSafeString(v string) bool {
	if v == "" {
		return true
	}
	switch v[0] {
	case ' ', ':', '<':
		return false
	}
	if v[len(v)-1] == ' ' {
		return false
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; c == 0 || c == '\n' || c == '\r' || c >= 0x80 {
			return false
		}
	}
	return true
}

// Select returns a copy of e with only the attributes a search that
// asks for attrs returns (RFC 4511 sec 4.5.1.8): a type also selects its
// subtypes and every option of it (cn selects cn;lang-de and, with the
// standard schema, no other type; name selects cn, sn, ...); a
// description with options selects the attributes that have them all;
// "*" selects every user attribute and "+" every operational one (RFC
// 3673), "1.1" none. Attributes are kept in e's order, with e's spelling.
// No attrs at all is the same as "*". Types the schema (nil = the
// standard schema) does not know are selected only by their own name and
// by "*".
func (e *Entry) Select(s *Schema, attrs []string) *Entry {
	if s == nil {
		s = Standard()
	}
	if len(attrs) == 0 {
		attrs = []string{"*"}
	}
	out := &Entry{DN: e.DN}
	for _, a := range e.Attributes {
		if selected(s, a.Type, attrs) {
			out.Attributes = append(out.Attributes, a)
		}
	}
	return out
}

func selected(s *Schema, desc string, attrs []string) bool {
	typ, opts, _ := strings.Cut(desc, ";")
	at := s.AttributeType(typ)
	operational := at != nil && at.Usage != "" && !strings.EqualFold(at.Usage, "userApplications")
	for _, want := range attrs {
		switch want {
		case "*":
			if !operational {
				return true
			}
			continue
		case "+":
			if operational {
				return true
			}
			continue
		case "1.1":
			continue
		}
		wtyp, wopts, hasOpts := strings.Cut(want, ";")
		if hasOpts && !hasOptions(strings.Split(opts, ";"), strings.Split(wopts, ";")) {
			continue
		}
		if strings.EqualFold(typ, wtyp) {
			return true
		}
		if wt := s.AttributeType(wtyp); wt != nil && at != nil && at.IsSubtypeOf(wt) {
			return true
		}
	}
	return false
}
