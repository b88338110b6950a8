package ldap

import (
	"errors"
	"math/big"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// ruleKind is what a matching rule does.
type ruleKind uint8

const (
	kindEquality ruleKind = iota
	kindOrdering
	kindSubstrings
)

// strPrep says how a string rule prepares values (RFC 4518).
type strPrep struct {
	fold    bool
	space   prepSpace // spaceValue for the space-handled rules, spaceNumeric, spaceTelephone
	check   func(string) bool
	isList  bool // caseIgnoreList: values are $-separated lines
	listSep bool // a substrings rule applied to list values: match the concatenated lines
}

// MatchingRule is one of the built-in matching rules (RFC 4517 sec 4.2,
// plus caseExactIA5SubstringsMatch as OpenLDAP defines it).
type MatchingRule struct {
	OID    string
	Name   string
	Syntax string // assertion syntax OID
	kind   ruleKind
	str    *strPrep
	// key returns the comparable normal form of a value; an error makes
	// the comparison Undefined.
	key func(s *Schema, v string) (string, error)
	// cmp orders two keys (ordering rules); nil = byte order.
	cmp func(a, b string) int
	// equality is the name of the equality rule a substrings/ordering rule belongs with.
	family string
}

var errUndefined = errors.New("value not valid for the matching rule")

const syn = "1.3.6.1.4.1.1466.115.121.1."

func stringRule(oid, name, syntax string, kind ruleKind, family string, p strPrep) *MatchingRule {
	r := &MatchingRule{OID: oid, Name: name, Syntax: syntax, kind: kind, str: &p, family: family}
	r.key = func(_ *Schema, v string) (string, error) { return p.prepareValue(v, spaceValue) }
	return r
}

// prepareValue prepares a whole value (or one substring part, with pos).
func (p *strPrep) prepareValue(v string, pos prepSpace) (string, error) {
	if p.check != nil && !p.check(v) {
		return "", errUndefined
	}
	if p.isList {
		lines, err := splitDollarList(v)
		if err != nil {
			return "", err
		}
		for i, l := range lines {
			if lines[i], err = prepare(l, p.fold, spaceValue); err != nil {
				return "", err
			}
		}
		return strings.Join(lines, "\x00"), nil
	}
	sp := p.space
	if sp == spaceValue {
		sp = pos
	}
	return prepare(v, p.fold, sp)
}

// splitDollarList splits a Postal Address style value into its lines,
// undoing the \24 and \5C escapes (RFC 4517 sec 3.3.28).
func splitDollarList(v string) ([]string, error) {
	var lines []string
	var cur strings.Builder
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '$':
			lines = append(lines, cur.String())
			cur.Reset()
		case '\\':
			if i+2 < len(v) && (v[i+1:i+3] == "24" || v[i+1:i+3] == "5C" || v[i+1:i+3] == "5c") {
				cur.WriteByte(unhex(v[i+1])<<4 | unhex(v[i+2]))
				i += 2
				continue
			}
			return nil, errUndefined
		default:
			cur.WriteByte(v[i])
		}
	}
	return append(lines, cur.String()), nil
}

// The built-in matching rules and their index by name and OID are built on
// first use, so that a program that never evaluates a filter does not pay
// for them at start.
var (
	rulesOnce   sync.Once
	rulesList   []*MatchingRule
	rulesByName map[string]*MatchingRule
)

// builtinRules returns the built-in matching rules, in their order of
// definition.
func builtinRules() []*MatchingRule {
	rulesOnce.Do(buildRules)
	return rulesList
}

func buildRules() {
	rulesList = newMatchingRules()
	rulesByName = make(map[string]*MatchingRule, 3*len(rulesList))
	for _, r := range rulesList {
		rulesByName[strings.ToLower(r.Name)] = r
		rulesByName[r.Name] = r
		rulesByName[r.OID] = r
	}
	// Set here: these keys normalize DNs, which look rules up.
	rulesByName["distinguishednamematch"].key = dnKey
	rulesByName["uniquemembermatch"].key = uniqueMemberKey
}

func newMatchingRules() []*MatchingRule {
	return []*MatchingRule{
		{OID: "2.5.13.0", Name: "objectIdentifierMatch", Syntax: syn + "38", key: oidKey},
		{OID: "2.5.13.1", Name: "distinguishedNameMatch", Syntax: syn + "12"},
		stringRule("2.5.13.2", "caseIgnoreMatch", syn+"15", kindEquality, "", strPrep{fold: true, check: isDirectoryString}),
		stringRule("2.5.13.3", "caseIgnoreOrderingMatch", syn+"15", kindOrdering, "caseIgnoreMatch", strPrep{fold: true, check: isDirectoryString}),
		stringRule("2.5.13.4", "caseIgnoreSubstringsMatch", syn+"58", kindSubstrings, "caseIgnoreMatch", strPrep{fold: true}),
		stringRule("2.5.13.5", "caseExactMatch", syn+"15", kindEquality, "", strPrep{check: isDirectoryString}),
		stringRule("2.5.13.6", "caseExactOrderingMatch", syn+"15", kindOrdering, "caseExactMatch", strPrep{check: isDirectoryString}),
		stringRule("2.5.13.7", "caseExactSubstringsMatch", syn+"58", kindSubstrings, "caseExactMatch", strPrep{}),
		stringRule("2.5.13.8", "numericStringMatch", syn+"36", kindEquality, "", strPrep{space: spaceNumeric, check: isNumericString}),
		stringRule("2.5.13.9", "numericStringOrderingMatch", syn+"36", kindOrdering, "numericStringMatch", strPrep{space: spaceNumeric, check: isNumericString}),
		stringRule("2.5.13.10", "numericStringSubstringsMatch", syn+"58", kindSubstrings, "numericStringMatch", strPrep{space: spaceNumeric}),
		stringRule("2.5.13.11", "caseIgnoreListMatch", syn+"41", kindEquality, "", strPrep{fold: true, isList: true}),
		stringRule("2.5.13.12", "caseIgnoreListSubstringsMatch", syn+"58", kindSubstrings, "caseIgnoreListMatch", strPrep{fold: true}),
		{OID: "2.5.13.13", Name: "booleanMatch", Syntax: syn + "7", key: boolKey},
		{OID: "2.5.13.14", Name: "integerMatch", Syntax: syn + "27", key: intKey},
		{OID: "2.5.13.15", Name: "integerOrderingMatch", Syntax: syn + "27", kind: kindOrdering, key: intKey, cmp: intCmp, family: "integerMatch"},
		{OID: "2.5.13.16", Name: "bitStringMatch", Syntax: syn + "6", key: bitKey},
		{OID: "2.5.13.17", Name: "octetStringMatch", Syntax: syn + "40", key: octetKey},
		{OID: "2.5.13.18", Name: "octetStringOrderingMatch", Syntax: syn + "40", kind: kindOrdering, key: octetKey, family: "octetStringMatch"},
		stringRule("2.5.13.20", "telephoneNumberMatch", syn+"50", kindEquality, "", strPrep{fold: true, space: spaceTelephone, check: isPrintableString}),
		stringRule("2.5.13.21", "telephoneNumberSubstringsMatch", syn+"58", kindSubstrings, "telephoneNumberMatch", strPrep{fold: true, space: spaceTelephone}),
		{OID: "2.5.13.23", Name: "uniqueMemberMatch", Syntax: syn + "34"},
		{OID: "2.5.13.27", Name: "generalizedTimeMatch", Syntax: syn + "24", key: timeKey},
		{OID: "2.5.13.28", Name: "generalizedTimeOrderingMatch", Syntax: syn + "24", kind: kindOrdering, key: timeKey, family: "generalizedTimeMatch"},
		{OID: "2.5.13.29", Name: "integerFirstComponentMatch", Syntax: syn + "27", key: intKey},
		{OID: "2.5.13.30", Name: "objectIdentifierFirstComponentMatch", Syntax: syn + "38", key: oidKey},
		stringRule("2.5.13.31", "directoryStringFirstComponentMatch", syn+"15", kindEquality, "", strPrep{fold: true, check: isDirectoryString}),
		stringRule("1.3.6.1.4.1.1466.109.114.1", "caseExactIA5Match", syn+"26", kindEquality, "", strPrep{check: isIA5String}),
		stringRule("1.3.6.1.4.1.1466.109.114.2", "caseIgnoreIA5Match", syn+"26", kindEquality, "", strPrep{fold: true, check: isIA5String}),
		stringRule("1.3.6.1.4.1.1466.109.114.3", "caseIgnoreIA5SubstringsMatch", syn+"58", kindSubstrings, "caseIgnoreIA5Match", strPrep{fold: true, check: isIA5String}),
		stringRule("1.3.6.1.4.1.4203.1.2.1", "caseExactIA5SubstringsMatch", syn+"58", kindSubstrings, "caseExactIA5Match", strPrep{check: isIA5String}),
	}
}

func ruleByName(name string) *MatchingRule {
	rulesOnce.Do(buildRules)
	if r, ok := rulesByName[name]; ok {
		return r
	}
	return rulesByName[lowerASCII(name)]
}

// MatchingRuleByName returns the built-in matching rule with that name or
// OID (any case), or nil.
func MatchingRuleByName(name string) *MatchingRule { return ruleByName(name) }

// MatchingRules returns the built-in matching rules.
func MatchingRules() []*MatchingRule { return builtinRules() }

// isDirectoryString: the assertion syntax of the caseIgnore and caseExact
// rules, 1*UTF8 (RFC 4517 sec 3.3.6); an empty assertion is Undefined.
func isDirectoryString(s string) bool { return s != "" }

func oidKey(s *Schema, v string) (string, error) {
	v = strings.TrimSpace(firstComponent(v))
	if !IsOID(v) {
		return "", errUndefined
	}
	if oid, ok := s.ResolveOID(v); ok {
		return oid, nil
	}
	// A descr that the schema does not know: Undefined (RFC 4517 sec 4.2.26).
	return "", errUndefined
}

// firstComponent returns the first component of "( x ..." values, or v.
func firstComponent(v string) string {
	t := strings.TrimSpace(v)
	if strings.HasPrefix(t, "(") {
		f := strings.Fields(strings.TrimPrefix(t, "("))
		if len(f) > 0 {
			return f[0]
		}
	}
	return v
}

func dnKey(s *Schema, v string) (string, error) {
	d, err := DNParser{RFC1485: true}.Parse(v)
	if err != nil {
		return "", errUndefined
	}
	n, err := d.Normalize(s)
	if err != nil {
		return "", errUndefined
	}
	return n.String(), nil
}

func uniqueMemberKey(s *Schema, v string) (string, error) {
	uid := ""
	if i := strings.LastIndexByte(v, '#'); i >= 0 && strings.HasSuffix(v, "'B") && isBitString(v[i+1:]) {
		uid = "#" + v[i+1:]
		v = v[:i]
	}
	k, err := dnKey(s, v)
	return k + uid, err
}

func boolKey(_ *Schema, v string) (string, error) {
	if v == "TRUE" || v == "FALSE" {
		return v, nil
	}
	return "", errUndefined
}

func intKey(_ *Schema, v string) (string, error) {
	v = firstComponent(v)
	if !isInteger(v) {
		return "", errUndefined
	}
	return v, nil
}

func intCmp(a, b string) int {
	x, _ := new(big.Int).SetString(a, 10)
	y, _ := new(big.Int).SetString(b, 10)
	return x.Cmp(y)
}

func bitKey(_ *Schema, v string) (string, error) {
	if !isBitString(v) {
		return "", errUndefined
	}
	return v, nil
}

func octetKey(_ *Schema, v string) (string, error) { return v, nil }

func timeKey(_ *Schema, v string) (string, error) {
	t, err := parseGeneralizedTime(v)
	if err != nil {
		return "", errUndefined
	}
	return t, nil
}

// compareKeys orders two keys of rule r.
func (r *MatchingRule) compareKeys(a, b string) int {
	if r.cmp != nil {
		return r.cmp(a, b)
	}
	return strings.Compare(a, b)
}

// substringsMatch reports whether value matches the substrings parts
// under string rule prep p (RFC 4517 sec 4.2.x SubstringsMatch, with the
// RFC 4518 sec 2.6 handling of each position).
func (p *strPrep) substringsMatch(value, initial string, any []string, final string) (bool, error) {
	var v string
	var err error
	if p.isList || p.listSep {
		lines, err := splitDollarList(value)
		if err != nil {
			return false, err
		}
		var parts []string
		for _, l := range lines {
			pl, err := prepare(l, p.fold, spaceValue)
			if err != nil {
				return false, err
			}
			parts = append(parts, pl)
		}
		v = strings.Join(parts, "")
	} else {
		if v, err = p.prepareValue(value, spaceValue); err != nil {
			return false, err
		}
	}
	prep := func(s string, pos prepSpace) (string, error) {
		if p.space != spaceValue {
			return prepare(s, p.fold, p.space)
		}
		return prepare(s, p.fold, pos)
	}
	if initial != "" {
		ini, err := prep(initial, spaceInitial)
		if err != nil {
			return false, err
		}
		if !strings.HasPrefix(v, ini) {
			return false, nil
		}
		v = v[len(ini):]
	}
	fin := ""
	if final != "" {
		if fin, err = prep(final, spaceFinal); err != nil {
			return false, err
		}
	}
	for _, a := range any {
		pa, err := prep(a, spaceAny)
		if err != nil {
			return false, err
		}
		i := strings.Index(v, pa)
		if i < 0 {
			return false, nil
		}
		v = v[i+len(pa):]
	}
	return strings.HasSuffix(v, fin), nil
}

// approxWords turns a value into the phonetic codes of its words: RFC
// 4518 caseIgnore preparation, then NFKD with combining marks removed,
// then words of letters and digits, each reduced to its Soundex code when
// it is a word of Latin letters.
func approxWords(v string) ([]string, error) {
	p, err := prepare(v, true, spaceNone)
	if err != nil {
		return nil, err
	}
	d := norm.NFKD.String(p)
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, soundex(cur))
			cur = cur[:0]
		}
	}
	for _, r := range d {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			cur = append(cur, r)
		default:
			flush()
		}
	}
	flush()
	return words, nil
}

// soundex returns the American Soundex code of a word of ASCII letters
// (letter + three digits), or the word itself otherwise.
func soundex(w []rune) string {
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return string(w)
		}
	}
	const codes = "01230120022455012623010202" // a..z
	out := []byte{byte(w[0]) - 'a' + 'A'}
	last := codes[w[0]-'a']
	for _, r := range w[1:] {
		c := codes[r-'a']
		if r == 'h' || r == 'w' {
			continue
		}
		if c != '0' && c != last {
			out = append(out, c)
			if len(out) == 4 {
				break
			}
		}
		last = c
	}
	for len(out) < 4 {
		out = append(out, '0')
	}
	return string(out)
}

// approxMatch: every word of the assertion has the phonetic code of a
// word of the value, in the same order.
func approxMatch(value, assertion string) (bool, error) {
	vw, err := approxWords(value)
	if err != nil {
		return false, err
	}
	aw, err := approxWords(assertion)
	if err != nil {
		return false, err
	}
	if len(aw) == 0 {
		return len(vw) == 0, nil
	}
	i := 0
	for _, w := range vw {
		if i < len(aw) && w == aw[i] {
			i++
		}
	}
	return i == len(aw), nil
}
