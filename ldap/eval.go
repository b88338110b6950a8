package ldap

import (
	"strings"
)

// Result is a three-valued filter result (RFC 4511 sec 4.5.1.7).
type Result int8

const (
	False     Result = 0
	True      Result = 1
	Undefined Result = 2
)

// String returns "true", "false" or "undefined".
func (r Result) String() string {
	switch r {
	case True:
		return "true"
	case False:
		return "false"
	}
	return "undefined"
}

// Attribute is one attribute of an entry: its description (type and
// options, as written) and its values.
type Attribute struct {
	Type   string
	Values []string
}

// Entry is a directory entry: its DN and attributes.
type Entry struct {
	DN         string
	Attributes []Attribute
}

// Get returns the values of the attribute with exactly that description
// (case-insensitive), or nil.
func (e *Entry) Get(desc string) []string {
	for _, a := range e.Attributes {
		if strings.EqualFold(a.Type, desc) {
			return a.Values
		}
	}
	return nil
}

// Evaluate evaluates f against entry e with schema s (nil = the standard
// schema), in RFC 4511 sec 4.5.1.7's three-valued logic, as a server
// does: an item is Undefined when its attribute description is not
// recognised (an unknown type, RFC 4511 Appendix C.1.17, or an option
// other than a language tag, RFC 4512 sec 2.5), when the type has no
// matching rule for the assertion, or when the assertion value is not
// valid for the rule; an entry holds the superclasses of the object
// classes it lists (RFC 4512 sec 2.4.1); and, or and not combine TRUE,
// FALSE and Undefined as RFC 4511 and X.511 say.
func (f *Filter) Evaluate(e *Entry, s *Schema) Result {
	return f.EvaluateWith(e, s, EvalOptions{})
}

// EvalOptions changes how Filter.EvaluateWith reads attribute
// descriptions.
type EvalOptions struct {
	// AttributeOptions names the attribute options recognised besides
	// the language tags of RFC 3866 ("lang-" prefix), as OpenLDAP's
	// attributeoptions directive does: a name ending in '-' is a prefix
	// ("x-hidden-"), any other name an option ("x-opt"). Recognised
	// options are tagging options: (cn;x-opt=a) tests the values of
	// cn;x-opt. An option not recognised makes its item Undefined.
	AttributeOptions []string
	// AllOptionsAreTags recognises every option as a tagging option, as a
	// client that reads options without knowing them does.
	AllOptionsAreTags bool
}

// EvaluateWith is Evaluate with options.
func (f *Filter) EvaluateWith(e *Entry, s *Schema, o EvalOptions) Result {
	if f == nil || e == nil {
		return Undefined
	}
	if s == nil {
		s = Standard()
	}
	ev := evaluator{s: s, e: e, o: o}
	return ev.eval(f, 0)
}

type evaluator struct {
	s      *Schema
	e      *Entry
	o      EvalOptions
	dn     DN
	dnDone bool
}

func (ev *evaluator) eval(f *Filter, depth int) Result {
	if depth > 1000 {
		return Undefined
	}
	switch f.Op {
	case OpAnd:
		r := True
		for _, c := range f.Children {
			switch ev.eval(c, depth+1) {
			case False:
				return False
			case Undefined:
				r = Undefined
			}
		}
		return r
	case OpOr:
		r := False
		for _, c := range f.Children {
			switch ev.eval(c, depth+1) {
			case True:
				return True
			case Undefined:
				r = Undefined
			}
		}
		return r
	case OpNot:
		if len(f.Children) != 1 {
			return Undefined
		}
		switch ev.eval(f.Children[0], depth+1) {
		case True:
			return False
		case False:
			return True
		}
		return Undefined
	case OpPresent:
		return ev.present(f.Attr)
	case OpExtensible:
		return ev.extensible(f)
	}
	at, opts, ok := ev.attrType(f.Attr)
	if !ok {
		return Undefined
	}
	values := ev.values(at, f.Attr, opts)
	switch f.Op {
	case OpEqual:
		return ev.equality(at, values, f.Value)
	case OpApprox:
		r := ruleByName(at.EqualityRule())
		if r == nil {
			return Undefined
		}
		if r.str == nil || r.str.isList {
			return ev.matchValues(r, values, f.Value, 0)
		}
		return anyOf(values, func(v string) Result {
			ok, err := approxMatch(v, f.Value)
			return boolResult(ok, err)
		})
	case OpGreaterOrEqual, OpLessOrEqual:
		r := ruleByName(at.OrderingRule())
		if r == nil {
			return Undefined
		}
		sign := 1
		if f.Op == OpLessOrEqual {
			sign = -1
		}
		return ev.matchValues(r, values, f.Value, sign)
	case OpSubstrings:
		r := ruleByName(at.SubstringRule())
		if r == nil || r.str == nil {
			return Undefined
		}
		return ev.substrings(r, values, f.Initial, f.Any, f.Final)
	}
	return Undefined
}

func boolResult(ok bool, err error) Result {
	if err != nil {
		return Undefined
	}
	if ok {
		return True
	}
	return False
}

// anyOf: TRUE if some value is TRUE, else Undefined if some is, else FALSE.
func anyOf(values []string, fn func(string) Result) Result {
	r := False
	for _, v := range values {
		switch fn(v) {
		case True:
			return True
		case Undefined:
			r = Undefined
		}
	}
	return r
}

// attrType resolves a filter's attribute description; ok is false when
// the type or one of its options is not recognised (RFC 4512 sec 2.5).
func (ev *evaluator) attrType(desc string) (*AttributeType, []string, bool) {
	typ, opts, hasOpts := strings.Cut(desc, ";")
	at := ev.s.AttributeType(typ)
	if !hasOpts {
		return at, nil, at != nil
	}
	list := strings.Split(opts, ";")
	for _, o := range list {
		if !ev.o.recognises(o) {
			return at, list, false
		}
	}
	return at, list, at != nil
}

// recognises reports whether an attribute option is one the evaluator
// knows: a language tag (RFC 3866 sec 2) or one named in o.
func (o *EvalOptions) recognises(opt string) bool {
	if o.AllOptionsAreTags || hasPrefixFold(opt, "lang-") {
		return true
	}
	for _, r := range o.AttributeOptions {
		if strings.EqualFold(opt, r) || (strings.HasSuffix(r, "-") && hasPrefixFold(opt, r)) {
			return true
		}
	}
	return false
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// equality applies the equality rule of at. For objectClass, a value
// also stands for every superclass of its class (RFC 4512 sec 2.4.1), as
// OpenLDAP's objectSubClassMatch does.
func (ev *evaluator) equality(at *AttributeType, values []string, assertion string) Result {
	r := ruleByName(at.EqualityRule())
	if at.OID != "2.5.4.0" || r == nil || r.OID != "2.5.13.0" {
		return ev.matchValues(r, values, assertion, 0)
	}
	want, err := r.key(ev.s, assertion)
	if err != nil {
		return Undefined
	}
	return anyOf(values, func(v string) Result {
		vk, err := r.key(ev.s, v)
		if err != nil {
			return Undefined
		}
		if vk == want || ev.s.IsSubclassOf(vk, want) {
			return True
		}
		return False
	})
}

// values collects the values of at and its subtypes whose options include opts.
func (ev *evaluator) values(at *AttributeType, desc string, opts []string) []string {
	var out []string
	for _, a := range ev.e.Attributes {
		typ, rest, hasOpts := strings.Cut(a.Type, ";")
		et := ev.s.AttributeType(typ)
		if et == nil || !et.IsSubtypeOf(at) {
			continue
		}
		if len(opts) > 0 {
			if !hasOpts || !hasOptions(strings.Split(rest, ";"), opts) {
				continue
			}
		}
		out = append(out, a.Values...)
	}
	return out
}

func hasOptions(have, want []string) bool {
	for _, w := range want {
		found := false
		for _, h := range have {
			found = found || strings.EqualFold(h, w)
		}
		if !found {
			return false
		}
	}
	return true
}

func (ev *evaluator) present(desc string) Result {
	at, opts, ok := ev.attrType(desc)
	if !ok {
		// RFC 4511 Appendix C.1.17 (correcting sec 4.5.1.7.5): present
		// of an unrecognised description is Undefined, as any item.
		return Undefined
	}
	if len(ev.values(at, desc, opts)) > 0 {
		return True
	}
	return False
}

// matchValues applies rule r: equality (sign 0), >= (sign 1), <= (sign -1).
func (ev *evaluator) matchValues(r *MatchingRule, values []string, assertion string, sign int) Result {
	if r == nil {
		return Undefined
	}
	ak, err := r.key(ev.s, assertion)
	if err != nil {
		return Undefined
	}
	return anyOf(values, func(v string) Result {
		vk, err := r.key(ev.s, v)
		if err != nil {
			return Undefined
		}
		c := r.compareKeys(vk, ak)
		switch sign {
		case 0:
			return boolResult(c == 0, nil)
		case 1:
			return boolResult(c >= 0, nil)
		default:
			return boolResult(c <= 0, nil)
		}
	})
}

func (ev *evaluator) substrings(r *MatchingRule, values []string, ini string, any []string, fin string) Result {
	// An assertion part that cannot be prepared makes the item Undefined.
	for _, p := range append([]string{ini, fin}, any...) {
		if p != "" {
			if _, err := prepare(p, r.str.fold, spaceAny); err != nil {
				return Undefined
			}
		}
	}
	sp := r.str
	if eq := ruleByName(r.family); eq != nil && eq.str != nil && eq.str.isList {
		c := *sp
		c.listSep = true
		sp = &c
	}
	if eq := ruleByName(r.family); eq != nil && eq.str != nil && eq.str.check != nil && sp.check == nil {
		c := *sp
		c.check = eq.str.check
		sp = &c
	}
	return anyOf(values, func(v string) Result {
		ok, err := sp.substringsMatch(v, ini, any, fin)
		return boolResult(ok, err)
	})
}

// extensible evaluates RFC 4511 sec 4.5.1.7.7 extensibleMatch: it
// resolves the rule and the type, gathers the values they select, and
// matches each set of values by the rule.
func (ev *evaluator) extensible(f *Filter) Result {
	rule, at, opts, ok := ev.extensibleRule(f)
	if !ok {
		return Undefined
	}
	var pairs []typedValues
	if at != nil {
		values := ev.values(at, f.Attr, opts)
		if f.Rule == "" && !f.DNAttrs {
			return ev.equality(at, values, f.Value)
		}
		pairs = append(pairs, typedValues{at, values})
	} else {
		pairs = ev.ruleValues(rule)
	}
	if f.DNAttrs {
		pairs = ev.dnValues(pairs, rule, at)
	}
	res := False
	for _, p := range pairs {
		switch ev.matchByRule(rule, p.values, f.Value) {
		case True:
			return True
		case Undefined:
			res = Undefined
		}
	}
	return res
}

// typedValues are values of one attribute type that an extensible match
// tests: an attribute of the entry, or an AVA of its DN.
type typedValues struct {
	at     *AttributeType
	values []string
}

// extensibleRule resolves the matching rule and the attribute type (nil
// when f names none) of an extensible match: the rule named, or the
// type's equality rule; ok is false when either is unknown or the rule
// does not apply to the type.
func (ev *evaluator) extensibleRule(f *Filter) (rule *MatchingRule, at *AttributeType, opts []string, ok bool) {
	if f.Rule != "" {
		if rule = ruleByName(f.Rule); rule == nil {
			return nil, nil, nil, false
		}
	}
	if f.Attr == "" {
		return rule, nil, nil, true
	}
	if at, opts, ok = ev.attrType(f.Attr); !ok {
		return nil, nil, nil, false
	}
	if rule == nil {
		rule = ruleByName(at.EqualityRule())
		return rule, at, opts, rule != nil
	}
	return rule, at, opts, ruleApplies(rule, at)
}

// ruleValues gathers the entry's attributes to which rule applies, for a
// match that names no type.
func (ev *evaluator) ruleValues(rule *MatchingRule) []typedValues {
	var pairs []typedValues
	for _, a := range ev.e.Attributes {
		typ, _, _ := strings.Cut(a.Type, ";")
		et := ev.s.AttributeType(typ)
		if et != nil && ruleApplies(rule, et) {
			pairs = append(pairs, typedValues{et, a.Values})
		}
	}
	return pairs
}

// dnValues appends to pairs the AVAs of the entry's DN that the match
// selects (dnAttributes): those of type at or its subtypes, or, with no
// type, those to which rule applies.
func (ev *evaluator) dnValues(pairs []typedValues, rule *MatchingRule, at *AttributeType) []typedValues {
	for _, rdn := range ev.entryDN() {
		for _, ava := range rdn {
			et := ev.s.AttributeType(ava.Type)
			switch {
			case et == nil:
				continue
			case at != nil && !et.IsSubtypeOf(at):
				continue
			case at == nil && !ruleApplies(rule, et):
				continue
			}
			pairs = append(pairs, typedValues{et, []string{ava.Value}})
		}
	}
	return pairs
}

// matchByRule matches values against the assertion by rule, whatever its
// kind: equality, ordering (TRUE when a value is less than the assertion)
// or substrings.
func (ev *evaluator) matchByRule(rule *MatchingRule, values []string, assertion string) Result {
	switch rule.kind {
	case kindEquality:
		return ev.matchValues(rule, values, assertion, 0)
	case kindOrdering:
		ak, err := rule.key(ev.s, assertion)
		if err != nil {
			return Undefined
		}
		return anyOf(values, func(v string) Result {
			vk, err := rule.key(ev.s, v)
			if err != nil {
				return Undefined
			}
			return boolResult(rule.compareKeys(vk, ak) < 0, nil)
		})
	case kindSubstrings:
		ini, any, fin, err := parseSubstringAssertion(assertion)
		if err != nil {
			return Undefined
		}
		return ev.substrings(rule, values, ini, any, fin)
	}
	return False
}

// ruleApplies reports whether rule can be used with values of type at:
// the same syntax as the rule's assertion syntax (or its equality rule's),
// or two string syntaxes.
func ruleApplies(rule *MatchingRule, at *AttributeType) bool {
	as := at.SyntaxOID()
	rs := rule.Syntax
	if rule.kind == kindSubstrings {
		if eq := ruleByName(rule.family); eq != nil {
			rs = eq.Syntax
		}
	}
	if as == rs {
		return true
	}
	stringy := map[string]bool{syn + "15": true, syn + "26": true, syn + "44": true, syn + "11": true, syn + "36": true, syn + "50": true}
	return rule.str != nil && !rule.str.isList && stringy[as] && stringy[rs]
}

// parseSubstringAssertion reads an RFC 4517 sec 3.3.30 value.
func parseSubstringAssertion(v string) (string, []string, string, error) {
	if err := validSubstringAssertion(v); err != nil {
		return "", nil, "", err
	}
	var parts []string
	var cur []byte
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '*':
			parts = append(parts, string(cur))
			cur = cur[:0]
		case '\\':
			cur = append(cur, unhex(v[i+1])<<4|unhex(v[i+2]))
			i += 2
		default:
			cur = append(cur, v[i])
		}
	}
	parts = append(parts, string(cur))
	return parts[0], parts[1 : len(parts)-1], parts[len(parts)-1], nil
}

func (ev *evaluator) entryDN() DN {
	if !ev.dnDone {
		ev.dnDone = true
		d, err := DNParser{RFC1485: true}.Parse(ev.e.DN)
		if err == nil {
			ev.dn = d
		}
	}
	return ev.dn
}
