package ldap

import (
	"fmt"
	"strings"

	"github.com/ucskit/ucs/ldap/ber"
)

// AppendBER appends the RFC 4511 sec 4.5.1 BER encoding of f: definite,
// shortest lengths, primitive OCTET STRINGs, dnAttributes present only
// when TRUE and then encoded as 0xFF (RFC 4511 sec 5.1).
func (f *Filter) AppendBER(dst []byte) []byte {
	tag := byte(ber.ClassContext|ber.Constructed) | byte(f.Op)
	var c []byte
	switch f.Op {
	case OpAnd, OpOr, OpNot:
		for _, ch := range f.Children {
			c = ch.AppendBER(c)
		}
	case OpEqual, OpGreaterOrEqual, OpLessOrEqual, OpApprox:
		c = ber.AppendString(c, ber.TagOctetString, f.Attr)
		c = ber.AppendString(c, ber.TagOctetString, f.Value)
	case OpSubstrings:
		c = ber.AppendString(c, ber.TagOctetString, f.Attr)
		var seq []byte
		if f.Initial != "" {
			seq = ber.AppendString(seq, ber.ClassContext|0, f.Initial)
		}
		for _, a := range f.Any {
			seq = ber.AppendString(seq, ber.ClassContext|1, a)
		}
		if f.Final != "" {
			seq = ber.AppendString(seq, ber.ClassContext|2, f.Final)
		}
		c = ber.AppendTLV(c, ber.TagSequence, seq)
	case OpPresent:
		return ber.AppendString(dst, ber.ClassContext|7, f.Attr)
	case OpExtensible:
		if f.Rule != "" {
			c = ber.AppendString(c, ber.ClassContext|1, f.Rule)
		}
		if f.Attr != "" {
			c = ber.AppendString(c, ber.ClassContext|2, f.Attr)
		}
		c = ber.AppendString(c, ber.ClassContext|3, f.Value)
		if f.DNAttrs {
			c = ber.AppendBoolean(c, ber.ClassContext|4, true)
		}
	}
	return ber.AppendTLV(dst, tag, c)
}

// BER returns the RFC 4511 BER encoding of f (see AppendBER).
func (f *Filter) BER() []byte { return f.AppendBER(nil) }

// DecodeFilterBER decodes one RFC 4511 Filter that fills all of b, in the
// strict default (no RFC 4526 absolute filters); see FilterParser.DecodeBER.
func DecodeFilterBER(b []byte) (*Filter, error) { return FilterParser{}.DecodeBER(b) }

// DecodeBER decodes one RFC 4511 Filter that fills all of b. It rejects
// everything RFC 4511 does not allow: unknown or primitive/constructed
// mismatched tags, indefinite lengths, constructed strings, a BOOLEAN
// other than 0xFF, a dnAttributes FALSE that is present (a DEFAULT value
// must be absent, sec 5.1), misplaced or repeated initial/final
// substrings, empty substrings, attribute descriptions and matching rules
// that are not RFC 4512 forms, and trailing bytes. Empty and/or sets are
// accepted only with the RFC4526 dialect.
func (p FilterParser) DecodeBER(b []byte) (*Filter, error) {
	maxLen := p.MaxLen
	if maxLen <= 0 {
		maxLen = DefaultMaxFilterLen
	}
	if len(b) > maxLen {
		return nil, berErr(maxLen, "encoding is longer than the limit of %d bytes", maxLen)
	}
	maxDepth := p.MaxDepth
	if maxDepth <= 0 {
		maxDepth = DefaultMaxDepth
	}
	e, rest, err := ber.Read(b, 0)
	if err != nil {
		return nil, wrapBER(err)
	}
	if len(rest) != 0 {
		return nil, berErr(len(b)-len(rest), "%d bytes after the filter", len(rest))
	}
	return decodeFilter(e, p.Dialect, 1, maxDepth)
}

func berErr(off int, format string, args ...any) error {
	return &SyntaxError{What: "BER filter", Offset: off, Msg: fmt.Sprintf(format, args...)}
}

func wrapBER(err error) error {
	if e, ok := err.(*ber.Error); ok {
		return &SyntaxError{What: "BER filter", Offset: e.Offset, Msg: e.Msg}
	}
	return err
}

// readString reads a primitive element with the given tag.
func readString(b []byte, base int, tag byte, what string) (string, []byte, int, error) {
	e, rest, err := ber.Read(b, base)
	if err != nil {
		return "", nil, 0, wrapBER(err)
	}
	if e.Tag != tag {
		return "", nil, 0, berErr(base, "expected %s (tag 0x%02x), found tag 0x%02x", what, tag, e.Tag)
	}
	return string(e.Content), rest, base + (len(b) - len(rest)), nil
}

func decodeFilter(e ber.Element, d Dialect, depth, maxDepth int) (*Filter, error) {
	if e.Tag&0xC0 != ber.ClassContext || e.Tag&0x1F > 9 {
		return nil, berErr(e.Offset, "tag 0x%02x is not a Filter choice (context tags 0-9)", e.Tag)
	}
	op := Op(e.Tag & 0x1F)
	wantConstructed := op != OpPresent
	if e.Constructed() != wantConstructed {
		return nil, berErr(e.Offset, "%s must be %s", op, map[bool]string{true: "constructed", false: "primitive"}[wantConstructed])
	}
	f := &Filter{Op: op}
	b, base := e.Content, e.ContentOffset
	switch op {
	case OpAnd, OpOr, OpNot:
		if depth > maxDepth {
			return nil, berErr(e.Offset, "filter nests deeper than the limit of %d levels", maxDepth)
		}
		for len(b) > 0 {
			ce, rest, err := ber.Read(b, base)
			if err != nil {
				return nil, wrapBER(err)
			}
			child, err := decodeFilter(ce, d, depth+1, maxDepth)
			if err != nil {
				return nil, err
			}
			f.Children = append(f.Children, child)
			base += len(b) - len(rest)
			b = rest
		}
		if op == OpNot && len(f.Children) != 1 {
			return nil, berErr(e.Offset, "not must hold exactly one filter, found %d", len(f.Children))
		}
		if len(f.Children) == 0 && d&RFC4526 == 0 {
			return nil, berErr(e.Offset, "empty %s set (RFC 4511 SIZE (1..MAX); the RFC 4526 absolute filters need that dialect)", op)
		}
	case OpPresent:
		f.Attr = string(b)
		if !IsAttributeDescription(f.Attr) {
			return nil, berErr(base, "present: %s is not an attribute description (RFC 4512 sec 2.5)", quote(f.Attr))
		}
	case OpEqual, OpGreaterOrEqual, OpLessOrEqual, OpApprox, OpSubstrings:
		attr, rest, off, err := readString(b, base, ber.TagOctetString, "attribute description OCTET STRING")
		if err != nil {
			return nil, err
		}
		if !IsAttributeDescription(attr) {
			return nil, berErr(base, "%s is not an attribute description (RFC 4512 sec 2.5)", quote(attr))
		}
		f.Attr = attr
		if op != OpSubstrings {
			v, rest2, off2, err := readString(rest, off, ber.TagOctetString, "assertion value OCTET STRING")
			if err != nil {
				return nil, err
			}
			if len(rest2) != 0 {
				return nil, berErr(off2, "unexpected element after the assertion value")
			}
			f.Value = v
			break
		}
		se, rest2, err := ber.Read(rest, off)
		if err != nil {
			return nil, wrapBER(err)
		}
		if se.Tag != ber.TagSequence {
			return nil, berErr(off, "expected the SEQUENCE of substrings (tag 0x30), found tag 0x%02x", se.Tag)
		}
		if len(rest2) != 0 {
			return nil, berErr(off+len(rest)-len(rest2), "unexpected element after the substrings")
		}
		sb, sbase := se.Content, se.ContentOffset
		n := 0
		for len(sb) > 0 {
			pe, r, err := ber.Read(sb, sbase)
			if err != nil {
				return nil, wrapBER(err)
			}
			v := string(pe.Content)
			if v == "" {
				return nil, berErr(sbase, "empty substring")
			}
			switch pe.Tag {
			case ber.ClassContext | 0:
				if n != 0 {
					return nil, berErr(sbase, "initial substring must come first (RFC 4511 sec 4.5.1)")
				}
				f.Initial = v
			case ber.ClassContext | 1:
				if f.Final != "" {
					return nil, berErr(sbase, "any substring after the final one")
				}
				f.Any = append(f.Any, v)
			case ber.ClassContext | 2:
				if f.Final != "" {
					return nil, berErr(sbase, "more than one final substring")
				}
				f.Final = v
			default:
				return nil, berErr(sbase, "tag 0x%02x is not a substring choice (0x80 initial, 0x81 any, 0x82 final)", pe.Tag)
			}
			n++
			sbase += len(sb) - len(r)
			sb = r
		}
		if n == 0 {
			return nil, berErr(se.Offset, "substrings filter without substrings (RFC 4511 SIZE (1..MAX))")
		}
	case OpExtensible:
		last := byte(0)
		hasValue := false
		for len(b) > 0 {
			pe, r, err := ber.Read(b, base)
			if err != nil {
				return nil, wrapBER(err)
			}
			t := pe.Tag
			if t < ber.ClassContext|1 || t > ber.ClassContext|4 || t <= last {
				return nil, berErr(base, "unexpected tag 0x%02x in the extensible match (expected 0x81 rule, 0x82 type, 0x83 value, 0x84 dnAttributes, in that order)", t)
			}
			last = t
			v := string(pe.Content)
			switch t & 0x1F {
			case 1:
				if !IsOID(v) {
					return nil, berErr(base, "matching rule %s is not an OID or name (RFC 4512 sec 1.4)", quote(v))
				}
				f.Rule = v
			case 2:
				if !IsAttributeDescription(v) {
					return nil, berErr(base, "%s is not an attribute description (RFC 4512 sec 2.5)", quote(v))
				}
				f.Attr = v
			case 3:
				f.Value = v
				hasValue = true
			case 4:
				if len(pe.Content) != 1 {
					return nil, berErr(base, "dnAttributes BOOLEAN must have one content octet")
				}
				switch pe.Content[0] {
				case 0xFF:
					f.DNAttrs = true
				case 0x00:
					return nil, berErr(base, "dnAttributes FALSE must be absent (DEFAULT value, RFC 4511 sec 5.1)")
				default:
					return nil, berErr(base, "dnAttributes TRUE must be 0xFF, found 0x%02x (RFC 4511 sec 5.1)", pe.Content[0])
				}
			}
			base += len(b) - len(r)
			b = r
		}
		if !hasValue {
			return nil, berErr(e.Offset, "extensible match without a matchValue")
		}
		if f.Rule == "" && f.Attr == "" {
			return nil, berErr(e.Offset, "extensible match needs a type or a matching rule (RFC 4511 sec 4.5.1.7.7)")
		}
		if strings.EqualFold(f.Rule, "dn") && !f.DNAttrs {
			return nil, berErr(e.Offset, "a matching rule named \"dn\" without dnAttributes has no RFC 4515 string form (\":dn:=\" means dnAttributes)")
		}
	}
	return f, nil
}
