package ldap

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Op is the kind of a filter node. Its value is the context tag of the
// node's CHOICE alternative in the RFC 4511 Filter type.
type Op uint8

// The filter node kinds (RFC 4511 sec 4.5.1).
const (
	OpAnd            Op = 0 // (&...); with no children the RFC 4526 absolute TRUE
	OpOr             Op = 1 // (|...); with no children the RFC 4526 absolute FALSE
	OpNot            Op = 2 // (!...)
	OpEqual          Op = 3 // (attr=value)
	OpSubstrings     Op = 4 // (attr=ini*any*fin)
	OpGreaterOrEqual Op = 5 // (attr>=value)
	OpLessOrEqual    Op = 6 // (attr<=value)
	OpPresent        Op = 7 // (attr=*)
	OpApprox         Op = 8 // (attr~=value)
	OpExtensible     Op = 9 // (attr:dn:rule:=value)
)

var opNames = [...]string{"and", "or", "not", "equalityMatch", "substrings", "greaterOrEqual", "lessOrEqual", "present", "approxMatch", "extensibleMatch"}

// String returns the RFC 4511 name of the Filter choice.
func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return "Op(" + strconv.Itoa(int(o)) + ")"
}

// Filter is a parsed LDAP search filter: one node of the RFC 4511 Filter
// CHOICE. Values are octet strings held in Go strings; they need not be
// UTF-8 (bytes that are not are written as \hh in the string form).
type Filter struct {
	Op Op
	// Children of OpAnd and OpOr (possibly none: RFC 4526), or the single
	// child of OpNot.
	Children []*Filter
	// Attr is the attribute description as written (RFC 4512 sec 2.5);
	// for OpExtensible it may be empty.
	Attr string
	// Value is the assertion value of OpEqual, OpGreaterOrEqual,
	// OpLessOrEqual, OpApprox and OpExtensible.
	Value string
	// Initial, Any and Final are the parts of OpSubstrings; empty Initial
	// or Final means absent. Any part is never empty.
	Initial string
	Any     []string
	Final   string
	// Rule is the matching rule of OpExtensible (descr or numericoid), or "".
	Rule string
	// DNAttrs is the :dn flag of OpExtensible.
	DNAttrs bool
}

// Equal reports whether f and g are the same filter.
func (f *Filter) Equal(g *Filter) bool {
	if f == nil || g == nil {
		return f == g
	}
	if f.Op != g.Op || f.Attr != g.Attr || f.Value != g.Value || f.Initial != g.Initial ||
		f.Final != g.Final || f.Rule != g.Rule || f.DNAttrs != g.DNAttrs ||
		len(f.Any) != len(g.Any) || len(f.Children) != len(g.Children) {
		return false
	}
	for i := range f.Any {
		if f.Any[i] != g.Any[i] {
			return false
		}
	}
	for i := range f.Children {
		if !f.Children[i].Equal(g.Children[i]) {
			return false
		}
	}
	return true
}

// Dialect selects the opt-in extensions of the filter grammar. The zero
// value is strict RFC 4515. Dialects combine with |.
type Dialect uint8

const (
	// RFC4515 is the strict grammar of RFC 4515 sec 3.
	RFC4515 Dialect = 0
	// RFC1558 also accepts the legacy escapes \* \( \) \\ of RFC 1558
	// sec 2 and RFC 1960 sec 3 (a backslash before the character), as
	// OpenLDAP still does. \HH escapes keep their RFC 4515 meaning.
	RFC1558 Dialect = 1 << iota
	// RFC4526 accepts the absolute filters (&) (TRUE) and (|) (FALSE).
	RFC4526
	// OpenLDAP accepts a filter without its outer parentheses and spaces
	// between components, as OpenLDAP's libldap does.
	OpenLDAP
)

var dialectNames = []struct {
	name string
	d    Dialect
}{{"rfc1558", RFC1558}, {"rfc4526", RFC4526}, {"openldap", OpenLDAP}}

// ParseDialect reads a comma-separated list of dialect names ("rfc4515",
// "rfc1558", "rfc4526", "openldap", "all").
func ParseDialect(s string) (Dialect, error) {
	var d Dialect
	for _, part := range strings.Split(s, ",") {
		part = strings.ToLower(strings.TrimSpace(part))
		switch part {
		case "rfc4515", "strict", "":
			continue
		case "all":
			d |= RFC1558 | RFC4526 | OpenLDAP
			continue
		}
		found := false
		for _, n := range dialectNames {
			if n.name == part {
				d |= n.d
				found = true
			}
		}
		if !found {
			return 0, &SyntaxError{What: "dialect", Msg: "unknown dialect " + quote(part) + " (known: rfc4515, rfc1558, rfc4526, openldap, all)"}
		}
	}
	return d, nil
}

// String returns the comma-separated dialect names ("rfc4515" for none),
// the form ParseDialect reads.
func (d Dialect) String() string {
	if d == 0 {
		return "rfc4515"
	}
	var parts []string
	for _, n := range dialectNames {
		if d&n.d != 0 {
			parts = append(parts, n.name)
		}
	}
	return strings.Join(parts, ",")
}

// Default limits of FilterParser.
const (
	DefaultMaxDepth     = 100     // nesting of &, | and !
	DefaultMaxFilterLen = 1 << 20 // bytes of string form or BER
)

// FilterParser parses filters with a dialect and limits. The zero value
// is strict RFC 4515 with the default limits.
type FilterParser struct {
	Dialect Dialect
	// MaxDepth bounds the nesting of &, | and ! (0 = DefaultMaxDepth).
	MaxDepth int
	// MaxLen bounds the input length in bytes (0 = DefaultMaxFilterLen).
	MaxLen int
}

// ParseFilter parses a filter in the strict RFC 4515 grammar. Errors are
// *SyntaxError values giving the byte offset, character column and what
// was expected.
func ParseFilter(s string) (*Filter, error) { return FilterParser{}.Parse(s) }

// MustParseFilter is ParseFilter for filters fixed in the program text; it
// panics on error.
func MustParseFilter(s string) *Filter {
	f, err := ParseFilter(s)
	if err != nil {
		panic(err)
	}
	return f
}

// Parse parses s with p's dialect and limits.
func (p FilterParser) Parse(s string) (*Filter, error) {
	maxLen := p.MaxLen
	if maxLen <= 0 {
		maxLen = DefaultMaxFilterLen
	}
	if len(s) > maxLen {
		return nil, newSyntaxError("filter", s, maxLen, "filter is longer than the limit of %d bytes", maxLen)
	}
	st := &filterState{s: s, d: p.Dialect, maxDepth: p.MaxDepth}
	if st.maxDepth <= 0 {
		st.maxDepth = DefaultMaxDepth
	}
	f, err := st.top()
	if err != nil {
		return nil, err
	}
	return f, nil
}

type filterState struct {
	s        string
	pos      int
	d        Dialect
	maxDepth int
}

func (st *filterState) errf(off int, format string, args ...any) error {
	return newSyntaxError("filter", st.s, off, format, args...)
}

func (st *filterState) skipSpace() {
	if st.d&OpenLDAP == 0 {
		return
	}
	for st.pos < len(st.s) && (st.s[st.pos] == ' ' || st.s[st.pos] == '\t' || st.s[st.pos] == '\n' || st.s[st.pos] == '\r') {
		st.pos++
	}
}

func (st *filterState) top() (*Filter, error) {
	st.skipSpace()
	var f *Filter
	var err error
	if st.d&OpenLDAP != 0 && (st.pos >= len(st.s) || st.s[st.pos] != '(') {
		// OpenLDAP wraps a filter without parentheses in a pair.
		f, err = st.comp(1, false)
	} else {
		f, err = st.filter(1)
	}
	if err != nil {
		return nil, err
	}
	st.skipSpace()
	if st.pos != len(st.s) {
		return nil, st.errf(st.pos, "trailing characters after the filter's closing ')'")
	}
	return f, nil
}

// filter reads '(' filtercomp ')'.
func (st *filterState) filter(depth int) (*Filter, error) {
	if st.pos >= len(st.s) {
		return nil, st.errf(st.pos, "expected '(' to start a filter, found the end of the input")
	}
	if st.s[st.pos] != '(' {
		return nil, st.errf(st.pos, "expected '(' to start a filter, found %s", st.describe(st.pos))
	}
	st.pos++
	return st.comp(depth, true)
}

// describe names the character at off for messages.
func (st *filterState) describe(off int) string {
	if off >= len(st.s) {
		return "the end of the input"
	}
	r, n := utf8.DecodeRuneInString(st.s[off:])
	if r == utf8.RuneError && n <= 1 {
		return "the byte 0x" + hex2(st.s[off])
	}
	return quote(string(r))
}

func hex2(b byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[b>>4], digits[b&15]})
}

// comp reads filtercomp and, when closed, the ')' after it.
func (st *filterState) comp(depth int, closed bool) (*Filter, error) {
	if closed {
		st.skipSpace()
	}
	if st.pos < len(st.s) {
		switch c := st.s[st.pos]; c {
		case '&', '|', '!':
			if depth > st.maxDepth {
				return nil, st.errf(st.pos, "filter nests deeper than the limit of %d levels", st.maxDepth)
			}
			st.pos++
			f := &Filter{Op: OpAnd}
			if c == '|' {
				f.Op = OpOr
			}
			if c == '!' {
				st.skipSpace()
				child, err := st.filter(depth + 1)
				if err != nil {
					return nil, err
				}
				f = &Filter{Op: OpNot, Children: []*Filter{child}}
			} else {
				st.skipSpace()
				for st.pos < len(st.s) && st.s[st.pos] == '(' {
					child, err := st.filter(depth + 1)
					if err != nil {
						return nil, err
					}
					f.Children = append(f.Children, child)
					st.skipSpace()
				}
				if len(f.Children) == 0 && (st.pos >= len(st.s) || st.s[st.pos] == ')') && st.d&RFC4526 == 0 {
					return nil, st.errf(st.pos, "empty and/or list: RFC 4515 needs at least one filter after %q ((&) and (|) are the RFC 4526 absolute filters; enable that dialect to accept them)", string(c))
				}
			}
			if closed {
				if err := st.closeParen(); err != nil {
					return nil, err
				}
			}
			return f, nil
		}
	}
	f, err := st.item()
	if err != nil {
		return nil, err
	}
	if closed {
		if err := st.closeParen(); err != nil {
			return nil, err
		}
	}
	return f, nil
}

func (st *filterState) closeParen() error {
	if st.pos < len(st.s) && st.s[st.pos] == ')' {
		st.pos++
		return nil
	}
	return st.errf(st.pos, "expected ')' to close the filter, found %s", st.describe(st.pos))
}

// item reads simple / present / substring / extensible, stopping before ')'.
func (st *filterState) item() (*Filter, error) {
	s := st.s
	start := st.pos
	f := &Filter{}
	if start < len(s) && s[start] == ':' {
		f.Op = OpExtensible
		return f, st.extensible(f)
	}
	n := attrDescLen(s[start:])
	if n == 0 {
		return nil, st.errf(start, "bad attribute description: expected a name (letter first, then letters, digits, '-') or a numeric OID, with ;options, found %s", st.describe(start))
	}
	f.Attr = s[start : start+n]
	st.pos = start + n
	p := st.pos
	if p >= len(s) {
		return nil, st.errf(p, "expected filter type '=', '~=', '>=', '<=' or ':=', found the end of the input")
	}
	switch s[p] {
	case '=':
		st.pos = p + 1
		return f, st.equalityValue(f)
	case '~', '>', '<':
		if p+1 < len(s) && s[p+1] == '=' {
			st.pos = p + 2
			switch s[p] {
			case '~':
				f.Op = OpApprox
			case '>':
				f.Op = OpGreaterOrEqual
			default:
				f.Op = OpLessOrEqual
			}
			v, err := st.value()
			if err != nil {
				return nil, err
			}
			f.Value = v
			return f, nil
		}
	case ':':
		f.Op = OpExtensible
		return f, st.extensible(f)
	}
	return nil, st.errf(p, "expected filter type '=', '~=', '>=', '<=' or ':=' after the attribute description, found %s", st.describe(p))
}

// extensible reads [":dn"] [":" rule] ":=" value at a ':'.
func (st *filterState) extensible(f *Filter) error {
	s := st.s
	p := st.pos
	if len(s)-p >= 3 && strings.EqualFold(s[p:p+3], ":dn") && (p+3 == len(s) || s[p+3] == ':') {
		f.DNAttrs = true
		p += 3
	}
	if p+1 < len(s) && s[p] == ':' && s[p+1] == '=' {
		if f.Attr == "" {
			return st.errf(p, "extensible match needs an attribute description or a matching rule before ':='")
		}
	} else if p < len(s) && s[p] == ':' {
		n := oidLen(s[p+1:])
		if n == 0 {
			return st.errf(p+1, "bad matching rule: expected a name or a numeric OID, found %s", st.describe(p+1))
		}
		f.Rule = s[p+1 : p+1+n]
		p += 1 + n
	}
	if !(p+1 < len(s) && s[p] == ':' && s[p+1] == '=') {
		return st.errf(p, "expected ':=' in the extensible match, found %s", st.describe(p))
	}
	st.pos = p + 2
	v, err := st.value()
	if err != nil {
		return err
	}
	f.Value = v
	return nil
}

// equalityValue reads the value after '=': equality, present or substrings.
func (st *filterState) equalityValue(f *Filter) error {
	var parts []string
	var stars []int // offsets of the unescaped '*'
	for {
		seg, stop, err := st.valuePart(true)
		if err != nil {
			return err
		}
		parts = append(parts, string(seg))
		if !stop {
			break
		}
		stars = append(stars, st.pos-1)
	}
	if len(parts) == 1 {
		f.Op = OpEqual
		f.Value = parts[0]
		return nil
	}
	if len(parts) == 2 && parts[0] == "" && parts[1] == "" {
		f.Op = OpPresent
		return nil
	}
	f.Op = OpSubstrings
	f.Initial = parts[0]
	f.Final = parts[len(parts)-1]
	for i, a := range parts[1 : len(parts)-1] {
		if a == "" {
			// Reported at the end of the value, where the substrings end.
			return st.errf(st.pos, "empty substring between the '*' at byte %d and the one at byte %d (RFC 4511 servers reject it); remove one '*'", stars[i], stars[i+1])
		}
		f.Any = append(f.Any, a)
	}
	return nil
}

// value reads an assertion value in which an unescaped '*' is an error.
func (st *filterState) value() (string, error) {
	seg, _, err := st.valuePart(false)
	return string(seg), err
}

// valuePart reads value characters up to ')' or the end; with stars it
// also stops after an unescaped '*' (reporting stop=true).
func (st *filterState) valuePart(stars bool) (seg []byte, stop bool, err error) {
	s := st.s
	p := st.pos
	for p < len(s) {
		c := s[p]
		switch {
		case c == ')':
			st.pos = p
			return seg, false, nil
		case c == '*':
			if !stars {
				return nil, false, st.errf(p, "unescaped '*' is not allowed in this assertion value; write \\2a")
			}
			st.pos = p + 1
			return seg, true, nil
		case c == '(':
			return nil, false, st.errf(p, "expected ')' to end the value: an unescaped '(' is not allowed in a value; write \\28")
		case c == 0:
			return nil, false, st.errf(p, "expected ')' to end the value: an unescaped NUL is not allowed in a value; write \\00")
		case c == '\\':
			if isHex(s, p+1) && isHex(s, p+2) {
				seg = append(seg, unhex(s[p+1])<<4|unhex(s[p+2]))
				p += 3
				continue
			}
			if st.d&RFC1558 != 0 && p+1 < len(s) && strings.IndexByte("*()\\", s[p+1]) >= 0 {
				seg = append(seg, s[p+1])
				p += 2
				continue
			}
			return nil, false, st.errf(p, "bad escape: expected two hexadecimal digits after '\\' (RFC 4515 sec 3)")
		case c < utf8.RuneSelf:
			seg = append(seg, c)
			p++
		default:
			r, n := utf8.DecodeRuneInString(s[p:])
			if r == utf8.RuneError && n <= 1 {
				return nil, false, st.errf(p, "invalid UTF-8 (RFC 3629) in the value: byte 0x%s; write bytes that are not UTF-8 as \\hh", hex2(c))
			}
			seg = append(seg, s[p:p+n]...)
			p += n
		}
	}
	st.pos = p
	return seg, false, nil
}

func isHex(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	c := s[i]
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isKeychar(c byte) bool {
	return isAlpha(c) || isDigit(c) || c == '-'
}

// oidLen returns the length of the descr or numericoid (RFC 4512 sec 1.4)
// at the start of s, or 0.
func oidLen(s string) int {
	if s == "" {
		return 0
	}
	if isAlpha(s[0]) {
		i := 1
		for i < len(s) && isKeychar(s[i]) {
			i++
		}
		return i
	}
	return numericOIDLen(s)
}

// numericOIDLen returns the length of the numericoid at the start of s
// (number 1*( DOT number ), no leading zeros), or 0.
func numericOIDLen(s string) int {
	i := numberLen(s)
	if i == 0 {
		return 0
	}
	arcs := 1
	for i < len(s) && s[i] == '.' {
		n := numberLen(s[i+1:])
		if n == 0 {
			break
		}
		i += 1 + n
		arcs++
	}
	if arcs < 2 {
		return 0
	}
	return i
}

// numberLen: number = DIGIT / ( LDIGIT 1*DIGIT ).
func numberLen(s string) int {
	if s == "" || !isDigit(s[0]) {
		return 0
	}
	if s[0] == '0' {
		return 1
	}
	i := 1
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

// attrDescLen returns the length of the attribute description (RFC 4512
// sec 2.5: oid *( ";" option )) at the start of s, or 0.
func attrDescLen(s string) int {
	i := oidLen(s)
	if i == 0 {
		return 0
	}
	for i < len(s) && s[i] == ';' {
		j := i + 1
		for j < len(s) && isKeychar(s[j]) {
			j++
		}
		if j == i+1 {
			return 0
		}
		i = j
	}
	return i
}

// IsAttributeDescription reports whether s is an RFC 4512 sec 2.5
// attribute description.
func IsAttributeDescription(s string) bool { return s != "" && attrDescLen(s) == len(s) }

// IsOID reports whether s is an RFC 4512 oid (descr or numericoid).
func IsOID(s string) bool { return s != "" && oidLen(s) == len(s) }

// String returns the canonical RFC 4515 string form of f: attribute
// descriptions and matching rules as written, ":dn" in lower case, valid
// UTF-8 unescaped, and only NUL ( ) * \ and bytes that are not UTF-8
// escaped, as lower-case \hh. It parses back to the same filter.
func (f *Filter) String() string {
	if f == nil {
		return ""
	}
	return string(f.AppendString(nil))
}

// AppendString appends the canonical string form of f to dst.
func (f *Filter) AppendString(dst []byte) []byte {
	dst = append(dst, '(')
	switch f.Op {
	case OpAnd, OpOr, OpNot:
		dst = append(dst, "&|!"[f.Op])
		for _, c := range f.Children {
			dst = c.AppendString(dst)
		}
	case OpEqual, OpApprox, OpGreaterOrEqual, OpLessOrEqual:
		dst = append(dst, f.Attr...)
		dst = append(dst, [...]string{OpEqual: "=", OpApprox: "~=", OpGreaterOrEqual: ">=", OpLessOrEqual: "<="}[f.Op]...)
		dst = AppendEscapedFilterValue(dst, f.Value)
	case OpPresent:
		dst = append(dst, f.Attr...)
		dst = append(dst, "=*"...)
	case OpSubstrings:
		dst = append(dst, f.Attr...)
		dst = append(dst, '=')
		dst = AppendEscapedFilterValue(dst, f.Initial)
		dst = append(dst, '*')
		for _, a := range f.Any {
			dst = AppendEscapedFilterValue(dst, a)
			dst = append(dst, '*')
		}
		dst = AppendEscapedFilterValue(dst, f.Final)
	case OpExtensible:
		dst = append(dst, f.Attr...)
		if f.DNAttrs {
			dst = append(dst, ":dn"...)
		}
		if f.Rule != "" {
			dst = append(dst, ':')
			dst = append(dst, f.Rule...)
		}
		dst = append(dst, ":="...)
		dst = AppendEscapedFilterValue(dst, f.Value)
	}
	return append(dst, ')')
}

// EscapeFilterValue escapes v for use as an assertion value in a filter
// string: NUL ( ) * \ and bytes that are not UTF-8 become lower-case \hh;
// everything else is kept. It is the escaper to use when assembling a
// filter from user input.
func EscapeFilterValue(v string) string { return string(AppendEscapedFilterValue(nil, v)) }

// AppendEscapedFilterValue appends EscapeFilterValue(v) to dst.
func AppendEscapedFilterValue(dst []byte, v string) []byte {
	for i := 0; i < len(v); {
		c := v[i]
		if c < utf8.RuneSelf {
			switch c {
			case 0, '(', ')', '*', '\\':
				dst = append(dst, '\\', "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
			default:
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(v[i:])
		if r == utf8.RuneError && n <= 1 {
			dst = append(dst, '\\', "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
			i++
			continue
		}
		dst = append(dst, v[i:i+n]...)
		i += n
	}
	return dst
}

func quote(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			b.WriteString("\\x" + hex2(byte(r)))
			continue
		}
		b.WriteRune(r)
	}
	b.WriteByte('\'')
	return b.String()
}
