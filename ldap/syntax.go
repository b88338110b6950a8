package ldap

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Form names the string representation a value was read in.
type Form string

const (
	// FormRFC4517 is the modern form: RFC 4517 sec 3.3 (RFC 2252 sec 6
	// for the syntaxes RFC 4517 dropped: Mail Preference, Presentation
	// Address).
	FormRFC4517 Form = "rfc4517"
	// FormRFC1488 is the form of RFC 1488 sec 2 (LDAPv2).
	FormRFC1488 Form = "rfc1488"
	// FormAny accepts either form, trying FormRFC4517 first.
	FormAny Form = ""
)

// Syntax is an LDAP attribute syntax with validators for its string forms.
type Syntax struct {
	OID  string // numeric OID, or "" for the RFC 1488 forms that have none (the lists)
	Name string
	// Sections names where the forms are defined.
	Sections string
	v4517    func(v string) error // nil: no modern string form
	v1488    func(v string) error // nil: RFC 1488 does not define the syntax
}

// HasForm reports whether the syntax defines string form f.
func (x *Syntax) HasForm(f Form) bool {
	switch f {
	case FormRFC4517:
		return x.v4517 != nil
	case FormRFC1488:
		return x.v1488 != nil
	}
	return x.v4517 != nil || x.v1488 != nil
}

// Validate checks v against form f of the syntax (FormAny: the modern
// form, then RFC 1488) and returns the form it matched. Errors are
// *SyntaxError values naming the offset and what is wrong; with FormAny
// the error is the modern form's.
func (x *Syntax) Validate(v string, f Form) (Form, error) {
	switch f {
	case FormRFC4517, FormRFC1488:
		fn := x.v4517
		if f == FormRFC1488 {
			fn = x.v1488
		}
		if fn == nil {
			return "", &SyntaxError{What: x.Name, Msg: "the syntax has no " + string(f) + " string form"}
		}
		if err := fn(v); err != nil {
			return "", x.wrap(v, err)
		}
		return f, nil
	}
	var first error
	if x.v4517 != nil {
		if err := x.v4517(v); err == nil {
			return FormRFC4517, nil
		} else {
			first = x.wrap(v, err)
		}
	}
	if x.v1488 != nil {
		if err := x.v1488(v); err == nil {
			return FormRFC1488, nil
		} else if first == nil {
			first = x.wrap(v, err)
		}
	}
	if first == nil {
		first = &SyntaxError{What: x.Name, Msg: "the syntax has no string form"}
	}
	return "", first
}

func (x *Syntax) wrap(v string, err error) error {
	if e, ok := err.(*valErr); ok {
		return newSyntaxError(x.Name, v, e.off, "%s", e.msg)
	}
	if e, ok := err.(*SyntaxError); ok {
		c := *e
		c.What = x.Name
		return &c
	}
	return newSyntaxError(x.Name, v, 0, "%v", err)
}

// valErr is a validator's fault: offset in the value and message.
type valErr struct {
	off int
	msg string
}

func (e *valErr) Error() string { return e.msg }

func bad(off int, msg string) error { return &valErr{off, msg} }

// shift moves an error from a part of a value to the whole value.
func shift(err error, by int) error {
	switch e := err.(type) {
	case *valErr:
		return &valErr{e.off + by, e.msg}
	case *SyntaxError:
		return &valErr{e.Offset + by, e.Msg}
	}
	return err
}

// The syntaxes and their index by OID and name are built on first use, so
// that a program that never validates a value does not pay for them at
// start.
var (
	syntaxOnce  sync.Once
	syntaxes    []*Syntax
	syntaxByKey map[string]*Syntax
)

func addSyntax(n int, name, sections string, v4517, v1488 func(string) error) {
	x := &Syntax{Name: name, Sections: sections, v4517: v4517, v1488: v1488}
	if n > 0 {
		x.OID = syn + strconv.Itoa(n)
		syntaxByKey[x.OID] = x
	}
	syntaxes = append(syntaxes, x)
	syntaxByKey[normName(name)] = x
}

// normName drops spaces, hyphens and underscores and lowers the rest.
func normName(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '-', '_':
		default:
			b = append(b, c)
		}
	}
	return strings.ToLower(string(b))
}

// SyntaxByName returns the syntax with that OID or name (any case, spaces
// and hyphens ignored: "Directory String", "directorystring"), or nil.
func SyntaxByName(s string) *Syntax {
	syntaxOnce.Do(buildSyntaxes)
	if x := syntaxByKey[s]; x != nil {
		return x
	}
	return syntaxByKey[normName(s)]
}

// Syntaxes returns every syntax known to the package.
func Syntaxes() []*Syntax {
	syntaxOnce.Do(buildSyntaxes)
	return syntaxes
}

func buildSyntaxes() {
	syntaxByKey = map[string]*Syntax{}
	same := func(f func(string) error) (func(string) error, func(string) error) { return f, f }
	a, b := same(validBitString)
	addSyntax(6, "Bit String", "RFC 4517 sec 3.3.2", a, nil)
	_ = b
	a, b = same(validBoolean)
	addSyntax(7, "Boolean", "RFC 4517 sec 3.3.3; RFC 1488 sec 2.13", a, b)
	addSyntax(8, "Certificate", "RFC 4523 sec 2.1 (binary only); RFC 1488 sec 2.25", nil, validCertificate1488)
	addSyntax(9, "Certificate List", "RFC 4523 sec 2.2 (binary only); RFC 1488 sec 2.27", nil, validCertList1488)
	addSyntax(10, "Certificate Pair", "RFC 4523 sec 2.3 (binary only); RFC 1488 sec 2.29", nil, validCertPair1488)
	addSyntax(11, "Country String", "RFC 4517 sec 3.3.4", validCountry, nil)
	addSyntax(12, "DN", "RFC 4517 sec 3.3.9 (RFC 4514); RFC 1488 sec 2.12 (RFC 1485)", validDN4514, validDN1485)
	addSyntax(14, "Delivery Method", "RFC 4517 sec 3.3.5; RFC 1488 sec 2.30", validDelivery4517, validDelivery1488)
	addSyntax(15, "Directory String", "RFC 4517 sec 3.3.6; RFC 1488 sec 2.2/2.3/2.9 (case ignore, case exact, T.61 strings)", validDirectoryString, validOctets1)
	addSyntax(21, "Enhanced Guide", "RFC 4517 sec 3.3.10", validEnhancedGuide, nil)
	a, b = same(validFax)
	addSyntax(22, "Facsimile Telephone Number", "RFC 4517 sec 3.3.11; RFC 1488 sec 2.19", a, b)
	addSyntax(23, "Fax", "RFC 4517 sec 3.3.12 (binary); RFC 1488 sec 2.35", validOctets, validOctets)
	addSyntax(24, "Generalized Time", "RFC 4517 sec 3.3.13", validGeneralizedTime, nil)
	addSyntax(25, "Guide", "RFC 4517 sec 3.3.14; RFC 1488 sec 2.22", validGuide4517, validGuide1488)
	a, b = same(validIA5)
	addSyntax(26, "IA5 String", "RFC 4517 sec 3.3.15; RFC 1488 sec 2.7/2.8", a, b)
	a, b = same(validInteger)
	addSyntax(27, "INTEGER", "RFC 4517 sec 3.3.16; RFC 1488 sec 2.14", a, b)
	addSyntax(28, "JPEG", "RFC 4517 sec 3.3.17; RFC 1488 sec 2.34 (Photo)", validJPEG, validJPEG)
	addSyntax(32, "Mail Preference", "RFC 2252 sec 6.22; RFC 1488 sec 2.32", validMailPreference, validMailPreference)
	addSyntax(34, "Name And Optional UID", "RFC 4517 sec 3.3.21", validNameAndOptionalUID, nil)
	a, b = same(validNumeric)
	addSyntax(36, "Numeric String", "RFC 4517 sec 3.3.23; RFC 1488 sec 2.5", a, b)
	addSyntax(38, "OID", "RFC 4517 sec 3.3.26 (RFC 4512 sec 1.4); RFC 1488 sec 2.15", validOID4517, validOID1488)
	a, b = same(validOtherMailbox)
	addSyntax(39, "Other Mailbox", "RFC 4517 sec 3.3.27; RFC 1488 sec 2.31", a, b)
	addSyntax(40, "Octet String", "RFC 4517 sec 3.3.25; RFC 1488 sec 2.6/2.24", validOctets, validOctets)
	addSyntax(41, "Postal Address", "RFC 4517 sec 3.3.28; RFC 1488 sec 2.23", validPostal4517, validPostal1488)
	a, b = same(validPresentationAddress)
	addSyntax(43, "Presentation Address", "RFC 2252 sec 6.28 (RFC 1278); RFC 1488 sec 2.20", a, b)
	a, b = same(validPrintable)
	addSyntax(44, "Printable String", "RFC 4517 sec 3.3.29; RFC 1488 sec 2.4", a, b)
	a, b = same(validPrintable)
	addSyntax(50, "Telephone Number", "RFC 4517 sec 3.3.31; RFC 1488 sec 2.16", a, b)
	addSyntax(51, "Teletex Terminal Identifier", "RFC 4517 sec 3.3.32; RFC 1488 sec 2.18", validTeletex4517, validTeletex1488)
	a, b = same(validTelex)
	addSyntax(52, "Telex Number", "RFC 4517 sec 3.3.33; RFC 1488 sec 2.17", a, b)
	a, b = same(validUTCTime)
	addSyntax(53, "UTC Time", "RFC 4517 sec 3.3.34; RFC 1488 sec 2.21", a, b)
	addSyntax(58, "Substring Assertion", "RFC 4517 sec 3.3.30", validSubstringAssertion, nil)
	for _, d := range []struct {
		n    int
		name string
	}{{3, "Attribute Type Description"}, {16, "DIT Content Rule Description"}, {17, "DIT Structure Rule Description"},
		{30, "Matching Rule Description"}, {31, "Matching Rule Use Description"}, {35, "Name Form Description"},
		{37, "Object Class Description"}, {54, "LDAP Syntax Description"}} {
		addSyntax(d.n, d.name, "RFC 4517 sec 3.3 (RFC 4512 sec 4.1)", validSchemaDescription, nil)
	}
	addSyntax(5, "Binary", "RFC 2252 sec 6.5 (binary)", validOctets, nil)
	addSyntax(0, "Case Ignore List", "RFC 1488 sec 2.10", nil, validList1488)
	addSyntax(0, "Case Exact List", "RFC 1488 sec 2.11", nil, validList1488)
}

// --- character classes

func isPrintableChar(c byte) bool {
	return isAlpha(c) || isDigit(c) || strings.IndexByte("'()+,-./:=? ", c) >= 0
}

func isPrintableString(s string) bool { return s != "" && printableBad(s) < 0 }

func printableBad(s string) int {
	for i := 0; i < len(s); i++ {
		if !isPrintableChar(s[i]) {
			return i
		}
	}
	return -1
}

func isIA5String(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func isNumericString(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) && s[i] != ' ' {
			return false
		}
	}
	return true
}

func isInteger(s string) bool { return validInteger(s) == nil }

func isBitString(s string) bool { return validBitString(s) == nil }

// --- validators

func validOctets(string) error { return nil }

func validOctets1(v string) error {
	if v == "" {
		return bad(0, "empty value (at least one character)")
	}
	return nil
}

func validBoolean(v string) error {
	if v == "TRUE" || v == "FALSE" {
		return nil
	}
	return bad(0, "expected TRUE or FALSE (upper case)")
}

func validInteger(v string) error {
	i := 0
	if v == "" {
		return bad(0, "empty value: expected a decimal integer")
	}
	if v[0] == '-' {
		i = 1
		if len(v) == 1 {
			return bad(1, "expected a digit after '-'")
		}
		if v[1] == '0' {
			return bad(1, "a negative integer cannot start with 0")
		}
	}
	if v[i] == '0' && len(v) > i+1 {
		return bad(i, "leading zero (the integer 0 is written 0, others without leading zeros)")
	}
	for j := i; j < len(v); j++ {
		if !isDigit(v[j]) {
			return bad(j, "expected a decimal digit")
		}
	}
	return nil
}

func validBitString(v string) error {
	if len(v) < 3 || v[0] != '\'' {
		return bad(0, "expected ' to start the bit string ('0101'B)")
	}
	for i := 1; i < len(v); i++ {
		switch v[i] {
		case '0', '1':
		case '\'':
			if v[i+1:] != "B" {
				return bad(i+1, "expected B after the closing '")
			}
			return nil
		default:
			return bad(i, "expected a binary digit 0 or 1")
		}
	}
	return bad(len(v), "expected the closing 'B")
}

func validCountry(v string) error {
	if len(v) != 2 {
		return bad(0, "expected exactly two PrintableString characters (an ISO 3166 code)")
	}
	if i := printableBad(v); i >= 0 {
		return bad(i, "not a PrintableString character")
	}
	return nil
}

func validDN4514(v string) error {
	_, err := ParseDN(v)
	return err
}

func validDN1485(v string) error {
	_, err := DNParser{RFC1485: true}.Parse(v)
	return err
}

var pdms = []string{"any", "mhs", "physical", "telex", "teletex", "g3fax", "g4fax", "ia5", "videotex", "telephone"}

func validDelivery(v string, spaces bool) error {
	if v == "" {
		return bad(0, "empty value: expected a delivery method (any, mhs, physical, ...)")
	}
	off := 0
	for _, part := range strings.Split(v, "$") {
		p := part
		lead := 0
		if spaces {
			lead = len(p) - len(strings.TrimLeft(p, " "))
			p = strings.Trim(p, " ")
		}
		found := false
		for _, m := range pdms {
			found = found || p == m
		}
		if !found {
			return bad(off+lead, "expected a delivery method: any, mhs, physical, telex, teletex, g3fax, g4fax, ia5, videotex or telephone")
		}
		off += len(part) + 1
	}
	return nil
}

func validDelivery4517(v string) error { return validDelivery(v, true) }
func validDelivery1488(v string) error { return validDelivery(v, false) }

func validDirectoryString(v string) error {
	if v == "" {
		return bad(0, "empty value (a Directory String has at least one character)")
	}
	return validUTF8(v)
}

func validUTF8(v string) error {
	for i := 0; i < len(v); {
		r, n := utf8.DecodeRuneInString(v[i:])
		if r == utf8.RuneError && n <= 1 {
			return bad(i, "invalid UTF-8 (RFC 3629)")
		}
		i += n
	}
	return nil
}

var faxParams = []string{"twoDimensional", "fineResolution", "unlimitedLength", "b4Length", "a3Width", "b4Width", "uncompressed"}

func validFax(v string) error {
	parts := strings.Split(v, "$")
	if !isPrintableString(parts[0]) {
		if parts[0] == "" {
			return bad(0, "empty telephone number")
		}
		return bad(printableBad(parts[0]), "not a PrintableString character in the telephone number")
	}
	off := len(parts[0]) + 1
	for _, p := range parts[1:] {
		found := false
		for _, f := range faxParams {
			found = found || p == f
		}
		if !found {
			return bad(off, "expected a fax parameter: twoDimensional, fineResolution, unlimitedLength, b4Length, a3Width, b4Width or uncompressed")
		}
		off += len(p) + 1
	}
	return nil
}

func digitsAt(v string, i, n int) (int, bool) {
	if i+n > len(v) {
		return 0, false
	}
	x := 0
	for j := i; j < i+n; j++ {
		if !isDigit(v[j]) {
			return 0, false
		}
		x = x*10 + int(v[j]-'0')
	}
	return x, true
}

// parseGeneralizedTime validates RFC 4517 sec 3.3.13 and returns a key
// that orders like the instant (UTC, fraction normalized).
func parseGeneralizedTime(v string) (string, error) {
	yr, ok := digitsAt(v, 0, 4)
	if !ok {
		return "", bad(0, "expected a four-digit year")
	}
	mo, ok := digitsAt(v, 4, 2)
	if !ok || mo < 1 || mo > 12 {
		return "", bad(4, "expected a month 01-12")
	}
	dy, ok := digitsAt(v, 6, 2)
	if !ok || dy < 1 || dy > 31 {
		return "", bad(6, "expected a day 01-31")
	}
	hr, ok := digitsAt(v, 8, 2)
	if !ok || hr > 23 {
		return "", bad(8, "expected an hour 00-23")
	}
	i := 10
	mi, se := 0, 0
	unit := 3600.0 // seconds per unit of the last field, for the fraction
	if m, ok := digitsAt(v, i, 2); ok {
		if m > 59 {
			return "", bad(i, "expected a minute 00-59")
		}
		mi, i, unit = m, i+2, 60
		if s, ok := digitsAt(v, i, 2); ok {
			if s > 60 {
				return "", bad(i, "expected a second 00-60")
			}
			se, i, unit = s, i+2, 1
		}
	}
	frac := 0.0
	if i < len(v) && (v[i] == '.' || v[i] == ',') {
		j := i + 1
		for j < len(v) && isDigit(v[j]) {
			j++
		}
		if j == i+1 {
			return "", bad(j, "expected digits after the decimal mark")
		}
		f, _ := strconv.ParseFloat("0."+v[i+1:j], 64)
		frac = f * unit
		i = j
	}
	if i >= len(v) {
		return "", bad(i, "expected a time zone: Z or +hhmm / -hhmm")
	}
	off := 0
	switch v[i] {
	case 'Z':
		i++
	case '+', '-':
		h, ok := digitsAt(v, i+1, 2)
		if !ok || h > 23 {
			return "", bad(i+1, "expected a time zone hour 00-23")
		}
		m := 0
		j := i + 3
		if mm, ok := digitsAt(v, j, 2); ok {
			if mm > 59 {
				return "", bad(j, "expected a time zone minute 00-59")
			}
			m, j = mm, j+2
		}
		off = h*60 + m
		if v[i] == '-' {
			off = -off
		}
		i = j
	default:
		return "", bad(i, "expected a time zone: Z or +hhmm / -hhmm")
	}
	if i != len(v) {
		return "", bad(i, "unexpected characters after the time zone")
	}
	// Key: seconds since year 0 in UTC (approximate calendar math is
	// enough for ordering), with nanoseconds.
	days := daysFromCivil(yr, mo, dy)
	secs := int64(days)*86400 + int64(hr)*3600 + int64(mi)*60 + int64(se) - int64(off)*60
	nanos := int64(frac * 1e9)
	secs += nanos / 1e9
	nanos %= 1e9
	return strconv.FormatInt(secs+1<<40, 10) + "." + strconv.FormatInt(nanos+1e9, 10)[1:], nil
}

// daysFromCivil counts days from 0000-03-01 (proleptic Gregorian).
func daysFromCivil(y, m, d int) int {
	if m <= 2 {
		y--
	}
	era := y / 400
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe
}

func validGeneralizedTime(v string) error {
	_, err := parseGeneralizedTime(v)
	return err
}

func validUTCTime(v string) error {
	for _, f := range []struct {
		at, lo, hi int
		what       string
	}{{0, 0, 99, "a two-digit year"}, {2, 1, 12, "a month 01-12"}, {4, 1, 31, "a day 01-31"}, {6, 0, 23, "an hour 00-23"}, {8, 0, 59, "a minute 00-59"}} {
		x, ok := digitsAt(v, f.at, 2)
		if !ok || x < f.lo || x > f.hi {
			return bad(f.at, "expected "+f.what)
		}
	}
	i := 10
	if s, ok := digitsAt(v, i, 2); ok {
		if s > 59 {
			return bad(i, "expected a second 00-59")
		}
		i += 2
	}
	if i == len(v) {
		return nil
	}
	switch v[i] {
	case 'Z':
		i++
	case '+', '-':
		h, ok1 := digitsAt(v, i+1, 2)
		m, ok2 := digitsAt(v, i+3, 2)
		if !ok1 || !ok2 || h > 23 || m > 59 {
			return bad(i+1, "expected a time zone offset hhmm")
		}
		i += 5
	default:
		return bad(i, "expected a time zone: Z or +hhmm / -hhmm")
	}
	if i != len(v) {
		return bad(i, "unexpected characters after the time zone")
	}
	return nil
}

// guideParser reads RFC 4517 sec 3.3.14 criteria.
type guideParser struct {
	s      string
	p      int
	legacy bool // RFC 1488: no ?true / ?false
}

func (g *guideParser) criteria(depth int) error {
	if depth > 64 {
		return bad(g.p, "criteria nest too deeply")
	}
	for {
		if err := g.andTerm(depth); err != nil {
			return err
		}
		if g.p < len(g.s) && g.s[g.p] == '|' {
			g.p++
			continue
		}
		return nil
	}
}

func (g *guideParser) andTerm(depth int) error {
	for {
		if err := g.term(depth); err != nil {
			return err
		}
		if g.p < len(g.s) && g.s[g.p] == '&' {
			g.p++
			continue
		}
		return nil
	}
}

func (g *guideParser) term(depth int) error {
	s := g.s
	if g.p >= len(s) {
		return bad(g.p, "expected a criteria term, found the end of the value")
	}
	switch {
	case s[g.p] == '!':
		g.p++
		return g.term(depth + 1)
	case s[g.p] == '(':
		g.p++
		if err := g.criteria(depth + 1); err != nil {
			return err
		}
		if g.p >= len(s) || s[g.p] != ')' {
			return bad(g.p, "expected ')'")
		}
		g.p++
		return nil
	case !g.legacy && strings.HasPrefix(s[g.p:], "?true"):
		g.p += 5
		return nil
	case !g.legacy && strings.HasPrefix(s[g.p:], "?false"):
		g.p += 6
		return nil
	}
	n := oidLen(s[g.p:])
	if n == 0 {
		return bad(g.p, "expected an attribute type, '(', '!', ?true or ?false")
	}
	g.p += n
	if g.p >= len(s) || s[g.p] != '$' {
		return bad(g.p, "expected '$' and a match type after the attribute type")
	}
	g.p++
	for _, m := range []string{"SUBSTR", "APPROX", "EQ", "GE", "LE"} {
		if strings.HasPrefix(s[g.p:], m) {
			g.p += len(m)
			if g.p < len(s) && isAlpha(s[g.p]) {
				return bad(g.p-len(m), "expected a match type: EQ, SUBSTR, GE, LE or APPROX")
			}
			return nil
		}
	}
	return bad(g.p, "expected a match type: EQ, SUBSTR, GE, LE or APPROX")
}

func validGuideWith(v string, legacy bool) error {
	crit, off := v, 0
	if i := strings.IndexByte(v, '#'); i >= 0 {
		oc := strings.Trim(v[:i], " ")
		if !validOIDForm(oc, legacy) {
			return bad(0, "expected an object class OID before '#'")
		}
		crit, off = v[i+1:], i+1
	}
	g := &guideParser{s: crit, legacy: legacy}
	if err := g.criteria(0); err != nil {
		return shift(err, off)
	}
	if g.p != len(crit) {
		return bad(off+g.p, "unexpected characters after the criteria")
	}
	return nil
}

func validGuide4517(v string) error { return validGuideWith(v, false) }
func validGuide1488(v string) error { return validGuideWith(v, true) }

func validEnhancedGuide(v string) error {
	parts := strings.Split(v, "#")
	if len(parts) != 3 {
		return bad(0, "expected object-class # criteria # subset")
	}
	if !IsOID(strings.Trim(parts[0], " ")) {
		return bad(0, "expected an object class OID")
	}
	crit := strings.Trim(parts[1], " ")
	lead := len(parts[0]) + 1 + len(parts[1]) - len(strings.TrimLeft(parts[1], " "))
	g := &guideParser{s: crit}
	if err := g.criteria(0); err != nil {
		return shift(err, lead)
	}
	if g.p != len(crit) {
		return bad(lead+g.p, "unexpected characters after the criteria")
	}
	sub := strings.Trim(parts[2], " ")
	if sub != "baseObject" && sub != "oneLevel" && sub != "wholeSubtree" {
		return bad(len(parts[0])+len(parts[1])+2, "expected the subset: baseObject, oneLevel or wholeSubtree")
	}
	return nil
}

func validIA5(v string) error {
	for i := 0; i < len(v); i++ {
		if v[i] >= 0x80 {
			return bad(i, "not an IA5 (ASCII) character")
		}
	}
	return nil
}

func validJPEG(v string) error {
	if !strings.HasPrefix(v, "\xff\xd8\xff") {
		return bad(0, "not a JPEG/JFIF image (it must start with the SOI marker FF D8 FF)")
	}
	return nil
}

func validMailPreference(v string) error {
	switch v {
	case "NO-LISTS", "ANY-LIST", "PROFESSIONAL-LISTS":
		return nil
	}
	return bad(0, "expected NO-LISTS, ANY-LIST or PROFESSIONAL-LISTS")
}

func validNameAndOptionalUID(v string) error {
	dn := v
	// An unescaped '#' followed by a quoted bit string ends the DN.
	for i := len(v) - 1; i > 0; i-- {
		if v[i] == '#' && (i == 0 || v[i-1] != '\\') && i+1 < len(v) && v[i+1] == '\'' && strings.HasSuffix(v, "'B") {
			if err := validBitString(v[i+1:]); err != nil {
				return shift(err, i+1)
			}
			dn = v[:i]
			break
		}
	}
	_, err := ParseDN(dn)
	return err
}

func validNumeric(v string) error {
	if v == "" {
		return bad(0, "empty value (a Numeric String has at least one digit or space)")
	}
	for i := 0; i < len(v); i++ {
		if !isDigit(v[i]) && v[i] != ' ' {
			return bad(i, "expected a digit or a space")
		}
	}
	return nil
}

func validOID4517(v string) error {
	if v == "" {
		return bad(0, "empty value: expected a descr or a numeric OID")
	}
	if isAlpha(v[0]) {
		if n := oidLen(v); n != len(v) {
			return bad(n, "a descr has only letters, digits and '-'")
		}
		return nil
	}
	if n := numericOIDLen(v); n != len(v) {
		return bad(n, "expected a numeric OID of at least two arcs without leading zeros (RFC 4512 sec 1.4)")
	}
	return nil
}

// validOIDForm: RFC 1488 sec 2.15 <descr> | <descr> '.' <numericoid> | <numericoid>.
func validOIDForm(v string, legacy bool) bool {
	if !legacy {
		return validOID4517(v) == nil
	}
	return validOID1488(v) == nil
}

func validOID1488(v string) error {
	if v == "" {
		return bad(0, "empty value: expected a descr or an OID")
	}
	i := 0
	if isAlpha(v[0]) {
		for i < len(v) && isKeychar(v[i]) {
			i++
		}
		if i == len(v) {
			return nil
		}
		if v[i] != '.' {
			return bad(i, "a descr has only letters, digits and '-'")
		}
		i++
	}
	arcs := 0
	for {
		j := i
		for j < len(v) && isDigit(v[j]) {
			j++
		}
		if j == i {
			return bad(i, "expected a number")
		}
		arcs++
		i = j
		if i == len(v) {
			break
		}
		if v[i] != '.' {
			return bad(i, "expected '.' between numbers")
		}
		i++
	}
	if !isAlpha(v[0]) && arcs < 2 {
		return bad(0, "an OID has at least two arcs")
	}
	return nil
}

func validOtherMailbox(v string) error {
	i := strings.IndexByte(v, '$')
	if i < 0 {
		return bad(len(v), "expected mailbox-type $ mailbox")
	}
	if !isPrintableString(v[:i]) {
		return bad(max(printableBad(v[:i]), 0), "the mailbox type must be a PrintableString")
	}
	if err := validIA5(v[i+1:]); err != nil {
		return shift(err, i+1)
	}
	if i+1 == len(v) {
		return bad(i+1, "empty mailbox")
	}
	return nil
}

func validPostal(v string, t61 bool) error {
	lineStart := 0
	for i := 0; i <= len(v); i++ {
		if i == len(v) || v[i] == '$' {
			if i == lineStart {
				return bad(i, "empty line (each line has at least one character)")
			}
			lineStart = i + 1
			continue
		}
		c := v[i]
		if c == '\\' {
			if i+2 < len(v) && (strings.EqualFold(v[i+1:i+3], "24") || strings.EqualFold(v[i+1:i+3], "5C")) {
				i += 2
				continue
			}
			return bad(i, "bad escape: only \\24 ($) and \\5C (\\) are allowed")
		}
		if c >= 0x80 {
			if t61 {
				return bad(i, "not a T.61 character in RFC 1488's reading (7-bit only)")
			}
			r, n := utf8.DecodeRuneInString(v[i:])
			if r == utf8.RuneError && n <= 1 {
				return bad(i, "invalid UTF-8 (RFC 3629)")
			}
			i += n - 1
		}
	}
	return nil
}

func validPostal4517(v string) error { return validPostal(v, false) }
func validPostal1488(v string) error { return validPostal(v, true) }

func validPrintable(v string) error {
	if v == "" {
		return bad(0, "empty value (at least one PrintableString character)")
	}
	if i := printableBad(v); i >= 0 {
		return bad(i, "not a PrintableString character (letters, digits, space and ' ( ) + , - . / : = ?)")
	}
	return nil
}

var ttxKeys = []string{"graphic", "control", "misc", "page", "private"}

func validTeletex4517(v string) error {
	parts := strings.Split(v, "$")
	if err := validPrintable(parts[0]); err != nil {
		return err
	}
	off := len(parts[0]) + 1
	for _, p := range parts[1:] {
		k, val, ok := strings.Cut(p, ":")
		found := false
		for _, t := range ttxKeys {
			found = found || k == t
		}
		if !ok || !found {
			return bad(off, "expected a parameter graphic:, control:, misc:, page: or private:")
		}
		for j := 0; j < len(val); j++ {
			if val[j] == '\\' {
				if j+2 < len(val) && (val[j+1:j+3] == "24" || strings.EqualFold(val[j+1:j+3], "5C")) {
					j += 2
					continue
				}
				return bad(off+len(k)+1+j, "bad escape: only \\24 and \\5C are allowed")
			}
		}
		off += len(p) + 1
	}
	return nil
}

func validTeletex1488(v string) error {
	off := 0
	for _, p := range strings.Split(v, "$") {
		if err := validPrintable(p); err != nil {
			return shift(err, off)
		}
		off += len(p) + 1
	}
	return nil
}

func validTelex(v string) error {
	parts := strings.Split(v, "$")
	if len(parts) != 3 {
		return bad(len(v), "expected actual-number $ country-code $ answerback")
	}
	off := 0
	for _, p := range parts {
		if err := validPrintable(p); err != nil {
			return shift(err, off)
		}
		off += len(p) + 1
	}
	return nil
}

func validSubstringAssertion(v string) error {
	stars := 0
	prevStar := -2
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '*':
			if prevStar == i-1 {
				return bad(i, "empty substring between two '*'")
			}
			stars++
			prevStar = i
		case '\\':
			if i+2 < len(v) && (strings.EqualFold(v[i+1:i+3], "2A") || strings.EqualFold(v[i+1:i+3], "5C")) {
				i += 2
				continue
			}
			return bad(i, "bad escape: only \\2A (*) and \\5C (\\) are allowed")
		default:
			if v[i] >= 0x80 {
				r, n := utf8.DecodeRuneInString(v[i:])
				if r == utf8.RuneError && n <= 1 {
					return bad(i, "invalid UTF-8 (RFC 3629)")
				}
				i += n - 1
			}
		}
	}
	if stars == 0 {
		return bad(len(v), "expected at least one '*'")
	}
	return nil
}

func validSchemaDescription(v string) error {
	open := strings.IndexByte(v, '(')
	if open < 0 || strings.TrimSpace(v[:open]) != "" {
		return bad(0, "expected '(' to start the description")
	}
	toks, end, err := schemaTokens(v, open)
	if err != nil {
		return bad(0, err.Error())
	}
	if strings.TrimSpace(v[end:]) != "" {
		return bad(end, "unexpected characters after the closing ')'")
	}
	if _, _, err := descrFields(toks); err != nil {
		return bad(0, err.Error())
	}
	return nil
}

func validList1488(v string) error {
	off := 0
	for _, p := range strings.Split(v, "$") {
		if p == "" {
			return bad(off, "empty string in the list")
		}
		off += len(p) + 1
	}
	return nil
}

// --- RFC 1278 presentation address

// validPresentationAddress checks RFC 1278 sec 3:
// [[[ psel "/" ] ssel "/" ] tsel "/" ] network-address *( "_" network-address ).
func validPresentationAddress(v string) error {
	i := 0
	for sels := 0; sels < 3; sels++ {
		j, ok := selectorLen(v[i:])
		if !ok || i+j >= len(v) || v[i+j] != '/' {
			break
		}
		i += j + 1
	}
	if i >= len(v) {
		return bad(i, "expected a network address (NS+..., X121+..., TELEX+..., an IDP+hex, or Internet=...)")
	}
	for _, na := range strings.Split(v[i:], "_") {
		if err := validNetworkAddress(na); err != nil {
			return shift(err, i)
		}
		i += len(na) + 1
	}
	return nil
}

func isOtherChar(c byte) bool { return isAlpha(c) || isDigit(c) || c == '+' || c == '-' || c == '.' }

func allOf(s string, ok func(byte) bool) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !ok(s[i]) {
			return false
		}
	}
	return true
}

func isDigitString(s string) bool { return allOf(s, isDigit) }

func isHexString(s string) bool {
	return len(s)%2 == 0 && allOf(s, func(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' })
}

// isDotHexString: dotstring (decimal octets joined by '.') or hexstring.
func isDotHexString(s string) bool {
	if isHexString(s) {
		return true
	}
	parts := strings.Split(s, ".")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if len(p) > 3 || !isDigitString(p) {
			return false
		}
	}
	return true
}

func isDomainString(s string) bool {
	return allOf(s, func(c byte) bool { return isAlpha(c) || isDigit(c) || c == '-' || c == '.' })
}

// selectorLen: '"' otherstring '"' | "#" digitstring | "'" hexstring "'H" | "".
func selectorLen(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	switch s[0] {
	case '"':
		j := strings.IndexByte(s[1:], '"')
		return j + 2, j > 0 && allOf(s[1:1+j], isOtherChar)
	case '#':
		j := 1
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		return j, j > 1
	case '\'':
		j := strings.Index(s[1:], "'H")
		return j + 3, j > 0 && isHexString(s[1:1+j])
	case '/':
		return 0, true
	}
	return 0, false
}

var afis = []string{"X121", "DCC", "TELEX", "PSTN", "ISDN", "ICD", "LOCAL"}

// validNetworkAddress checks the string form of a presentation address's
// network address (RFC 1278): a macro, an NSAP (NS+...), an IDP and its
// hexadecimal DSP, or an AFI with its IDI and DSP.
func validNetworkAddress(na string) error {
	if na == "" {
		return bad(0, "empty network address")
	}
	if name, rest, ok := strings.Cut(na, "="); ok {
		return validAddressMacro(name, rest)
	}
	parts := strings.Split(na, "+")
	switch {
	case parts[0] == "NS":
		if len(parts) != 2 || !isDotHexString(parts[1]) {
			return bad(3, "expected NS+ and a dotted-decimal or even-length hexadecimal NSAP")
		}
		return nil
	case isDigitString(parts[0]):
		if len(parts) != 2 || !isHexString(parts[1]) {
			return bad(len(parts[0])+1, "expected IDP+ and an even-length hexadecimal string")
		}
		return nil
	}
	return validAFIAddress(parts)
}

// validAddressMacro checks a network address macro (RFC 1278 sec 4):
// Internet=ip[+port[+tset]], Int-X25(80)=dte..., Janet=dte...
func validAddressMacro(name, rest string) error {
	parts := strings.Split(rest, "+")
	switch name {
	case "Internet":
		if !isDomainString(parts[0]) || len(parts) > 3 {
			return bad(len(name)+1, "expected Internet=ip[+port[+tset]]")
		}
		for _, p := range parts[1:] {
			if !isDigitString(p) {
				return bad(len(name)+1, "expected a decimal port and transport set after the IP address")
			}
		}
		return nil
	case "Int-X25(80)", "Janet":
		if !isDigitString(parts[0]) {
			return bad(len(name)+1, "expected a DTE number")
		}
		return nil
	}
	return bad(0, "unknown network address macro "+quote(name))
}

// validAFIAddress checks an address that starts with an AFI: the AFI,
// the IDI digits and, when there is one, the DSP.
func validAFIAddress(parts []string) error {
	found := false
	for _, a := range afis {
		found = found || parts[0] == a
	}
	if !found {
		return bad(0, "expected NS, an AFI (X121, DCC, TELEX, PSTN, ISDN, ICD, LOCAL), an IDP or a macro")
	}
	if len(parts) < 2 || !isDigitString(parts[1]) {
		return bad(len(parts[0])+1, "expected the IDI digits after the AFI")
	}
	if len(parts) == 2 {
		return nil
	}
	off := len(parts[0]) + len(parts[1]) + 2
	if !validDSP(parts[2:]) {
		return bad(off, dspExpected(parts[2]))
	}
	return nil
}

// validDSP reports whether dsp, the '+'-separated fields after the IDI,
// is a DSP: d<digits>, x<hex>, l<string>, or one of the forms named by
// their first field (RFC-1006, X.25(80), ECMA-117-Binary,
// ECMA-117-Decimal).
func validDSP(dsp []string) bool {
	switch d := dsp[0]; {
	case d == "RFC-1006":
		return len(dsp) >= 3 && len(dsp) <= 5 && isPrefixField(dsp[1]) && isDomainString(dsp[2]) &&
			allFields(dsp[3:], isDigitString)
	case d == "X.25(80)":
		return validX25DSP(dsp)
	case d == "ECMA-117-Binary":
		return len(dsp) == 4 && allFields(dsp[1:], isHexString)
	case d == "ECMA-117-Decimal":
		return len(dsp) == 4 && allFields(dsp[1:], isDigitString)
	case len(dsp) == 1 && strings.HasPrefix(d, "d") && isDigitString(d[1:]):
		return true
	case len(dsp) == 1 && strings.HasPrefix(d, "x") && isDotHexString(d[1:]):
		return true
	}
	return strings.HasPrefix(dsp[0], "l") && allOf(strings.Join(dsp, "+")[1:], isOtherChar)
}

// validX25DSP checks X.25(80)+prefix+dte[+CUDF|PID+hex], where hex may
// also be a quoted string.
func validX25DSP(dsp []string) bool {
	if len(dsp) < 3 || !isPrefixField(dsp[1]) || !isDigitString(dsp[2]) {
		return false
	}
	if len(dsp) == 3 {
		return true
	}
	if len(dsp) != 5 || (dsp[3] != "CUDF" && dsp[3] != "PID") {
		return false
	}
	v := dsp[4]
	quoted := len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"'
	return isHexString(v) || quoted
}

// isPrefixField reports whether p is the two-digit prefix of an RFC-1006
// or X.25(80) DSP.
func isPrefixField(p string) bool { return len(p) == 2 && isDigitString(p) }

// allFields reports whether every field satisfies ok.
func allFields(fields []string, ok func(string) bool) bool {
	for _, f := range fields {
		if !ok(f) {
			return false
		}
	}
	return true
}

// dspExpected says what a DSP starting with the field d should look like.
func dspExpected(d string) string {
	switch d {
	case "RFC-1006":
		return "expected RFC-1006+prefix+ip[+port[+tset]]"
	case "X.25(80)":
		return "expected X.25(80)+prefix+dte[+CUDF|PID+hex]"
	case "ECMA-117-Binary":
		return "expected ECMA-117-Binary+hex+hex+hex"
	case "ECMA-117-Decimal":
		return "expected ECMA-117-Decimal+digits+digits+digits"
	}
	return "expected a DSP: d<digits>, x<hex>, l<string>, RFC-1006+..., X.25(80)+..., ECMA-117-..."
}

// --- RFC 1488 certificate forms (sec 2.25, 2.27, 2.29)

// splitHash splits at '#' not escaped by '\'.
func splitHash(v string) []string {
	var parts []string
	start := 0
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' {
			i++
			continue
		}
		if v[i] == '#' {
			parts = append(parts, v[start:i])
			start = i + 1
		}
	}
	return append(parts, v[start:])
}

func validAlgorithmParams(p string) bool {
	if p == "" || isInteger(p) {
		return true
	}
	if h, ok := strings.CutPrefix(p, "{ASN}"); ok && h != "" {
		for j := 0; j < len(h); j++ {
			if !isHex(h, j) {
				return false
			}
		}
		return true
	}
	return false
}

func validEncrypted(s string) bool {
	h, d, _ := strings.Cut(s, "-")
	if h == "" {
		return false
	}
	for j := 0; j < len(h); j++ {
		if !isHex(h, j) {
			return false
		}
	}
	return d == "" && !strings.Contains(s, "-") || len(d) == 1 && isDigit(d[0])
}

func validCertificate1488(v string) error {
	f := splitHash(v)
	if len(f) != 9 {
		return bad(0, "expected 9 '#'-separated fields: sig-oid#params#issuer#notBefore#notAfter#subject#key-oid#params#key")
	}
	checks := []struct {
		ok   bool
		what string
	}{
		{validOID1488(f[0]) == nil, "signature algorithm OID"},
		{validAlgorithmParams(f[1]), "signature algorithm parameters"},
		{validDN1485(f[2]) == nil, "issuer DN"},
		{validUTCTime(f[3]) == nil, "notBefore UTC time"},
		{validUTCTime(f[4]) == nil, "notAfter UTC time"},
		{validDN1485(f[5]) == nil, "subject DN"},
		{validOID1488(f[6]) == nil, "public key algorithm OID"},
		{validAlgorithmParams(f[7]), "public key algorithm parameters"},
		{validEncrypted(f[8]), "public key (hex)"},
	}
	off := 0
	for i, c := range checks {
		if !c.ok {
			return bad(off, "bad "+c.what)
		}
		off += len(f[i]) + 1
	}
	return nil
}

func validCertList1488(v string) error {
	f := splitHash(v)
	if len(f) < 4 {
		return bad(0, "expected sig-oid#params#issuer#utc-time[#...]")
	}
	if validOID1488(f[0]) != nil || !validAlgorithmParams(f[1]) || validDN1485(f[2]) != nil || validUTCTime(f[3]) != nil {
		return bad(0, "bad signature, issuer or time in the certificate list")
	}
	return nil
}

func validCertPair1488(v string) error {
	a, b, ok := strings.Cut(v, "|")
	if !ok {
		return bad(0, "expected certificate | certificate")
	}
	if err := validCertificate1488(a); err != nil {
		return err
	}
	return shift(validCertificate1488(b), len(a)+1)
}
