package ldap

import (
	"fmt"
	"strings"

	"github.com/ucskit/ucs/ldap/ber"
)

// AppendBER appends the RFC 4511 sec 4.5.1 BER encoding of f: definite,
// shortest lengths, primitive OCTET STRINGs, dnAttributes present only
// when TRUE and then encoded as 0xFF (RFC 4511 sec 5.1). It takes time and
// memory linear in the size of the encoding, whatever the depth of f: a
// first pass measures every and/or/not set from the bottom up, a second
// writes the elements in order, without recursion.
func (f *Filter) AppendBER(dst []byte) []byte {
	// nodes lists f's filters in pre-order; that is also the order in
	// which their tags appear in the encoding.
	nodes := []*Filter{}
	stack := []*Filter{f}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nodes = append(nodes, n)
		if isSet(n.Op) {
			for i := len(n.Children) - 1; i >= 0; i-- {
				stack = append(stack, n.Children[i])
			}
		}
	}
	// In reverse pre-order, a set's children have been measured when the
	// set is reached: their total sizes lie on top of sizes, first child
	// on top.
	content := make([]int, len(nodes))
	sizes := make([]int, 0, 16)
	for i := len(nodes) - 1; i >= 0; i-- {
		n := nodes[i]
		c := 0
		if isSet(n.Op) {
			k := len(n.Children)
			for j := 0; j < k; j++ {
				c += sizes[len(sizes)-1-j]
			}
			sizes = sizes[:len(sizes)-k]
		} else {
			c = leafContentLen(n)
		}
		content[i] = c
		sizes = append(sizes, tlvLen(c))
	}
	if need := sizes[0]; cap(dst)-len(dst) < need {
		dst = append(make([]byte, 0, len(dst)+need), dst...)
	}
	for i, n := range nodes {
		if isSet(n.Op) {
			dst = append(dst, byte(ber.ClassContext|ber.Constructed)|byte(n.Op))
			dst = ber.AppendLength(dst, content[i])
			continue
		}
		dst = n.appendLeafBER(dst, content[i])
	}
	return dst
}

func isSet(op Op) bool { return op == OpAnd || op == OpOr || op == OpNot }

// tlvLen is the size of an element with n content bytes and a one-byte tag.
func tlvLen(n int) int { return 1 + lengthLen(n) + n }

// lengthLen is the size of ber.AppendLength's encoding of n.
func lengthLen(n int) int {
	switch {
	case n < 0x80:
		return 1
	case n <= 0xFF:
		return 2
	case n <= 0xFFFF:
		return 3
	case n <= 0xFFFFFF:
		return 4
	default:
		return 5
	}
}

// leafContentLen is the size of the content of f, which is not a set; for
// OpPresent, whose element is primitive, it is the size of the attribute.
func leafContentLen(f *Filter) int {
	switch f.Op {
	case OpEqual, OpGreaterOrEqual, OpLessOrEqual, OpApprox:
		return tlvLen(len(f.Attr)) + tlvLen(len(f.Value))
	case OpSubstrings:
		return tlvLen(len(f.Attr)) + tlvLen(substringsLen(f))
	case OpPresent:
		return len(f.Attr)
	case OpExtensible:
		c := tlvLen(len(f.Value))
		if f.Rule != "" {
			c += tlvLen(len(f.Rule))
		}
		if f.Attr != "" {
			c += tlvLen(len(f.Attr))
		}
		if f.DNAttrs {
			c += tlvLen(1)
		}
		return c
	}
	return 0
}

// substringsLen is the size of the content of the SEQUENCE of substrings.
func substringsLen(f *Filter) int {
	n := 0
	if f.Initial != "" {
		n += tlvLen(len(f.Initial))
	}
	for _, a := range f.Any {
		n += tlvLen(len(a))
	}
	if f.Final != "" {
		n += tlvLen(len(f.Final))
	}
	return n
}

// appendLeafBER appends the element of f, which is not a set and whose
// content is c bytes long.
func (f *Filter) appendLeafBER(dst []byte, c int) []byte {
	if f.Op == OpPresent {
		return ber.AppendString(dst, ber.ClassContext|7, f.Attr)
	}
	dst = append(dst, byte(ber.ClassContext|ber.Constructed)|byte(f.Op))
	dst = ber.AppendLength(dst, c)
	switch f.Op {
	case OpEqual, OpGreaterOrEqual, OpLessOrEqual, OpApprox:
		dst = ber.AppendString(dst, ber.TagOctetString, f.Attr)
		dst = ber.AppendString(dst, ber.TagOctetString, f.Value)
	case OpSubstrings:
		dst = ber.AppendString(dst, ber.TagOctetString, f.Attr)
		dst = append(dst, ber.TagSequence)
		dst = ber.AppendLength(dst, substringsLen(f))
		if f.Initial != "" {
			dst = ber.AppendString(dst, ber.ClassContext, f.Initial) // [0] initial
		}
		for _, a := range f.Any {
			dst = ber.AppendString(dst, ber.ClassContext|1, a)
		}
		if f.Final != "" {
			dst = ber.AppendString(dst, ber.ClassContext|2, f.Final)
		}
	case OpExtensible:
		if f.Rule != "" {
			dst = ber.AppendString(dst, ber.ClassContext|1, f.Rule)
		}
		if f.Attr != "" {
			dst = ber.AppendString(dst, ber.ClassContext|2, f.Attr)
		}
		dst = ber.AppendString(dst, ber.ClassContext|3, f.Value)
		if f.DNAttrs {
			dst = ber.AppendBoolean(dst, ber.ClassContext|4, true)
		}
	}
	return dst
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

// decodeFilter decodes the Filter element e (RFC 4511 sec 4.5.1): the
// tag names the choice, and one function per shape of choice reads the
// content. depth is e's nesting level.
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
	var err error
	switch op {
	case OpAnd, OpOr, OpNot:
		err = decodeFilterSet(f, e, d, depth, maxDepth)
	case OpPresent:
		f.Attr = string(e.Content)
		if !IsAttributeDescription(f.Attr) {
			err = berErr(e.ContentOffset, "present: %s is not an attribute description (RFC 4512 sec 2.5)", quote(f.Attr))
		}
	case OpEqual, OpGreaterOrEqual, OpLessOrEqual, OpApprox, OpSubstrings:
		err = decodeAttributeAssertion(f, e.Content, e.ContentOffset)
	case OpExtensible:
		err = decodeExtensible(f, e)
	}
	if err != nil {
		return nil, err
	}
	return f, nil
}

// decodeFilterSet reads the filters of an and, or or not into f.Children.
func decodeFilterSet(f *Filter, e ber.Element, d Dialect, depth, maxDepth int) error {
	if depth > maxDepth {
		return berErr(e.Offset, "filter nests deeper than the limit of %d levels", maxDepth)
	}
	b, base := e.Content, e.ContentOffset
	for len(b) > 0 {
		ce, rest, err := ber.Read(b, base)
		if err != nil {
			return wrapBER(err)
		}
		child, err := decodeFilter(ce, d, depth+1, maxDepth)
		if err != nil {
			return err
		}
		f.Children = append(f.Children, child)
		base += len(b) - len(rest)
		b = rest
	}
	if f.Op == OpNot && len(f.Children) != 1 {
		return berErr(e.Offset, "not must hold exactly one filter, found %d", len(f.Children))
	}
	if len(f.Children) == 0 && d&RFC4526 == 0 {
		return berErr(e.Offset, "empty %s set (RFC 4511 SIZE (1..MAX); the RFC 4526 absolute filters need that dialect)", f.Op)
	}
	return nil
}

// decodeAttributeAssertion reads the attribute description of an
// equality, ordering, approximate or substrings filter, then its
// assertion value or its substrings.
func decodeAttributeAssertion(f *Filter, b []byte, base int) error {
	attr, rest, off, err := readString(b, base, ber.TagOctetString, "attribute description OCTET STRING")
	if err != nil {
		return err
	}
	if !IsAttributeDescription(attr) {
		return berErr(base, "%s is not an attribute description (RFC 4512 sec 2.5)", quote(attr))
	}
	f.Attr = attr
	if f.Op == OpSubstrings {
		return decodeSubstrings(f, rest, off)
	}
	v, rest2, off2, err := readString(rest, off, ber.TagOctetString, "assertion value OCTET STRING")
	if err != nil {
		return err
	}
	if len(rest2) != 0 {
		return berErr(off2, "unexpected element after the assertion value")
	}
	f.Value = v
	return nil
}

// decodeSubstrings reads the SEQUENCE of substrings at the start of b
// (at offset off): an optional initial one first, any ones, an optional
// final one last.
func decodeSubstrings(f *Filter, b []byte, off int) error {
	se, rest, err := ber.Read(b, off)
	if err != nil {
		return wrapBER(err)
	}
	if se.Tag != ber.TagSequence {
		return berErr(off, "expected the SEQUENCE of substrings (tag 0x30), found tag 0x%02x", se.Tag)
	}
	if len(rest) != 0 {
		return berErr(off+len(b)-len(rest), "unexpected element after the substrings")
	}
	sb, sbase := se.Content, se.ContentOffset
	n := 0
	for len(sb) > 0 {
		pe, r, err := ber.Read(sb, sbase)
		if err != nil {
			return wrapBER(err)
		}
		if err := f.addSubstring(pe, n, sbase); err != nil {
			return err
		}
		n++
		sbase += len(sb) - len(r)
		sb = r
	}
	if n == 0 {
		return berErr(se.Offset, "substrings filter without substrings (RFC 4511 SIZE (1..MAX))")
	}
	return nil
}

// addSubstring adds the substring element pe, the n-th of its filter, at
// offset base.
func (f *Filter) addSubstring(pe ber.Element, n, base int) error {
	v := string(pe.Content)
	if v == "" {
		return berErr(base, "empty substring")
	}
	switch pe.Tag {
	case ber.ClassContext: // [0] initial
		if n != 0 {
			return berErr(base, "initial substring must come first (RFC 4511 sec 4.5.1)")
		}
		f.Initial = v
	case ber.ClassContext | 1:
		if f.Final != "" {
			return berErr(base, "any substring after the final one")
		}
		f.Any = append(f.Any, v)
	case ber.ClassContext | 2:
		if f.Final != "" {
			return berErr(base, "more than one final substring")
		}
		f.Final = v
	default:
		return berErr(base, "tag 0x%02x is not a substring choice (0x80 initial, 0x81 any, 0x82 final)", pe.Tag)
	}
	return nil
}

// decodeExtensible reads a MatchingRuleAssertion: its optional rule and
// type, its value and its dnAttributes flag, each at most once and in
// that order, then checks that they make a filter.
func decodeExtensible(f *Filter, e ber.Element) error {
	b, base := e.Content, e.ContentOffset
	last := byte(0)
	hasValue := false
	for len(b) > 0 {
		pe, r, err := ber.Read(b, base)
		if err != nil {
			return wrapBER(err)
		}
		t := pe.Tag
		if t < ber.ClassContext|1 || t > ber.ClassContext|4 || t <= last {
			return berErr(base, "unexpected tag 0x%02x in the extensible match (expected 0x81 rule, 0x82 type, 0x83 value, 0x84 dnAttributes, in that order)", t)
		}
		last = t
		if err := f.addExtensibleField(pe, base); err != nil {
			return err
		}
		hasValue = hasValue || t&0x1F == 3
		base += len(b) - len(r)
		b = r
	}
	if !hasValue {
		return berErr(e.Offset, "extensible match without a matchValue")
	}
	if f.Rule == "" && f.Attr == "" {
		return berErr(e.Offset, "extensible match needs a type or a matching rule (RFC 4511 sec 4.5.1.7.7)")
	}
	if strings.EqualFold(f.Rule, "dn") && !f.DNAttrs {
		return berErr(e.Offset, "a matching rule named \"dn\" without dnAttributes has no RFC 4515 string form (\":dn:=\" means dnAttributes)")
	}
	return nil
}

// addExtensibleField sets the field of f that the MatchingRuleAssertion
// element pe (tag 0x81 to 0x84, at offset base) carries.
func (f *Filter) addExtensibleField(pe ber.Element, base int) error {
	v := string(pe.Content)
	switch pe.Tag & 0x1F {
	case 1:
		if !IsOID(v) {
			return berErr(base, "matching rule %s is not an OID or name (RFC 4512 sec 1.4)", quote(v))
		}
		f.Rule = v
	case 2:
		if !IsAttributeDescription(v) {
			return berErr(base, "%s is not an attribute description (RFC 4512 sec 2.5)", quote(v))
		}
		f.Attr = v
	case 3:
		f.Value = v
	case 4:
		if len(pe.Content) != 1 {
			return berErr(base, "dnAttributes BOOLEAN must have one content octet")
		}
		switch pe.Content[0] {
		case 0xFF:
			f.DNAttrs = true
		case 0x00:
			return berErr(base, "dnAttributes FALSE must be absent (DEFAULT value, RFC 4511 sec 5.1)")
		default:
			return berErr(base, "dnAttributes TRUE must be 0xFF, found 0x%02x (RFC 4511 sec 5.1)", pe.Content[0])
		}
	}
	return nil
}
