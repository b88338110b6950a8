// Package charset is the registry of ucs's encodings: one Charset value per
// encoding, with its canonical name, aliases (WHATWG labels, IANA names and
// MIBenum numbers, Windows code pages, common iconv and ICU spellings),
// capabilities and codec.
//
// Lookup follows the label rules of the WHATWG Encoding Standard (§4.2 "Names
// and labels": ASCII whitespace trimmed, ASCII case-insensitive) and its label
// table (encodings.json, pinned in internal/gen/data) wherever a WHATWG label
// exists, with these deliberate deviations:
//
//   - utf-16 names UTF-16 as RFC 2781 defines it (a BOM decides the byte
//     order, big-endian without one); WHATWG maps it to UTF-16LE.
//   - ucs-2, iso-10646-ucs-2 and csunicode name UCS-2 (the BMP-only
//     two-octet form, big-endian by default); WHATWG maps them to UTF-16LE.
//     unicode and unicodefeff keep WHATWG's meaning, UTF-16LE.
//   - The ISO-8859-1 labels (iso-8859-1, latin1, l1, cp819, ibm819, ...)
//     name a true ISO-8859-1, whose bytes 80–9F are the C1 controls; the
//     ASCII labels (ascii, us-ascii, ansi_x3.4-1968) name a true US-ASCII, in
//     which bytes 80–FF are malformed. WHATWG maps both to windows-1252.
//   - iso-2022-kr, csiso2022kr and hz-gb-2312 name real ISO-2022-KR
//     (RFC 1557) and HZ (RFC 1843) codecs; WHATWG maps them to its
//     replacement encoding, which decodes any input to one U+FFFD. The
//     ISO-2022-CN labels keep WHATWG's meaning.
//   - unicode-1-1-utf-8 names a decode-only charset that refuses the
//     Unicode 1.1 Hangul block (U+3400–U+4DFF), which later versions of
//     Unicode reassigned, instead of reading it as today's characters;
//     WHATWG maps the label to UTF-8.
//
// Labels that WHATWG lacks are added per charset. As in WHATWG, gb2312
// means GBK (strict GB 2312 is euc-cn or cp20936) and tis-620 means
// windows-874 (TIS 620 itself is tis-620-2533).
package charset

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/suggest"
)

// Charset describes one encoding of ucs.
type Charset struct {
	// Name is the canonical name, lower-case, as ucs prints it ("utf-8",
	// "utf-16le", "gb18030").
	Name string
	// Aliases are the other labels Lookup accepts for it.
	Aliases []string
	// MIB is the IANA MIBenum, or 0 when IANA registers none.
	MIB int
	// CodePages are the Windows code page numbers of the encoding; Lookup
	// accepts "cpN", "windows-N" and "ibmN" spellings of them.
	CodePages []int
	// Codec converts the encoding; it satisfies x/text's encoding.Encoding.
	Codec *encoding.Codec
	// Family groups related encodings: "unicode", "chinese", "japanese",
	// "korean", "single-byte", "ebcdic" (the single-byte EBCDIC pages,
	// whose bytes 00–FF are all arranged differently from ASCII).
	Family string
	// Edition names the edition of the standard or table the codec
	// implements (for example "GB18030-2022 as in the WHATWG Encoding
	// Standard, 2024-10"), or "" when there is only one.
	Edition string
	// ASCIICompatible is true when bytes 00–7F always mean ASCII and
	// never occur inside multi-byte sequences.
	ASCIICompatible bool
	// Summary is a one-line description for people.
	Summary string
	// Caveat, when set, explains in plain words why data in this charset
	// may be refused; commands print it when they stop on such data.
	Caveat string
}

// CanEncode reports whether ucs can encode text into the charset.
func (c *Charset) CanEncode() bool { return c.Codec != nil && c.Codec.CanEncode() }

// String returns the canonical name.
func (c *Charset) String() string { return c.Name }

var (
	all    []*Charset
	labels = map[string]*Charset{} // normalized label -> charset
	loose  = map[string]*Charset{} // loosened label -> charset
)

// register adds c to the registry. It panics on a label that another
// charset already claims, so that conflicts show up in every test run.
func register(c *Charset) {
	all = append(all, c)
	add := func(l string) {
		k := normalize(l)
		if other, ok := labels[k]; ok && other != c {
			panic(fmt.Sprintf("charset: label %q claimed by %s and %s", l, other.Name, c.Name))
		}
		labels[k] = c
		lk := loosen(k)
		if other, ok := loose[lk]; !ok || other == c {
			loose[lk] = c
		}
	}
	add(c.Name)
	for _, a := range c.Aliases {
		add(a)
	}
	for _, cp := range c.CodePages {
		n := strconv.Itoa(cp)
		for _, p := range []string{"cp", "windows-", "ibm", "cp-", "ms"} {
			k := normalize(p + n)
			if _, taken := labels[k]; !taken {
				labels[k] = c
			}
		}
	}
}

// normalize applies the WHATWG label rules: trim ASCII whitespace, lower
// the ASCII letters.
func normalize(label string) string {
	return strings.ToLower(strings.Trim(label, "\t\n\f\r "))
}

// loosen drops the punctuation people vary in encoding names ("UTF8",
// "utf_8", "UTF-8").
func loosen(k string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '-', '_', ' ', '.', ':':
			return -1
		}
		return r
	}, k)
}

// UnknownError is returned by Lookup for a label no charset has.
type UnknownError struct {
	Label string
	// Suggestions are the closest known names, best first.
	Suggestions []string
}

func (e *UnknownError) Error() string {
	msg := fmt.Sprintf("unknown encoding %q", e.Label)
	if len(e.Suggestions) > 0 {
		msg += " (did you mean " + strings.Join(quoteAll(e.Suggestions), " or ") + "?)"
	}
	return msg + "; 'ucs list' shows every encoding"
}

func quoteAll(s []string) []string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = strconv.Quote(x)
	}
	return q
}

// Lookup returns the charset with the given name or alias. Labels match
// ASCII case-insensitively after trimming ASCII whitespace, as in WHATWG;
// failing that, they match ignoring '-', '_', '.', ':' and spaces ("UTF8",
// "utf_16le"). An unknown label gives an *UnknownError that suggests the
// closest names.
func Lookup(label string) (*Charset, error) {
	k := normalize(label)
	if c, ok := labels[k]; ok {
		return c, nil
	}
	if c, ok := loose[loosen(k)]; ok && k != "" {
		return c, nil
	}
	return nil, &UnknownError{Label: label, Suggestions: closest(k, 3)}
}

// MustLookup is like Lookup but panics on an unknown label. It is meant
// for labels written in programs.
func MustLookup(label string) *Charset {
	c, err := Lookup(label)
	if err != nil {
		panic(err)
	}
	return c
}

// List returns every charset, sorted by family and name.
func List() []*Charset {
	out := append([]*Charset(nil), all...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Family != out[j].Family {
			return familyRank(out[i].Family) < familyRank(out[j].Family)
		}
		return out[i].Name < out[j].Name
	})
	return out
}

func familyRank(f string) int {
	switch f {
	case "unicode":
		return 0
	case "chinese":
		return 1
	case "japanese":
		return 2
	case "korean":
		return 3
	case "single-byte":
		return 4
	}
	return 5
}

// closest returns up to n charset names whose labels are nearest to k.
func closest(k string, n int) []string {
	byLoose := map[string]*Charset{}
	var keys []string
	for label, c := range labels {
		lk := loosen(label)
		if _, dup := byLoose[lk]; !dup {
			keys = append(keys, lk)
		}
		byLoose[lk] = c
	}
	var out []string
	seen := map[*Charset]bool{}
	for _, lk := range suggest.Closest(loosen(k), keys, len(keys)) {
		c := byLoose[lk]
		if seen[c] {
			continue
		}
		seen[c] = true
		out = append(out, c.Name)
		if len(out) == n {
			break
		}
	}
	return out
}
