package ldap

import (
	"encoding/base64"
	"fmt"
	"slices"
	"strings"
	"sync"
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
	// macros holds objectIdentifier macros (lower-case name → OID).
	macros   map[string]string
	warnings []string
	warned   map[string]bool
}

// NewSchema returns an empty schema (matching rules and syntaxes are built
// in; attribute types and object classes come from AddDefinitions).
func NewSchema() *Schema {
	s := &Schema{attrs: map[string]*AttributeType{}, classes: map[string]*ObjectClass{}, names: map[string]string{}}
	for _, r := range builtinRules() {
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
	for k, v := range s.macros {
		if c.macros == nil {
			c.macros = map[string]string{}
		}
		c.macros[k] = v
	}
	c.warnings = append([]string(nil), s.warnings...)
	for k := range s.warned {
		if c.warned == nil {
			c.warned = map[string]bool{}
		}
		c.warned[k] = true
	}
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
	// walk it breadth first, each class once. Chains are a few classes
	// long, so a list (on the stack for up to 8) beats a map.
	var buf [8]*ObjectClass
	seen := append(buf[:0], c)
	for i := 0; i < len(seen); i++ {
		for _, name := range seen[i].Sup {
			p := s.ObjectClass(name)
			if p == nil || slices.Contains(seen, p) {
				continue
			}
			if p == target {
				return true
			}
			seen = append(seen, p)
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
	if old, ok := s.attrs[a.OID]; ok {
		// A redefinition (a subschema entry repeats the standard types)
		// replaces the old one.
		for i, x := range s.list {
			if x == old {
				s.list = append(s.list[:i], s.list[i+1:]...)
				break
			}
		}
	}
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

// AddDefinitions reads schema definitions and adds them. It reads the
// three forms a schema comes in:
//
//   - an OpenLDAP schema file (slapd.conf form): "attributetype ( ... )",
//     "objectclass ( ... )", "objectidentifier NAME OID", over several
//     lines, continuation lines starting with white space;
//   - OpenLDAP's cn=config form (LDIF): "olcAttributeTypes: {0}( ... )",
//     "olcObjectClasses:", "olcObjectIdentifier:", folded per RFC 2849;
//   - an RFC 4512 sec 4.2 subschema entry in LDIF, as "ldapsearch -b
//     cn=subschema -s base + " prints it: "attributeTypes: ( ... )",
//     "objectClasses: ( ... )".
//
// '#' starts a comment line. An element's OID may be an objectIdentifier
// macro, alone ("id-at-role") or with a suffix ("OpenLDAPobjectClass:3"),
// as in OpenLDAP. Other attributes of an LDIF entry (dn, objectClass: ...,
// cn) and the lines of ldapmodify's change form ("changetype: modify",
// "add: olcAttributeTypes", "-") are skipped; ldapSyntaxes, matchingRules, matchingRuleUse, DIT
// content and structure rules and name forms are checked for form and
// otherwise ignored (matching rules and syntaxes are built in). A
// matching rule that is not built in is no error: Warnings names it once,
// and assertions that need it are Undefined.
func (s *Schema) AddDefinitions(text string) error {
	stmts, err := schemaStatements(text)
	if err != nil {
		return err
	}
	for _, st := range stmts {
		if st.warning != "" {
			s.warn(st.warning, st.warning)
		}
		if err := s.addStatement(st); err != nil {
			return fmt.Errorf("ldap schema: line %d: %v", st.line, err)
		}
	}
	s.link()
	return nil
}

// Warnings returns what loading the schema noticed without failing, such
// as matching rules that are not built in, each once.
func (s *Schema) Warnings() []string { return s.warnings }

// schemaStmt is one definition: its keyword (lower case, with the "olc"
// prefix and the plural s removed: "attributetype", "objectclass",
// "objectidentifier", ...), its value and its first line.
type schemaStmt struct {
	kw, value string
	line      int
	warning   string
}

// schemaKeywords maps every spelling of a definition keyword to its
// canonical form; it is built on first use.
var schemaKeywords = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for _, kw := range []string{"attributeType", "objectClass", "objectIdentifier", "ldapSyntax", "matchingRule",
		"matchingRuleUse", "dITContentRule", "dITStructureRule", "nameForm"} {
		k := strings.ToLower(kw)
		plural := k + "s"
		if strings.HasSuffix(k, "s") {
			plural = k + "es"
		}
		if k == "matchingruleuse" {
			plural = k
		}
		if k == "ldapsyntax" {
			plural = "ldapsyntaxes"
		}
		for _, sp := range []string{k, plural, "olc" + k, "olc" + plural} {
			m[sp] = k
		}
	}
	return m
})

// schemaStatements splits text into definitions, unfolding lines: in the
// LDIF forms (the first definition line has "attribute:") a continuation
// line loses its first space (RFC 2849); in the schema file form it is
// joined with the white space it starts with.
func schemaStatements(text string) ([]schemaStmt, error) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	ldif, decided := false, false
	var stmts []schemaStmt
	var cur []string
	curLine, inComment := 0, false
	flush := func() error {
		if cur == nil {
			return nil
		}
		sep := ""
		if !ldif {
			sep = "\n"
		}
		st, skip, err := schemaStatement(strings.Join(cur, sep), curLine, ldif)
		cur = nil
		if err != nil {
			return err
		}
		if !skip {
			stmts = append(stmts, st)
		}
		return nil
	}
	for i, l := range lines {
		switch {
		case l == "" || strings.TrimSpace(l) == "" && !ldif:
			inComment = false
			if err := flush(); err != nil {
				return nil, err
			}
		case l[0] == ' ' || l[0] == '\t':
			if inComment {
				continue
			}
			if cur == nil {
				if strings.TrimSpace(l) == "" {
					continue
				}
				if ldif {
					return nil, fmt.Errorf("ldap schema: line %d: continuation line (starting with a space) without a line before it", i+1)
				}
				cur, curLine = []string{}, i+1
			}
			if ldif {
				l = l[1:]
			}
			cur = append(cur, l)
		case l[0] == '#':
			inComment = true
			if err := flush(); err != nil {
				return nil, err
			}
		default:
			inComment = false
			if err := flush(); err != nil {
				return nil, err
			}
			if !decided {
				decided = true
				word, _, _ := strings.Cut(strings.TrimSpace(l), " ")
				word, _, _ = strings.Cut(word, "\t")
				word, _, _ = strings.Cut(word, "(")
				ldif = strings.Contains(word, ":")
			}
			cur, curLine = []string{l}, i+1
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return stmts, nil
}

// schemaStatement reads one unfolded line; skip is true for the other
// attributes of an LDIF entry.
func schemaStatement(l string, line int, ldif bool) (schemaStmt, bool, error) {
	st := schemaStmt{line: line}
	if ldif {
		if strings.TrimSpace(l) == "-" {
			return st, true, nil // the end of a change in ldapmodify's form
		}
		attr, val, ok := strings.Cut(l, ":")
		if !ok {
			return st, false, fmt.Errorf("ldap schema: line %d: expected \"attribute: value\", found %q", line, firstRunes(l, 20))
		}
		if strings.HasPrefix(val, ":") {
			b, err := base64.StdEncoding.DecodeString(strings.TrimSpace(val[1:]))
			if err != nil {
				return st, false, fmt.Errorf("ldap schema: line %d: bad base64 value: %v", line, err)
			}
			val = string(b)
		}
		attr, _, _ = strings.Cut(attr, ";")
		kw, known := schemaKeywords()[strings.ToLower(strings.TrimSpace(attr))]
		val = strings.TrimSpace(val)
		// OpenLDAP's cn=config orders values with an {n} prefix.
		if strings.HasPrefix(val, "{") {
			if j := strings.IndexByte(val, '}'); j > 0 && strings.Trim(val[1:j], "0123456789") == "" {
				val = strings.TrimSpace(val[j+1:])
			}
		}
		if !known || kw == "objectclass" && !strings.HasPrefix(val, "(") {
			return st, true, nil // dn, objectClass: subschema, cn, timestamps, ...
		}
		st.kw, st.value = kw, val
		return st, false, nil
	}
	t := strings.TrimLeft(l, " \t\n")
	j := strings.IndexAny(t, " \t\n(")
	if j < 0 {
		j = len(t)
	}
	kw, known := schemaKeywords()[strings.ToLower(t[:j])]
	if !known && hasPrefixFold(t[:j], "attribute") {
		// slapd.conf takes every keyword that starts with "attribute"
		// for attributetype (Debian's dsee.schema has "attributeype").
		kw, known = "attributetype", true
		st.warning = fmt.Sprintf("line %d: %q read as attributetype, as slapd reads it", line, t[:j])
	}
	if !known {
		if t[:j] == "" {
			return st, false, fmt.Errorf("ldap schema: line %d: expected a keyword such as attributetype, found %q", line, firstRunes(t, 20))
		}
		return st, false, fmt.Errorf("ldap schema: line %d: unknown definition keyword %q", line, t[:j])
	}
	st.kw, st.value = kw, strings.TrimSpace(t[j:])
	return st, false, nil
}

// addStatement adds one definition.
func (s *Schema) addStatement(st schemaStmt) error {
	if st.kw == "objectidentifier" {
		f := strings.Fields(st.value)
		if len(f) != 2 {
			return fmt.Errorf("objectIdentifier: expected a name and an OID, found %q", firstRunes(st.value, 40))
		}
		if oidLen(f[0]) != len(f[0]) || !isAlpha(f[0][0]) {
			return fmt.Errorf("objectIdentifier: %q is not a name", f[0])
		}
		oid, err := s.expandOID(f[1])
		if err != nil {
			return fmt.Errorf("objectIdentifier %s: %v", f[0], err)
		}
		if s.macros == nil {
			s.macros = map[string]string{}
		}
		s.macros[strings.ToLower(f[0])] = oid
		return nil
	}
	if !strings.HasPrefix(st.value, "(") {
		return fmt.Errorf("%s: expected '(' to start the description, found %q", st.kw, firstRunes(st.value, 20))
	}
	toks, end, err := schemaTokens(st.value, 0)
	if err != nil {
		return err
	}
	if rest := strings.TrimSpace(st.value[end:]); rest != "" {
		return fmt.Errorf("%s: %q after the closing ')'", st.kw, firstRunes(rest, 20))
	}
	if len(toks) >= 2 && toks[1] != ")" {
		oid, err := s.expandOID(toks[1])
		if err != nil {
			return fmt.Errorf("%s: %v", st.kw, err)
		}
		toks[1] = oid
	}
	switch st.kw {
	case "attributetype":
		a, err := s.parseAttributeType(toks)
		if err != nil {
			return fmt.Errorf("attribute type: %v", err)
		}
		s.addAttr(a)
	case "objectclass":
		o, err := parseObjectClass(toks)
		if err != nil {
			return fmt.Errorf("object class: %v", err)
		}
		s.addClass(o)
	default:
		if len(toks) < 3 || numericOIDLen(toks[1]) != len(toks[1]) {
			return fmt.Errorf("%s: expected a numeric OID after '('", st.kw)
		}
	}
	return nil
}

// expandOID returns the numeric OID that x stands for: x itself, or an
// objectIdentifier macro, alone or followed by ":suffix" (OpenLDAP).
func (s *Schema) expandOID(x string) (string, error) {
	if x != "" && isDigit(x[0]) {
		if numericOIDLen(x) != len(x) {
			return "", fmt.Errorf("%q is not a numeric OID", x)
		}
		return x, nil
	}
	name, suffix, hasSuffix := strings.Cut(x, ":")
	base, ok := s.macros[strings.ToLower(name)]
	if !ok {
		return "", fmt.Errorf("%q is neither a numeric OID nor an objectIdentifier macro defined before it", x)
	}
	if !hasSuffix {
		return base, nil
	}
	oid := base + "." + suffix
	if numericOIDLen(oid) != len(oid) {
		return "", fmt.Errorf("%q does not make a numeric OID (%s)", x, oid)
	}
	return oid, nil
}

// warn records a warning once per key.
func (s *Schema) warn(key, msg string) {
	if s.warned[key] {
		return
	}
	if s.warned == nil {
		s.warned = map[string]bool{}
	}
	s.warned[key] = true
	s.warnings = append(s.warnings, msg)
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

func (s *Schema) parseAttributeType(toks []string) (*AttributeType, error) {
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
		oid, err := s.expandOID(syn)
		if err != nil {
			return nil, fmt.Errorf("SYNTAX: %v", err)
		}
		a.Syntax = oid
	}
	for _, n := range a.Names {
		if n == "" || oidLen(n) != len(n) || !isAlpha(n[0]) {
			return nil, fmt.Errorf("NAME %q is not a descr (RFC 4512 sec 1.4)", n)
		}
	}
	for _, r := range []string{a.Equality, a.Ordering, a.Substr} {
		if r != "" && ruleByName(r) == nil {
			s.warn("rule "+strings.ToLower(r), fmt.Sprintf("matching rule %s is not built in: assertions that need it are Undefined (first used by %s)", r, a.Name()))
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
