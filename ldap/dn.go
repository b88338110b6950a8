package ldap

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/ucskit/ucs/ldap/ber"
)

// AVA is one attribute type and value of an RDN (RFC 4514 sec 2.3).
type AVA struct {
	// Type is the attribute type as written (descr or numericoid; an RFC
	// 1485 "OID." prefix is removed).
	Type string
	// Value is the value with escapes and quotes undone. For a #hexstring
	// value it is the content of the BER element and BER is set.
	Value string
	// BER holds the whole BER element of a #hexstring value, else nil.
	BER []byte
}

// RDN is a relative distinguished name: one or more AVAs.
type RDN []AVA

// DN is a distinguished name, most specific RDN first, as in its string form.
type DN []RDN

// DNParser parses DN strings. The zero value is strict RFC 4514.
type DNParser struct {
	// RFC1485 also accepts the older forms of RFC 1485 / RFC 1779: ';' as
	// RDN separator, spaces around separators and '=', quoted values
	// ("..."), "OID." prefixes and a DN wrapped in '<' '>'.
	RFC1485 bool
	// MaxLen bounds the input in bytes (0 = 64 KiB).
	MaxLen int
}

// ParseDN parses a DN in the strict RFC 4514 sec 3 grammar. Errors are
// *SyntaxError values with the byte offset and character column.
func ParseDN(s string) (DN, error) { return DNParser{}.Parse(s) }

type dnState struct {
	s       string
	pos     int
	rfc1485 bool
}

func (st *dnState) errf(off int, format string, args ...any) error {
	return newSyntaxError("DN", st.s, off, format, args...)
}

// Parse parses s.
func (p DNParser) Parse(s string) (DN, error) {
	maxLen := p.MaxLen
	if maxLen <= 0 {
		maxLen = 64 << 10
	}
	if len(s) > maxLen {
		return nil, newSyntaxError("DN", s, maxLen, "DN is longer than the limit of %d bytes", maxLen)
	}
	st := &dnState{s: s, rfc1485: p.RFC1485}
	end := len(s)
	if p.RFC1485 {
		t := strings.TrimRight(s, " ")
		lead := len(s) - len(strings.TrimLeft(s, " "))
		if lead < len(t) && t[lead] == '<' && strings.HasSuffix(t, ">") {
			st.pos = lead + 1
			end = len(t) - 1
		}
		st.skipSpaces(end)
	}
	if st.pos >= end {
		if strings.TrimSpace(s) != "" && end != len(s) && st.pos != end {
			return nil, st.errf(st.pos, "unexpected character")
		}
		return DN{}, nil
	}
	var dn DN
	for {
		var rdn RDN
		for {
			ava, err := st.ava(end)
			if err != nil {
				return nil, err
			}
			rdn = append(rdn, ava)
			if st.pos < end && st.s[st.pos] == '+' {
				st.pos++
				st.skipSpaces(end)
				continue
			}
			break
		}
		dn = append(dn, rdn)
		if st.pos >= end {
			break
		}
		c := st.s[st.pos]
		if c == ',' || (c == ';' && st.rfc1485) {
			st.pos++
			st.skipSpaces(end)
			if st.pos >= end {
				return nil, st.errf(st.pos, "expected an attribute type after %s, found the end of the DN", quote(string(c)))
			}
			continue
		}
		return nil, st.errf(st.pos, "expected ',' or '+' between attribute values, found %s", st.describe(st.pos))
	}
	return dn, nil
}

func (st *dnState) describe(off int) string {
	if off >= len(st.s) {
		return "the end of the DN"
	}
	r, n := utf8.DecodeRuneInString(st.s[off:])
	if r == utf8.RuneError && n <= 1 {
		return "the byte 0x" + hex2(st.s[off])
	}
	return quote(string(r))
}

func (st *dnState) skipSpaces(end int) {
	if !st.rfc1485 {
		return
	}
	for st.pos < end && (st.s[st.pos] == ' ' || st.s[st.pos] == '\n' || st.s[st.pos] == '\r') {
		st.pos++
	}
}

// ava reads attributeType "=" attributeValue.
func (st *dnState) ava(end int) (AVA, error) {
	s := st.s[:end]
	start := st.pos
	if st.rfc1485 && len(s)-start > 4 && strings.EqualFold(s[start:start+4], "OID.") && start+4 < len(s) && isDigit(s[start+4]) {
		start += 4
	}
	n := oidLen(s[start:])
	if n == 0 {
		return AVA{}, st.errf(start, "expected an attribute type (a name, letter first, or a numeric OID), found %s", st.describe(start))
	}
	ava := AVA{Type: s[start : start+n]}
	st.pos = start + n
	st.skipSpaces(end)
	if st.pos >= len(s) || s[st.pos] != '=' {
		return AVA{}, st.errf(st.pos, "expected '=' after the attribute type, found %s", st.describe(st.pos))
	}
	st.pos++
	st.skipSpaces(end)
	v, b, err := st.value(end)
	if err != nil {
		return AVA{}, err
	}
	ava.Value, ava.BER = v, b
	return ava, nil
}

// value reads an attributeValue up to ',', '+' (or ';' in RFC 1485 mode)
// or end: a #hexstring, a quoted string (RFC 1485 mode) or a string with
// escapes.
func (st *dnState) value(end int) (string, []byte, error) {
	s := st.s[:end]
	p := st.pos
	switch {
	case p < len(s) && s[p] == '#':
		return st.hexValue(end)
	case st.rfc1485 && p < len(s) && s[p] == '"':
		return st.quotedValue(end)
	}
	return st.plainValue(end)
}

// hexValue reads a #hexstring, which must hold exactly one BER element;
// the value is the element's content, and the raw bytes are returned too.
func (st *dnState) hexValue(end int) (string, []byte, error) {
	s := st.s[:end]
	p := st.pos
	q := p + 1
	for q+1 < len(s) && isHex(s, q) && isHex(s, q+1) {
		q += 2
	}
	if q == p+1 {
		return "", nil, st.errf(q, "expected hexadecimal digits after '#'")
	}
	if q < len(s) && isHex(s, q) {
		return "", nil, st.errf(q, "odd number of hexadecimal digits after '#'")
	}
	raw := make([]byte, (q-p-1)/2)
	for i := range raw {
		raw[i] = unhex(s[p+1+2*i])<<4 | unhex(s[p+2+2*i])
	}
	e, rest, err := ber.Read(raw, 0)
	if err != nil {
		return "", nil, st.errf(p, "the #hexstring is not one BER element: %v", err)
	}
	if len(rest) != 0 {
		return "", nil, st.errf(p+1+2*(len(raw)-len(rest)), "%d bytes after the BER element in the #hexstring", len(rest))
	}
	st.pos = q
	st.skipSpaces(end)
	if st.pos < len(s) && !st.isSep(s[st.pos]) {
		return "", nil, st.errf(st.pos, "expected ',' or '+' after the #hexstring, found %s", st.describe(st.pos))
	}
	return string(e.Content), raw, nil
}

// quotedValue reads an RFC 1485 quoted string, in which only '"' and '\'
// need escaping.
func (st *dnState) quotedValue(end int) (string, []byte, error) {
	s := st.s[:end]
	p := st.pos
	var b []byte
	q := p + 1
	for {
		if q >= len(s) {
			return "", nil, st.errf(q, "expected '\"' to close the quoted value, found the end of the DN")
		}
		c := s[q]
		if c == '"' {
			q++
			break
		}
		if c == '\\' {
			ch, n, err := st.pair(q)
			if err != nil {
				return "", nil, err
			}
			b = append(b, ch)
			q += n
			continue
		}
		if c == 0 {
			return "", nil, st.errf(q, "NUL in a value; write it as \\00")
		}
		b = append(b, c)
		q++
	}
	st.pos = q
	st.skipSpaces(end)
	if st.pos < len(s) && !st.isSep(s[st.pos]) {
		return "", nil, st.errf(st.pos, "expected ',' or '+' after the quoted value, found %s", st.describe(st.pos))
	}
	if !utf8.Valid(b) {
		return "", nil, st.errf(p, "value is not valid UTF-8 (RFC 3629)")
	}
	return string(b), nil, nil
}

// plainValue reads a string value with RFC 4514 escapes up to a
// separator or end.
func (st *dnState) plainValue(end int) (string, []byte, error) {
	s := st.s[:end]
	p := st.pos
	var b []byte
	lastEscaped := -1 // length of b after the last escaped byte
	q := p
	for q < len(s) && !st.isSep(s[q]) {
		c := s[q]
		if c == '\\' {
			ch, n, err := st.pair(q)
			if err != nil {
				return "", nil, err
			}
			b = append(b, ch)
			lastEscaped = len(b)
			q += n
			continue
		}
		n, err := st.plainChar(q, q == p)
		if err != nil {
			return "", nil, err
		}
		b = append(b, s[q:q+n]...)
		q += n
	}
	b, err := st.trailingSpaces(b, lastEscaped, q)
	if err != nil {
		return "", nil, err
	}
	if !utf8.Valid(b) {
		return "", nil, st.errf(p, "value is not valid UTF-8 (RFC 3629) after undoing its escapes")
	}
	st.pos = q
	return string(b), nil, nil
}

// plainChar checks the unescaped character at q of a string value (first
// tells whether it starts the value) and returns its length in bytes.
func (st *dnState) plainChar(q int, first bool) (int, error) {
	c := st.s[q]
	switch {
	case c == 0:
		return 0, st.errf(q, "NUL in a value; write it as \\00")
	case c == '"' || c == '<' || c == '>' || c == ';':
		return 0, st.errf(q, "%s must be escaped in a value (RFC 4514 sec 3); write \\%c", quote(string(c)), c)
	case c == ' ' && first && !st.rfc1485:
		return 0, st.errf(q, "a leading space must be escaped (RFC 4514 sec 2.4); write \\20")
	case c >= utf8.RuneSelf:
		r, n := utf8.DecodeRuneInString(st.s[q:])
		if r == utf8.RuneError && n <= 1 {
			return 0, st.errf(q, "invalid UTF-8 (RFC 3629) in the value: byte 0x%s", hex2(c))
		}
		return n, nil
	}
	return 1, nil
}

// trailingSpaces handles the unescaped spaces that end the value b (which
// ended at q; lastEscaped is b's length after its last escaped byte): an
// error in RFC 4514, dropped in RFC 1485 mode.
func (st *dnState) trailingSpaces(b []byte, lastEscaped, q int) ([]byte, error) {
	t := len(b)
	for t > 0 && t > lastEscaped && b[t-1] == ' ' {
		t--
	}
	if t == len(b) {
		return b, nil
	}
	if !st.rfc1485 {
		return nil, st.errf(q-(len(b)-t), "a trailing space must be escaped (RFC 4514 sec 2.4); write \\20")
	}
	return b[:t], nil
}

func (st *dnState) isSep(c byte) bool {
	return c == ',' || c == '+' || (c == ';' && st.rfc1485)
}

// pair reads ESC ( ESC / special / hexpair ) at q.
func (st *dnState) pair(q int) (byte, int, error) {
	s := st.s
	if isHex(s, q+1) && isHex(s, q+2) {
		return unhex(s[q+1])<<4 | unhex(s[q+2]), 3, nil
	}
	if q+1 < len(s) && strings.IndexByte("\\\"+,;<> #=", s[q+1]) >= 0 {
		return s[q+1], 2, nil
	}
	return 0, 0, st.errf(q, "bad escape: expected one of \\ \" + , ; < > space # = or two hexadecimal digits after '\\' (RFC 4514 sec 3)")
}

// String returns the RFC 4514 string form of d: attribute types as held,
// values escaped as RFC 4514 sec 2.4 requires (specials as \XX, upper
// case), #hexstring values as such.
func (d DN) String() string {
	var b []byte
	for i, rdn := range d {
		if i > 0 {
			b = append(b, ',')
		}
		for j, ava := range rdn {
			if j > 0 {
				b = append(b, '+')
			}
			b = append(b, ava.Type...)
			b = append(b, '=')
			if ava.BER != nil {
				b = append(b, '#')
				for _, c := range ava.BER {
					b = append(b, "0123456789ABCDEF"[c>>4], "0123456789ABCDEF"[c&15])
				}
				continue
			}
			b = appendDNValue(b, ava.Value)
		}
	}
	return string(b)
}

func appendDNValue(b []byte, v string) []byte {
	const hexd = "0123456789ABCDEF"
	for i := 0; i < len(v); i++ {
		c := v[i]
		esc := false
		switch {
		case strings.IndexByte("\"+,;<>\\=", c) >= 0, c == 0:
			esc = true
		case c == '#' && i == 0, c == ' ' && (i == 0 || i == len(v)-1):
			esc = true
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(v[i:])
			if r == utf8.RuneError && n <= 1 {
				esc = true
			} else {
				b = append(b, v[i:i+n]...)
				i += n - 1
				continue
			}
		}
		if esc {
			b = append(b, '\\', hexd[c>>4], hexd[c&15])
		} else {
			b = append(b, c)
		}
	}
	return b
}

// Normalize returns d with every attribute type replaced by the schema's
// first name for it and every value replaced by its normal form under the
// type's equality matching rule (RFC 4518 preparation, spaces collapsed);
// the AVAs of each RDN are sorted. #hexstring values are decoded when their
// BER tag fits the type's syntax. Unknown types, values invalid for their
// syntax and types without an equality rule are errors. A nil schema
// means the standard one.
func (d DN) Normalize(s *Schema) (DN, error) {
	if s == nil {
		s = Standard()
	}
	out := make(DN, len(d))
	for i, rdn := range d {
		nr := make(RDN, len(rdn))
		for j, ava := range rdn {
			at := s.AttributeType(ava.Type)
			if at == nil {
				return nil, &SyntaxError{What: "DN", Msg: "unknown attribute type " + quote(ava.Type)}
			}
			v := ava.Value
			syntax := at.SyntaxOID()
			if ava.BER != nil {
				var err error
				if v, err = berStringValue(ava.BER, syntax); err != nil {
					return nil, &SyntaxError{What: "DN", Msg: ava.Type + ": " + err.Error()}
				}
			}
			if sx := SyntaxByName(syntax); sx != nil {
				if _, err := sx.Validate(v, FormRFC4517); err != nil {
					return nil, &SyntaxError{What: "DN", Msg: ava.Type + ": value " + quote(v) + " is not a valid " + sx.Name + ": " + err.(*SyntaxError).Msg}
				}
			}
			r := ruleByName(at.EqualityRule())
			if r == nil {
				return nil, &SyntaxError{What: "DN", Msg: ava.Type + " has no equality matching rule, so its values cannot be compared"}
			}
			k, err := r.key(s, v)
			if err != nil {
				return nil, &SyntaxError{What: "DN", Msg: ava.Type + ": value " + quote(v) + " cannot be prepared for " + r.Name}
			}
			if r.str != nil {
				if r.str.isList {
					parts := strings.Split(k, "\x00")
					for i := range parts {
						parts[i] = strings.Join(splitSpaces(parts[i]), " ")
					}
					k = strings.Join(parts, "$")
				} else {
					k = strings.Join(splitSpaces(k), " ")
					if k == "" && v != "" {
						// Only insignificant characters: keep one (escaped) space
						// so that the normal form stays a valid value.
						k = " "
					}
				}
			}
			nr[j] = AVA{Type: at.Name(), Value: k}
		}
		sort.SliceStable(nr, func(a, b int) bool {
			la, lb := strings.ToLower(nr[a].Type), strings.ToLower(nr[b].Type)
			if la != lb {
				return la < lb
			}
			return nr[a].Value < nr[b].Value
		})
		out[i] = nr
	}
	return out, nil
}

// berStringValue decodes the content of a #hexstring value as a string of
// the syntax: the BER tag must be one of the syntax's ASN.1 string types.
func berStringValue(b []byte, syntax string) (string, error) {
	e, _, err := ber.Read(b, 0)
	if err != nil {
		return "", err
	}
	ok := false
	switch syntax {
	case syn + "15", syn + "11", syn + "44", syn + "50", syn + "36", syn + "26":
		// UTF8String, PrintableString, NumericString, IA5String; TeletexString
		// and BMP/Universal strings need conversion this code does not do.
		want := map[string][]byte{syn + "15": {0x0C, 0x13}, syn + "11": {0x13}, syn + "44": {0x13}, syn + "50": {0x13}, syn + "36": {0x12}, syn + "26": {0x16}}[syntax]
		for _, t := range want {
			ok = ok || e.Tag == t
		}
	case syn + "40", syn + "5":
		ok = e.Tag == ber.TagOctetString
	case syn + "27":
		if e.Tag == ber.TagInteger {
			v, err := ber.ReadInteger(e)
			if err != nil {
				return "", err
			}
			return big10(v), nil
		}
	case syn + "7":
		if e.Tag == ber.TagBoolean && len(e.Content) == 1 && (e.Content[0] == 0 || e.Content[0] == 0xFF) {
			return map[byte]string{0: "FALSE", 0xFF: "TRUE"}[e.Content[0]], nil
		}
	}
	if !ok {
		return "", &SyntaxError{What: "DN", Msg: "the BER tag 0x" + hex2(e.Tag) + " of the #hexstring is not a string type of syntax " + syntax}
	}
	return string(e.Content), nil
}

func big10(v int64) string {
	neg := v < 0
	u := uint64(v)
	if neg {
		u = uint64(-v)
	}
	var b []byte
	for {
		b = append([]byte{byte('0' + u%10)}, b...)
		u /= 10
		if u == 0 {
			break
		}
	}
	if neg {
		b = append([]byte{'-'}, b...)
	}
	return string(b)
}

// Equal reports whether d and e name the same entry under schema s (nil =
// the standard schema): same number of RDNs, and RDNs with the same AVAs
// under each type's equality rule. DNs that cannot be normalized are
// compared by their string forms.
func (d DN) Equal(e DN, s *Schema) bool {
	nd, err1 := d.Normalize(s)
	ne, err2 := e.Normalize(s)
	if err1 != nil || err2 != nil {
		return d.String() == e.String()
	}
	return nd.String() == ne.String()
}

// NormalizeDN parses s (RFC 4514, or with the RFC 1485 forms when
// rfc1485 is set) and returns its normalized string form under schema sc.
func NormalizeDN(s string, sc *Schema, rfc1485 bool) (string, error) {
	d, err := DNParser{RFC1485: rfc1485}.Parse(s)
	if err != nil {
		return "", err
	}
	n, err := d.Normalize(sc)
	if err != nil {
		return "", err
	}
	return n.String(), nil
}
