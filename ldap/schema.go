package ldap

import (
	"fmt"
	"strings"
)

// AttributeType is an RFC 4512 sec 4.1.2 attribute type description.
type AttributeType struct {
	OID         string
	Names       []string
	Desc        string
	Sup         string // superior type (oid or name), or ""
	Equality    string // matching rule names or OIDs as written, or ""
	Ordering    string
	Substr      string
	Syntax      string // numericoid, without the {len} bound
	SingleValue bool
	Usage       string

	sup *AttributeType
}

// Name returns the first NAME of the type, or its OID.
func (a *AttributeType) Name() string {
	if len(a.Names) > 0 {
		return a.Names[0]
	}
	return a.OID
}

func (a *AttributeType) inherited(get func(*AttributeType) string) string {
	for t, n := a, 0; t != nil && n < 32; t, n = t.sup, n+1 {
		if v := get(t); v != "" {
			return v
		}
	}
	return ""
}

// EqualityRule returns the equality matching rule, inherited from SUP if
// not given; "" if none.
func (a *AttributeType) EqualityRule() string {
	return a.inherited(func(t *AttributeType) string { return t.Equality })
}

// OrderingRule returns the ordering matching rule (inherited), or "".
func (a *AttributeType) OrderingRule() string {
	return a.inherited(func(t *AttributeType) string { return t.Ordering })
}

// SubstringRule returns the substrings matching rule (inherited), or "".
func (a *AttributeType) SubstringRule() string {
	return a.inherited(func(t *AttributeType) string { return t.Substr })
}

// SyntaxOID returns the syntax (inherited), or "".
func (a *AttributeType) SyntaxOID() string {
	return a.inherited(func(t *AttributeType) string { return t.Syntax })
}

// IsSubtypeOf reports whether a is b or a subtype of b.
func (a *AttributeType) IsSubtypeOf(b *AttributeType) bool {
	for t, n := a, 0; t != nil && n < 32; t, n = t.sup, n+1 {
		if t == b {
			return true
		}
	}
	return false
}

// ObjectClass is an RFC 4512 sec 4.1.1 object class description.
type ObjectClass struct {
	OID   string
	Names []string
	Desc  string
	Sup   []string
	Kind  string // ABSTRACT, STRUCTURAL or AUXILIARY
	Must  []string
	May   []string
}

// Schema holds attribute types, object classes, matching rules and
// syntaxes, looked up by OID or case-insensitive name.
type Schema struct {
	attrs   map[string]*AttributeType
	classes map[string]*ObjectClass
	names   map[string]string // any lower-case name → OID (types, classes, rules, syntaxes)
	list    []*AttributeType
}

// NewSchema returns an empty schema (matching rules and syntaxes are built
// in; attribute types and object classes come from AddDefinitions).
func NewSchema() *Schema {
	s := &Schema{attrs: map[string]*AttributeType{}, classes: map[string]*ObjectClass{}, names: map[string]string{}}
	for _, r := range matchingRules {
		s.names[strings.ToLower(r.Name)] = r.OID
	}
	return s
}

// Clone returns a copy of s that definitions can be added to.
func (s *Schema) Clone() *Schema {
	c := NewSchema()
	for _, a := range s.list {
		cp := *a
		c.addAttr(&cp)
	}
	seen := map[*ObjectClass]bool{}
	for _, o := range s.classes {
		if !seen[o] {
			seen[o] = true
			c.addClass(o)
		}
	}
	c.link()
	return c
}

// AttributeType returns the type named by a name or OID (any case), or nil.
func (s *Schema) AttributeType(name string) *AttributeType {
	if s == nil {
		return nil
	}
	if a, ok := s.attrs[name]; ok {
		return a
	}
	return s.attrs[lowerASCII(name)]
}

// ObjectClass returns the class named by a name or OID, or nil.
func (s *Schema) ObjectClass(name string) *ObjectClass {
	if s == nil {
		return nil
	}
	return s.classes[strings.ToLower(name)]
}

// IsSubclassOf reports whether the object class named by sub (a name or
// OID) is a subclass, direct or not, of the class named by super (RFC
// 4512 sec 2.4.1); a class is not its own subclass.
func (s *Schema) IsSubclassOf(sub, super string) bool {
	c, target := s.ObjectClass(sub), s.ObjectClass(super)
	if c == nil || target == nil {
		return false
	}
	// The superclass graph is small but may be cyclic in a bad schema:
	// walk it breadth first, each class once.
	seen := map[*ObjectClass]bool{c: true}
	queue := []*ObjectClass{c}
	for len(queue) > 0 {
		c, queue = queue[0], queue[1:]
		for _, name := range c.Sup {
			p := s.ObjectClass(name)
			if p == nil || seen[p] {
				continue
			}
			if p == target {
				return true
			}
			seen[p] = true
			queue = append(queue, p)
		}
	}
	return false
}

// ResolveOID returns the numeric OID of a schema element (attribute type,
// object class, matching rule) named by name, and whether it is known.
// Numeric OIDs resolve to themselves.
func (s *Schema) ResolveOID(name string) (string, bool) {
	if name != "" && isDigit(name[0]) {
		return name, numericOIDLen(name) == len(name)
	}
	if s == nil {
		return "", false
	}
	if oid, ok := s.names[name]; ok {
		return oid, true
	}
	oid, ok := s.names[lowerASCII(name)]
	return oid, ok
}

// AttributeTypes returns the attribute types in definition order.
func (s *Schema) AttributeTypes() []*AttributeType { return s.list }

func (s *Schema) addAttr(a *AttributeType) {
	s.attrs[a.OID] = a
	s.names[a.OID] = a.OID
	for _, n := range a.Names {
		s.attrs[strings.ToLower(n)] = a
		s.attrs[n] = a // as written, so that lookups in that spelling need no lower-casing
		s.names[strings.ToLower(n)] = a.OID
		s.names[n] = a.OID
	}
	s.list = append(s.list, a)
}

func (s *Schema) addClass(o *ObjectClass) {
	s.classes[o.OID] = o
	for _, n := range o.Names {
		s.classes[strings.ToLower(n)] = o
		s.names[strings.ToLower(n)] = o.OID
		s.names[n] = o.OID
	}
}

func (s *Schema) link() {
	for _, a := range s.list {
		a.sup = nil
		if a.Sup != "" {
			a.sup = s.attrs[strings.ToLower(a.Sup)]
		}
	}
}

// ParseSchema reads schema definitions (see AddDefinitions) into a new
// schema that starts from the standard one.
func ParseSchema(text string) (*Schema, error) {
	s := Standard().Clone()
	if err := s.AddDefinitions(text); err != nil {
		return nil, err
	}
	return s, nil
}

// AddDefinitions reads RFC 4512 sec 4.1 descriptions and adds them. The
// text may be a subschema entry in LDIF ("attributeTypes: ( ... )",
// folded lines allowed) or an OpenLDAP schema file ("attributetype ( ...
// )", over several lines); '#' starts a comment line. Each description is
// introduced by attributeType(s), objectClass(es), ldapSyntax(es),
// matchingRule(s) or matchingRuleUse (the last three are checked for
// form and otherwise ignored: matching rules and syntaxes are built in).
func (s *Schema) AddDefinitions(text string) error {
	// Unfold LDIF continuation lines and drop comments, keeping offsets
	// roughly meaningful by reporting line numbers.
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var joined strings.Builder
	lineOf := []int{}
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		if strings.HasPrefix(l, " ") && joined.Len() > 0 {
			l = l[1:]
		} else if joined.Len() > 0 {
			joined.WriteByte('\n')
			lineOf = append(lineOf, i)
		}
		for range l {
			lineOf = append(lineOf, i)
		}
		joined.WriteString(l)
	}
	src := joined.String()
	lineAt := func(off int) int {
		if off < len(lineOf) {
			return lineOf[off] + 1
		}
		return len(lines)
	}
	p := 0
	for {
		for p < len(src) && strings.IndexByte(" \t\n", src[p]) >= 0 {
			p++
		}
		if p >= len(src) {
			break
		}
		kwStart := p
		for p < len(src) && (isKeychar(src[p]) || src[p] == '.') {
			p++
		}
		kw := strings.ToLower(src[kwStart:p])
		if p < len(src) && src[p] == ':' {
			p++
		}
		for p < len(src) && strings.IndexByte(" \t\n", src[p]) >= 0 {
			p++
		}
		if p >= len(src) || src[p] != '(' {
			if kw == "" {
				return fmt.Errorf("ldap schema: line %d: expected a keyword such as attributeTypes, found %q", lineAt(kwStart), firstRunes(src[kwStart:], 20))
			}
			// Other attributes of a subschema entry (dn:, objectClass: subschema, cn: ...): skip the line.
			for p < len(src) && src[p] != '\n' {
				p++
			}
			continue
		}
		toks, end, err := schemaTokens(src, p)
		if err != nil {
			return fmt.Errorf("ldap schema: line %d: %v", lineAt(p), err)
		}
		start := p
		p = end
		switch kw {
		case "attributetype", "attributetypes":
			a, err := parseAttributeType(toks)
			if err != nil {
				return fmt.Errorf("ldap schema: line %d: attribute type: %v", lineAt(start), err)
			}
			s.addAttr(a)
		case "objectclass", "objectclasses":
			o, err := parseObjectClass(toks)
			if err != nil {
				return fmt.Errorf("ldap schema: line %d: object class: %v", lineAt(start), err)
			}
			s.addClass(o)
		case "ldapsyntax", "ldapsyntaxes", "matchingrule", "matchingrules", "matchingruleuse", "matchingruleuses",
			"ditcontentrule", "ditcontentrules", "ditstructurerule", "ditstructurerules", "nameform", "nameforms":
			if len(toks) < 3 || (numericOIDLen(toks[1]) != len(toks[1]) && !isDigit(toks[1][0])) {
				return fmt.Errorf("ldap schema: line %d: %s: expected a numeric OID after '('", lineAt(start), kw)
			}
		default:
			return fmt.Errorf("ldap schema: line %d: unknown definition keyword %q", lineAt(kwStart), src[kwStart:start])
		}
	}
	s.link()
	return nil
}

func firstRunes(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		r = r[:n]
	}
	return string(r)
}

// schemaTokens splits a parenthesised description at src[p] into tokens:
// "(", ")", 'quoted' strings (without quotes, marked by a leading "'"),
// and bare words. It returns the offset after the closing parenthesis.
func schemaTokens(src string, p int) ([]string, int, error) {
	var toks []string
	depth := 0
	for p < len(src) {
		c := src[p]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			p++
		case c == '(' || c == ')':
			toks = append(toks, string(c))
			p++
			if c == '(' {
				depth++
			} else {
				depth--
				if depth == 0 {
					return toks, p, nil
				}
			}
		case c == '\'':
			q := strings.IndexByte(src[p+1:], '\'')
			if q < 0 {
				return nil, 0, fmt.Errorf("unterminated quoted string")
			}
			toks = append(toks, "'"+src[p+1:p+1+q])
			p += q + 2
		default:
			q := p
			for q < len(src) && strings.IndexByte(" \t\n()'", src[q]) < 0 {
				q++
			}
			toks = append(toks, src[p:q])
			p = q
		}
	}
	return nil, 0, fmt.Errorf("description not closed with ')'")
}

// descrFields reads the tokens after "( numericoid" into keyword → values.
func descrFields(toks []string) (string, map[string][]string, error) {
	if len(toks) < 3 || toks[0] != "(" || toks[len(toks)-1] != ")" {
		return "", nil, fmt.Errorf("expected ( numericoid ... )")
	}
	oid := toks[1]
	if numericOIDLen(oid) != len(oid) {
		return "", nil, fmt.Errorf("%q is not a numeric OID", oid)
	}
	fields := map[string][]string{}
	i := 2
	for i < len(toks)-1 {
		kw := strings.ToUpper(toks[i])
		i++
		switch kw {
		case "OBSOLETE", "SINGLE-VALUE", "COLLECTIVE", "NO-USER-MODIFICATION", "ABSTRACT", "STRUCTURAL", "AUXILIARY":
			fields[kw] = []string{}
			continue
		}
		if i >= len(toks)-1 {
			return "", nil, fmt.Errorf("%s needs a value", kw)
		}
		var vals []string
		if toks[i] == "(" {
			i++
			for i < len(toks)-1 && toks[i] != ")" {
				if toks[i] != "$" {
					vals = append(vals, strings.TrimPrefix(toks[i], "'"))
				}
				i++
			}
			i++
		} else {
			vals = append(vals, strings.TrimPrefix(toks[i], "'"))
			i++
		}
		fields[kw] = vals
	}
	return oid, fields, nil
}

func one(f map[string][]string, k string) string {
	if v := f[k]; len(v) > 0 {
		return v[0]
	}
	return ""
}

func parseAttributeType(toks []string) (*AttributeType, error) {
	oid, f, err := descrFields(toks)
	if err != nil {
		return nil, err
	}
	a := &AttributeType{OID: oid, Names: f["NAME"], Desc: one(f, "DESC"), Sup: one(f, "SUP"),
		Equality: one(f, "EQUALITY"), Ordering: one(f, "ORDERING"), Substr: one(f, "SUBSTR"),
		Usage: one(f, "USAGE")}
	_, a.SingleValue = f["SINGLE-VALUE"]
	if syn := one(f, "SYNTAX"); syn != "" {
		if i := strings.IndexByte(syn, '{'); i >= 0 {
			syn = syn[:i]
		}
		if numericOIDLen(syn) != len(syn) {
			return nil, fmt.Errorf("SYNTAX %q is not a numeric OID", syn)
		}
		a.Syntax = syn
	}
	for _, n := range a.Names {
		if n == "" || oidLen(n) != len(n) || !isAlpha(n[0]) {
			return nil, fmt.Errorf("NAME %q is not a descr (RFC 4512 sec 1.4)", n)
		}
	}
	for _, r := range []string{a.Equality, a.Ordering, a.Substr} {
		if r != "" && ruleByName(r) == nil {
			return nil, fmt.Errorf("unknown matching rule %q", r)
		}
	}
	if a.Sup == "" && a.Syntax == "" {
		return nil, fmt.Errorf("%s has neither SUP nor SYNTAX", oid)
	}
	return a, nil
}

func parseObjectClass(toks []string) (*ObjectClass, error) {
	oid, f, err := descrFields(toks)
	if err != nil {
		return nil, err
	}
	o := &ObjectClass{OID: oid, Names: f["NAME"], Desc: one(f, "DESC"), Sup: f["SUP"], Must: f["MUST"], May: f["MAY"], Kind: "STRUCTURAL"}
	for _, n := range o.Names {
		if n == "" || oidLen(n) != len(n) || !isAlpha(n[0]) {
			return nil, fmt.Errorf("NAME %q is not a descr (RFC 4512 sec 1.4)", n)
		}
	}
	for _, k := range []string{"ABSTRACT", "AUXILIARY"} {
		if _, ok := f[k]; ok {
			o.Kind = k
		}
	}
	return o, nil
}
