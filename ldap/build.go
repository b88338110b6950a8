package ldap

import (
	"errors"
	"fmt"
	"strings"
)

// Safe builders: they take attribute descriptions and raw values and
// build a Filter without going through the string form, so no value can
// change the filter's structure (the injection every peer's users ask
// about). Attribute descriptions and matching rules are checked; values
// are octet strings used as they are. Each builder returns an error when
// an attribute description or rule is not an RFC 4512 form.

func checkAttr(attr string) error {
	if !IsAttributeDescription(attr) {
		return fmt.Errorf("ldap: %s is not an attribute description (RFC 4512 sec 2.5)", quote(attr))
	}
	return nil
}

// Equal builds (attr=value).
func Equal(attr, value string) (*Filter, error) { return ava(OpEqual, attr, value) }

// Approx builds (attr~=value).
func Approx(attr, value string) (*Filter, error) { return ava(OpApprox, attr, value) }

// GreaterOrEqual builds (attr>=value).
func GreaterOrEqual(attr, value string) (*Filter, error) { return ava(OpGreaterOrEqual, attr, value) }

// LessOrEqual builds (attr<=value).
func LessOrEqual(attr, value string) (*Filter, error) { return ava(OpLessOrEqual, attr, value) }

func ava(op Op, attr, value string) (*Filter, error) {
	if err := checkAttr(attr); err != nil {
		return nil, err
	}
	return &Filter{Op: op, Attr: attr, Value: value}, nil
}

// Present builds (attr=*).
func Present(attr string) (*Filter, error) {
	if err := checkAttr(attr); err != nil {
		return nil, err
	}
	return &Filter{Op: OpPresent, Attr: attr}, nil
}

// Substrings builds (attr=initial*any1*any2*final); empty initial or
// final means absent; any parts must not be empty, and at least one part
// must be given.
func Substrings(attr, initial string, any []string, final string) (*Filter, error) {
	if err := checkAttr(attr); err != nil {
		return nil, err
	}
	for _, a := range any {
		if a == "" {
			return nil, errors.New("ldap: an any substring is empty")
		}
	}
	if initial == "" && final == "" && len(any) == 0 {
		return nil, errors.New("ldap: a substrings filter needs at least one substring (use Present for attr=*)")
	}
	return &Filter{Op: OpSubstrings, Attr: attr, Initial: initial, Any: append([]string(nil), any...), Final: final}, nil
}

// Extensible builds (attr:dn:rule:=value); attr or rule may be empty, not both.
func Extensible(attr, rule string, dnAttrs bool, value string) (*Filter, error) {
	if attr == "" && rule == "" {
		return nil, errors.New("ldap: an extensible match needs an attribute description or a matching rule")
	}
	if attr != "" {
		if err := checkAttr(attr); err != nil {
			return nil, err
		}
	}
	if strings.EqualFold(rule, "dn") && !dnAttrs {
		return nil, errors.New("ldap: a matching rule named dn without dnAttrs has no RFC 4515 string form")
	}
	if rule != "" && !IsOID(rule) {
		return nil, fmt.Errorf("ldap: matching rule %s is not an OID or name (RFC 4512 sec 1.4)", quote(rule))
	}
	return &Filter{Op: OpExtensible, Attr: attr, Rule: rule, DNAttrs: dnAttrs, Value: value}, nil
}

// And builds (&f1 f2 ...); with no filters it is the RFC 4526 absolute TRUE.
func And(fs ...*Filter) *Filter { return &Filter{Op: OpAnd, Children: fs} }

// Or builds (|f1 f2 ...); with no filters it is the RFC 4526 absolute FALSE.
func Or(fs ...*Filter) *Filter { return &Filter{Op: OpOr, Children: fs} }

// Not builds (!f).
func Not(f *Filter) *Filter { return &Filter{Op: OpNot, Children: []*Filter{f}} }

// FormatFilter fills a filter template: each %s is replaced by the next
// argument escaped with EscapeFilterValue (so it can only ever be a
// value), %% by a percent sign; then the result is parsed strictly. Any
// other verb, or a count mismatch, is an error.
//
//	f, err := ldap.FormatFilter("(&(objectClass=person)(uid=%s))", userInput)
func FormatFilter(template string, args ...string) (*Filter, error) {
	var b strings.Builder
	n := 0
	for i := 0; i < len(template); i++ {
		c := template[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		if i+1 >= len(template) {
			return nil, errors.New("ldap: template ends with a lone %")
		}
		i++
		switch template[i] {
		case '%':
			b.WriteByte('%')
		case 's':
			if n >= len(args) {
				return nil, fmt.Errorf("ldap: template has more %%s than the %d arguments", len(args))
			}
			b.WriteString(EscapeFilterValue(args[n]))
			n++
		default:
			return nil, fmt.Errorf("ldap: template verb %%%c is not supported (only %%s and %%%%)", template[i])
		}
	}
	if n != len(args) {
		return nil, fmt.Errorf("ldap: template has %d %%s but %d arguments were given", n, len(args))
	}
	return ParseFilter(b.String())
}

// Validate checks a filter built by hand: attribute descriptions and
// matching rules in their RFC 4512 forms, no empty substrings, one child
// under not, an extensible match with a type or a rule, and nesting within
// DefaultMaxDepth. Filters from ParseFilter, DecodeFilterBER and the
// builders always pass (empty and/or lists are RFC 4526 absolute filters
// and pass too). A filter that passes has a string form that parses back
// to it.
func (f *Filter) Validate() error { return f.validate(1) }

func (f *Filter) validate(depth int) error {
	if f == nil {
		return errors.New("ldap: nil filter")
	}
	if depth > DefaultMaxDepth {
		return fmt.Errorf("ldap: filter nests deeper than %d levels", DefaultMaxDepth)
	}
	switch f.Op {
	case OpAnd, OpOr, OpNot:
		if f.Op == OpNot && len(f.Children) != 1 {
			return fmt.Errorf("ldap: not has %d filters, want 1", len(f.Children))
		}
		for _, c := range f.Children {
			if err := c.validate(depth + 1); err != nil {
				return err
			}
		}
		return nil
	case OpEqual, OpApprox, OpGreaterOrEqual, OpLessOrEqual, OpPresent:
		return checkAttr(f.Attr)
	case OpSubstrings:
		_, err := Substrings(f.Attr, f.Initial, f.Any, f.Final)
		return err
	case OpExtensible:
		_, err := Extensible(f.Attr, f.Rule, f.DNAttrs, f.Value)
		return err
	}
	return fmt.Errorf("ldap: unknown filter operation %d", f.Op)
}
