package cli

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ucskit/ucs/ldap"
)

func init() {
	register(&Command{
		Name:    "ldap",
		Summary: "check LDAP filters, DNs and attribute values; match filters against LDIF",
		Usage:   ldapUsage,
		Run:     runLDAP,
	})
}

const ldapUsage = `Usage: ucs ldap filter [--dialect D] [--json] FILTER...
  ucs ldap match [--schema FILE]... [--dialect D] [--json] [--show-undefined]
                 [--output dn|json|ldif|ldif-plain] [--attrs LIST] [--width N]
                 [--attribute-options LIST] [--all-options-are-tags] --ldif FILE FILTER
  ucs ldap dn [--rfc1485] [--schema FILE] [--json] DN...
  ucs ldap syntax [--form rfc4517|rfc1488] [--json] SYNTAX VALUE...
  ucs ldap syntax --list

filter   parses each filter (RFC 4515, strict) and prints its canonical form;
         --json prints {"input","valid","canonical","ber","error"} per line,
         "ber" being the hex of the RFC 4511 encoding. Invalid filters are
         reported with their byte offset and character column.
         --dialect takes a comma list of rfc1558 (legacy \* \( \) escapes),
         rfc4526 ((&) and (|)), openldap (no outer parentheses, spaces).
match    evaluates FILTER on every entry of the LDIF file (RFC 2849; "-" reads
         standard input; entries are read one at a time) with the
         standard schema, plus the --schema files (repeatable): OpenLDAP
         .schema files, their cn=config .ldif forms, or the subschema
         entry of a server (ldapsearch -b cn=subschema -s base +), and prints
         the DN of each entry it is TRUE for; --show-undefined also prints
         those it is Undefined for, as "? DN". --json (--output json)
         prints {"dn","result"} for every entry, result true, false or
         undefined. --output ldif prints the entries the filter is TRUE
         for as RFC 2849 LDIF ("version: 1" first, as ldapsearch -L),
         ldif-plain without the version line (ldapsearch -LLL; what
         slapadd reads); values that are not plain ASCII are base64, lines
         are folded at --width (76; 0 never folds). --attrs cn,mail keeps
         only those attributes and their subtypes, as a search's attribute
         list does ("*" user attributes, "+" operational, "1.1" none).
         Plain LDIF values may be UTF-8 here (RFC 2849 wants base64).
         As a server does, it counts the superclasses of listed object
         classes, and an unknown type or attribute option makes an item
         Undefined; language tags (cn;lang-de) are known options, and
         --attribute-options x-opt,x-hidden- names more (a name ending in
         '-' is a prefix); --all-options-are-tags knows every option.
dn       parses each DN (RFC 4514; --rfc1485 also accepts ';', quotes,
         spaces and <...>) and prints its normalized form under the schema.
syntax   validates each VALUE against SYNTAX (a name such as "Postal
         Address" or an OID such as 1.3.6.1.4.1.1466.115.121.1.41) in the
         RFC 4517 form or the RFC 1488 form and says which matched.

Flags come before the arguments; "--" ends them.
Exit status: 0 all valid, 1 something invalid, 2 usage error, 3 I/O error.

Examples:
  ucs ldap filter '(&(objectClass=person)(cn=Babs J*))'
  ucs ldap filter --json '(cn=a\2ab)'
  ucs ldap dn 'CN=Steve Kille,O=Isode Limited,C=GB'
  ucs ldap syntax 'Generalized Time' 199412161032Z
  ucs ldap match --ldif people.ldif '(sn=jensen)'
  slapcat | ucs ldap match --ldif - --output ldif-plain --attrs cn,mail '(objectClass=person)'
`

type ldapFlags struct {
	json, showUndefined, rfc1485, list, allOptions bool
	dialect, schema, ldif, form, attrOptions       string
	output, attrs, width                           string
}

// parseLDAPFlags reads the flags before the first argument.
func parseLDAPFlags(args []string, allowed string) (ldapFlags, []string, error) {
	var f ldapFlags
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if a == "-h" || a == "-help" {
			return f, nil, errHelp
		}
		if !strings.HasPrefix(a, "--") {
			break
		}
		name, val, hasVal := strings.Cut(a[2:], "=")
		if !strings.Contains(" "+allowed+" ", " "+name+" ") && name != "help" {
			return f, nil, fmt.Errorf("unknown flag --%s", name)
		}
		needs := map[string]*string{"dialect": &f.dialect, "schema": &f.schema, "ldif": &f.ldif, "form": &f.form, "attribute-options": &f.attrOptions,
			"output": &f.output, "attrs": &f.attrs, "width": &f.width}
		if p, ok := needs[name]; ok {
			if !hasVal {
				if i+1 >= len(args) {
					return f, nil, fmt.Errorf("flag --%s needs a value", name)
				}
				i++
				val = args[i]
			}
			if name == "schema" && f.schema != "" {
				// --schema may be given more than once: files load in order.
				val = f.schema + "\x00" + val
			}
			*p = val
			continue
		}
		if hasVal {
			return f, nil, fmt.Errorf("flag --%s takes no value", name)
		}
		switch name {
		case "json":
			f.json = true
		case "show-undefined":
			f.showUndefined = true
		case "rfc1485":
			f.rfc1485 = true
		case "list":
			f.list = true
		case "all-options-are-tags":
			f.allOptions = true
		case "help":
			return f, nil, errHelp
		}
	}
	return f, args[i:], nil
}

var errHelp = errors.New("help")

func runLDAP(env *Env, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(env.Stderr, ldapUsage)
		return ExitUsage
	}
	sub, rest := args[0], args[1:]
	allowed := map[string]string{
		"filter": "dialect json",
		"match":  "schema dialect json show-undefined ldif attribute-options all-options-are-tags output attrs width",
		"dn":     "rfc1485 schema json",
		"syntax": "form json list",
	}
	switch sub {
	case "help", "-h", "--help":
		fmt.Fprint(env.Stdout, ldapUsage)
		return ExitOK
	}
	al, ok := allowed[sub]
	if !ok {
		fmt.Fprintf(env.Stderr, "ucs ldap: unknown subcommand %q%s (filter, match, dn, syntax)\n", sub, suggest(sub, []string{"filter", "match", "dn", "syntax"}))
		return ExitUsage
	}
	f, rest, err := parseLDAPFlags(rest, al)
	if errors.Is(err, errHelp) {
		fmt.Fprint(env.Stdout, ldapUsage)
		return ExitOK
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "ucs ldap %s: %v\n", sub, err)
		return ExitUsage
	}
	switch sub {
	case "filter":
		return ldapFilter(env, f, rest)
	case "match":
		return ldapMatch(env, f, rest)
	case "dn":
		return ldapDN(env, f, rest)
	default:
		return ldapSyntax(env, f, rest)
	}
}

type jsonErr struct {
	Offset  int    `json:"offset"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

func toJSONErr(err error) *jsonErr {
	var se *ldap.SyntaxError
	if errors.As(err, &se) {
		return &jsonErr{Offset: se.Offset, Column: se.Column, Message: se.Msg}
	}
	return &jsonErr{Message: err.Error()}
}

// writeJSON writes v as one line of JSON, without HTML escaping (so
// "<=" stays readable).
func writeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}

func ldapFilter(env *Env, f ldapFlags, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(env.Stderr, "ucs ldap filter: give at least one FILTER\n")
		return ExitUsage
	}
	d, err := ldap.ParseDialect(f.dialect)
	if err != nil {
		fmt.Fprintf(env.Stderr, "ucs ldap filter: %v\n", err)
		return ExitUsage
	}
	p := ldap.FilterParser{Dialect: d}
	code := ExitOK
	for _, in := range args {
		flt, err := p.Parse(in)
		if f.json {
			out := struct {
				Input     string   `json:"input"`
				InputHex  string   `json:"input_hex,omitempty"`
				Valid     bool     `json:"valid"`
				Canonical *string  `json:"canonical,omitempty"`
				BER       *string  `json:"ber,omitempty"`
				Error     *jsonErr `json:"error,omitempty"`
			}{Input: in, Valid: err == nil}
			if !utf8.ValidString(in) {
				// JSON strings cannot hold the raw bytes: give them in hex too.
				out.InputHex = hex.EncodeToString([]byte(in))
			}
			if err == nil {
				c, b := flt.String(), hex.EncodeToString(flt.BER())
				out.Canonical, out.BER = &c, &b
			} else {
				out.Error = toJSONErr(err)
			}
			writeJSON(env.Stdout, out)
		} else if err == nil {
			fmt.Fprintln(env.Stdout, flt.String())
		} else {
			fmt.Fprintf(env.Stderr, "ucs ldap filter: %q: %v\n", in, err)
		}
		if err != nil {
			code = ExitInvalid
		}
	}
	return code
}

// loadSchema reads the --schema files, in order, on top of the standard
// schema; what they hold that ucs cannot use (matching rules it does not
// implement) is reported as warnings.
func loadSchema(env *Env, paths string) (*ldap.Schema, int) {
	if paths == "" {
		return ldap.Standard(), ExitOK
	}
	s := ldap.Standard().Clone()
	for _, path := range strings.Split(paths, "\x00") {
		if code := refuseInputIsOutput(env, "ldap", []string{path}); code != ExitOK {
			return nil, code
		}
		b, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintf(env.Stderr, "ucs ldap: %v\n", err)
			return nil, ExitIO
		}
		before := len(s.Warnings())
		if err := s.AddDefinitions(string(b)); err != nil {
			fmt.Fprintf(env.Stderr, "ucs ldap: %s: %v\n", path, err)
			return nil, ExitInvalid
		}
		for _, w := range s.Warnings()[before:] {
			fmt.Fprintf(env.Stderr, "ucs ldap: %s: warning: %s\n", path, w)
		}
	}
	return s, ExitOK
}

// ldapMatch runs "ucs ldap match": it checks the flags, reads the schema
// and the filter, and writes what the filter says of each entry of the
// LDIF file.
func ldapMatch(env *Env, f ldapFlags, args []string) int {
	if f.ldif == "" || len(args) != 1 {
		fmt.Fprint(env.Stderr, "ucs ldap match: give --ldif FILE and exactly one FILTER\n")
		return ExitUsage
	}
	d, err := ldap.ParseDialect(f.dialect)
	if err != nil {
		fmt.Fprintf(env.Stderr, "ucs ldap match: %v\n", err)
		return ExitUsage
	}
	out, code := newMatchOutput(env, f)
	if code != ExitOK {
		return code
	}
	sc, code := loadSchema(env, f.schema)
	if code != ExitOK {
		return code
	}
	flt, err := ldap.FilterParser{Dialect: d}.Parse(args[0])
	if err != nil {
		fmt.Fprintf(env.Stderr, "ucs ldap match: %q: %v\n", args[0], err)
		return ExitInvalid
	}
	evalOpts := ldap.EvalOptions{AllOptionsAreTags: f.allOptions}
	if f.attrOptions != "" {
		evalOpts.AttributeOptions = strings.Split(f.attrOptions, ",")
	}
	if code := refuseInputIsOutput(env, "ldap match", []string{f.ldif}); code != ExitOK {
		return code
	}
	in, name := env.Stdin, "standard input"
	if f.ldif != "-" {
		fh, err := os.Open(f.ldif)
		if err != nil {
			fmt.Fprintf(env.Stderr, "ucs ldap match: %v\n", err)
			return ExitIO
		}
		defer fh.Close()
		in, name = fh, f.ldif
	}
	dec := ldap.LDIFReader{AllowUTF8: true}.NewDecoder(in)
	code = ExitOK
	for code == ExitOK {
		e, err := dec.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Fprintf(env.Stderr, "ucs ldap match: %s: %v\n", name, err)
			code = ExitInvalid
			break
		}
		code = out.write(env, e, flt.EvaluateWith(e, sc, evalOpts), sc, name)
	}
	return out.flush(env, code)
}

// matchOutput is what "ucs ldap match" writes for each entry: its DN
// (and "? DN" for Undefined with --show-undefined), a JSON line, or the
// entry as LDIF, with the attributes selected.
type matchOutput struct {
	format        string // dn, json, ldif or ldif-plain
	enc           *ldap.LDIFEncoder
	attrs         []string
	showUndefined bool
}

// newMatchOutput checks the output flags of "ucs ldap match" against
// each other.
func newMatchOutput(env *Env, f ldapFlags) (*matchOutput, int) {
	out := &matchOutput{format: f.output, showUndefined: f.showUndefined}
	if f.json {
		if out.format != "" && out.format != "json" {
			fmt.Fprintf(env.Stderr, "ucs ldap match: --json and --output %s contradict each other\n", out.format)
			return nil, ExitUsage
		}
		out.format = "json"
	}
	if out.format == "" {
		out.format = "dn"
	}
	switch out.format {
	case "dn", "json":
		if f.attrs != "" || f.width != "" {
			fmt.Fprintf(env.Stderr, "ucs ldap match: --attrs and --width go with --output ldif or ldif-plain\n")
			return nil, ExitUsage
		}
		return out, ExitOK
	case "ldif", "ldif-plain":
		return out, out.ldifOptions(env, f)
	}
	fmt.Fprintf(env.Stderr, "ucs ldap match: --output must be dn, json, ldif or ldif-plain, not %q\n", out.format)
	return nil, ExitUsage
}

// ldifOptions sets up LDIF output: the encoder, its line width and the
// attributes to write.
func (out *matchOutput) ldifOptions(env *Env, f ldapFlags) int {
	if f.showUndefined {
		fmt.Fprintf(env.Stderr, "ucs ldap match: --show-undefined goes with --output dn or json: LDIF output holds the entries the filter is TRUE for\n")
		return ExitUsage
	}
	out.enc = ldap.NewLDIFEncoder(env.Stdout)
	out.enc.Version = out.format == "ldif"
	if f.width != "" {
		w, err := strconv.Atoi(f.width)
		if err != nil || w < 0 || w == 1 {
			fmt.Fprintf(env.Stderr, "ucs ldap match: --width must be 0 (no folding) or a line length of at least 2, not %q\n", f.width)
			return ExitUsage
		}
		if w == 0 {
			w = -1
		}
		out.enc.Width = w
	}
	if f.attrs != "" {
		for _, a := range strings.Split(f.attrs, ",") {
			if a != "*" && a != "+" && !ldap.IsAttributeDescription(a) {
				fmt.Fprintf(env.Stderr, "ucs ldap match: --attrs: %q is not an attribute description, \"*\", \"+\" or \"1.1\"\n", a)
				return ExitUsage
			}
			out.attrs = append(out.attrs, a)
		}
	}
	return ExitOK
}

// write writes what the filter said of entry e (r) from the file name.
func (out *matchOutput) write(env *Env, e *ldap.Entry, r ldap.Result, sc *ldap.Schema, name string) int {
	switch {
	case out.format == "json":
		writeJSON(env.Stdout, struct {
			DN     string `json:"dn"`
			Result string `json:"result"`
		}{e.DN, r.String()})
	case r == ldap.True && out.enc != nil:
		if err := out.enc.Encode(e.Select(sc, out.attrs)); err != nil {
			fmt.Fprintf(env.Stderr, "ucs ldap match: %s: writing LDIF: %v\n", name, err)
			return ExitIO
		}
	case r == ldap.True:
		fmt.Fprintln(env.Stdout, e.DN)
	case r == ldap.Undefined && out.showUndefined:
		fmt.Fprintln(env.Stdout, "? "+e.DN)
	}
	return ExitOK
}

// flush ends LDIF output; code is the exit status so far.
func (out *matchOutput) flush(env *Env, code int) int {
	if out.enc != nil {
		if err := out.enc.Flush(); err != nil && code == ExitOK {
			fmt.Fprintf(env.Stderr, "ucs ldap match: writing LDIF: %v\n", err)
			code = ExitIO
		}
	}
	return code
}

func ldapDN(env *Env, f ldapFlags, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(env.Stderr, "ucs ldap dn: give at least one DN\n")
		return ExitUsage
	}
	sc, code := loadSchema(env, f.schema)
	if code != ExitOK {
		return code
	}
	code = ExitOK
	for _, in := range args {
		n, err := ldap.NormalizeDN(in, sc, f.rfc1485)
		if f.json {
			out := struct {
				Input      string   `json:"input"`
				Valid      bool     `json:"valid"`
				Normalized *string  `json:"normalized,omitempty"`
				Error      *jsonErr `json:"error,omitempty"`
			}{Input: in, Valid: err == nil}
			if err == nil {
				out.Normalized = &n
			} else {
				out.Error = toJSONErr(err)
			}
			writeJSON(env.Stdout, out)
		} else if err == nil {
			fmt.Fprintln(env.Stdout, n)
		} else {
			fmt.Fprintf(env.Stderr, "ucs ldap dn: %q: %v\n", in, err)
		}
		if err != nil {
			code = ExitInvalid
		}
	}
	return code
}

func ldapSyntax(env *Env, f ldapFlags, args []string) int {
	if f.list {
		for _, x := range ldap.Syntaxes() {
			var forms []string
			for _, fm := range []ldap.Form{ldap.FormRFC4517, ldap.FormRFC1488} {
				if x.HasForm(fm) {
					forms = append(forms, string(fm))
				}
			}
			oid := x.OID
			if oid == "" {
				oid = "-"
			}
			fmt.Fprintf(env.Stdout, "%-30s %-32s %s\n", oid, x.Name, strings.Join(forms, ","))
		}
		return ExitOK
	}
	if len(args) < 2 {
		fmt.Fprint(env.Stderr, "ucs ldap syntax: give SYNTAX and at least one VALUE (--list shows the syntaxes)\n")
		return ExitUsage
	}
	form := ldap.Form(f.form)
	if form != ldap.FormAny && form != ldap.FormRFC4517 && form != ldap.FormRFC1488 {
		fmt.Fprintf(env.Stderr, "ucs ldap syntax: --form must be rfc4517 or rfc1488, not %q\n", f.form)
		return ExitUsage
	}
	x := ldap.SyntaxByName(args[0])
	if x == nil {
		fmt.Fprintf(env.Stderr, "ucs ldap syntax: unknown syntax %q (ucs ldap syntax --list shows them)\n", args[0])
		return ExitUsage
	}
	code := ExitOK
	for _, v := range args[1:] {
		got, err := x.Validate(v, form)
		if f.json {
			out := struct {
				Syntax string   `json:"syntax"`
				Value  string   `json:"value"`
				Valid  bool     `json:"valid"`
				Form   *string  `json:"form,omitempty"`
				Error  *jsonErr `json:"error,omitempty"`
			}{Syntax: x.Name, Value: v, Valid: err == nil}
			if err == nil {
				s := string(got)
				out.Form = &s
			} else {
				out.Error = toJSONErr(err)
			}
			writeJSON(env.Stdout, out)
		} else if err == nil {
			fmt.Fprintf(env.Stdout, "valid %s: %s\n", got, v)
		} else {
			fmt.Fprintf(env.Stderr, "ucs ldap syntax: %q: %v\n", v, err)
		}
		if err != nil {
			code = ExitInvalid
		}
	}
	return code
}
