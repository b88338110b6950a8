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
//   - iso-2022-kr, csiso2022kr, hz-gb-2312, iso-2022-cn and
//     iso-2022-cn-ext name real ISO-2022-KR (RFC 1557), HZ (RFC 1843) and
//     ISO-2022-CN(-EXT) (RFC 1922) codecs; WHATWG maps them to its
//     replacement encoding, which decodes any input to one U+FFFD. The
//     charset replacement remains under its own name, and package
//     htmlcharset keeps WHATWG's mapping for the web.
//   - big5-hkscs and big5hkscs name Big5-HKSCS (HKSCS-2008 both ways, as
//     glibc has it); WHATWG maps them to its Big5, whose encoder writes
//     none of the HKSCS codes below lead byte A1.
//   - unicode-1-1-utf-8 names a decode-only charset that refuses the
//     Unicode 1.1 Hangul block (U+3400–U+4DFF), which later versions of
//     Unicode reassigned, instead of reading it as today's characters;
//     WHATWG maps the label to UTF-8.
//
// Labels that WHATWG lacks are added per charset. As in WHATWG, gb2312
// means GBK (strict GB 2312 is euc-cn or cp20936) and tis-620 means
// windows-874 (TIS 620 itself is tis-620-2533).
//
// Register adds a charset of a program's own (any x/text
// encoding.Encoding, through encoding.FromXText) to the registry; it cannot
// take over a built-in label. For the web's label rules, under which
// latin1 and ascii mean windows-1252, use package htmlcharset.
//
// Lookup costs no allocation for a known label and one small error value
// for an unknown one; labels longer than MaxLabelLen are refused unread, so
// untrusted labels (HTTP headers, MIME words, XML declarations) are cheap.
package charset

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/suggest"
)

// Charset describes one encoding of ucs.
//
// The *Charset that Lookup, MustLookup, List and Register return is the
// registry's own, shared by every caller, so that a lookup costs no
// allocation and two lookups of one encoding give the same pointer. What a
// caller may do with it:
//
//   - read its fields and call its methods, from any goroutine;
//   - compare it with == and use it as a map key: one encoding, one pointer;
//   - change the slices that Aliases and CodePages return, which are the
//     caller's own copies.
//
// What a caller must not do is assign to its exported fields: they are
// read-only. The registry indexes every label once, at registration, so
// such a write cannot change what Lookup answers, but every other caller
// would read it, and a write beside their reads is a data race. The lists
// of labels are kept unexported for this reason, so that no slice of the
// registry is handed out. To describe a charset of one's own, fill a Spec
// and pass it to Register.
type Charset struct {
	// Name is the canonical name, lower-case, as ucs prints it ("utf-8",
	// "utf-16le", "gb18030").
	Name string
	// aliases are the other labels Lookup accepts for it (see Aliases).
	aliases []string
	// MIB is the IANA MIBenum, or 0 when IANA registers none.
	MIB int
	// codePages are the Windows code page numbers of the encoding (see
	// CodePages).
	codePages []int
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
	// Structure is how the encoding's bytes form characters, for tools
	// that look at bytes before decoding them (package detect chooses its
	// candidates by it). Zero for the Unicode forms and for charsets that
	// do not declare it.
	Structure Structure
	// Language is the BCP 47 tag of the language whose characters beyond
	// ASCII a multi-byte or stateful charset was made for ("ja", "ko",
	// "zh-Hans", "zh-Hant"), or "" when it serves many.
	Language string
	// Extends names the charset of which this one is an extension or a
	// variant that ordinary text cannot tell apart from it: text of the
	// named charset decodes under this one to the same characters, but
	// for a few rare codes (big5-hkscs of big5, euc-jis-2004 of euc-jp,
	// gb18030 of gbk). "" when there is none.
	Extends string
}

// Structure is how an encoding's bytes form characters.
type Structure uint8

const (
	// Unstructured is the zero Structure: the Unicode forms, and charsets
	// that do not declare one.
	Unstructured Structure = iota
	// SingleByte encodings map each byte to one character.
	SingleByte
	// MultiByte encodings use a lead byte above 7F followed by trail
	// bytes (two to four bytes a character): EUC, Shift_JIS, Big5, GBK.
	MultiByte
	// Stateful encodings switch character sets with escape sequences or
	// shift codes, in 7-bit bytes: ISO-2022, HZ.
	Stateful
)

// String returns the structure's name: "unstructured", "single-byte",
// "multi-byte" or "stateful".
func (s Structure) String() string {
	switch s {
	case SingleByte:
		return "single-byte"
	case MultiByte:
		return "multi-byte"
	case Stateful:
		return "stateful"
	}
	return "unstructured"
}

// Aliases returns the labels other than Name that Lookup accepts for the
// charset, in the order they were registered, or nil when there are none.
// The slice is a fresh copy: the caller may change it.
func (c *Charset) Aliases() []string { return slices.Clone(c.aliases) }

// CodePages returns the Windows code page numbers of the encoding, the
// main one first, or nil when it has none; Lookup accepts "cpN",
// "windows-N", "ibmN", "cp-N" and "msN" spellings of them (unless another
// charset registered the number first). The slice is a fresh copy: the
// caller may change it.
func (c *Charset) CodePages() []int { return slices.Clone(c.codePages) }

// Spec describes a charset of a program's own, for Register. The embedded
// Charset gives the name, codec and traits (its fields are documented
// there); Aliases and CodePages give its lists of labels.
type Spec struct {
	Charset
	// Aliases are the labels other than Name that Lookup is to accept.
	Aliases []string
	// CodePages are the encoding's Windows code page numbers, the main
	// one first.
	CodePages []int
}

// CanEncode reports whether ucs can encode text into the charset.
func (c *Charset) CanEncode() bool { return c.Codec != nil && c.Codec.CanEncode() }

// String returns the canonical name.
func (c *Charset) String() string { return c.Name }

// registry is one state of the set of charsets. Lookups read the current
// state without locking; Register publishes a new state.
type registry struct {
	all    []*Charset
	labels map[string]*Charset // normalized label -> charset
	loose  map[string]*Charset // loosened label -> charset
	sugg   *suggestions        // built on first use, for UnknownError
}

var (
	current     atomic.Pointer[registry] // nil until the built-in charsets are registered
	builtinOnce sync.Once
	registerMu  sync.Mutex // serialises Register
)

// load returns the current registry, registering the built-in charsets on
// first use: a program pays for the label index only when it looks up a
// label beyond the Unicode forms, lists the charsets or registers one.
func load() *registry {
	if r := current.Load(); r != nil {
		return r
	}
	builtinOnce.Do(func() {
		r := &registry{labels: make(map[string]*Charset, 1300), loose: make(map[string]*Charset, 650), sugg: new(suggestions)}
		// The sizes are about those of the built-in labels.
		// The order is the one the registry has always had: the code
		// pages, the legacy charsets, the UTF family. Where two charsets
		// claim one code page number or one loosened label, the first
		// keeps it.
		registerCodePages(r)
		registerLegacy(r)
		for _, c := range unicodeCharsets() {
			r.mustAdd(c)
		}
		current.Store(r)
	})
	return current.Load()
}

// mustAdd adds a built-in charset. It panics on a label that another
// charset already claims, so that conflicts show up in every test run. The
// registry keeps c; its lists never leave the package (Aliases and
// CodePages hand out copies).
func (r *registry) mustAdd(c *Charset) {
	if err := r.add(c); err != nil {
		panic(err)
	}
}

// add adds c to r, or changes nothing and returns an error if one of c's
// names or aliases is another charset's label.
func (r *registry) add(c *Charset) error {
	names := append([]string{c.Name}, c.aliases...)
	for _, l := range names {
		if other, ok := r.labels[normalize(l)]; ok && other != c {
			return fmt.Errorf("charset: label %q claimed by %s and %s", l, other.Name, c.Name)
		}
	}
	r.all = append(r.all, c)
	for _, l := range names {
		k := normalize(l)
		r.labels[k] = c
		lk := loosen(k)
		if other, ok := r.loose[lk]; !ok || other == c {
			r.loose[lk] = c
		}
	}
	for _, cp := range c.codePages {
		n := strconv.Itoa(cp)
		for _, p := range []string{"cp", "windows-", "ibm", "cp-", "ms"} {
			k := normalize(p + n)
			if _, taken := r.labels[k]; !taken {
				r.labels[k] = c
			}
		}
	}
	return nil
}

// clone returns a copy of r that add may change without touching r.
func (r *registry) clone() *registry {
	return &registry{
		all:    append([]*Charset(nil), r.all...),
		labels: maps.Clone(r.labels),
		loose:  maps.Clone(r.loose),
		sugg:   new(suggestions),
	}
}

// Register adds a charset of the caller's own to the registry, so that
// Lookup, MustLookup and List find it (and so every command of a program
// built on ucs that takes an encoding name), and returns the registry's
// *Charset for it. s.Name and s.Codec are required; s.Codec may wrap any
// x/text encoding.Encoding (see encoding.FromXText). Register refuses a
// charset whose name or one of whose aliases is already a label of another
// charset: the built-in labels keep their meaning. Code pages already taken
// are skipped silently, as for the built-in charsets.
//
// Register copies s with its Aliases and CodePages, so changing them after
// the call changes nothing in the registry. Register is safe to call
// concurrently with Lookup; a lookup sees the registry before or after the
// call, never in between.
//
// Registered charsets take no part in detection: package detect scores
// text with statistics trained on the built-in codecs, and has none for a
// charset it has never seen.
func Register(s Spec) (*Charset, error) {
	if s.Codec == nil || normalize(s.Name) == "" {
		return nil, errors.New("charset: Register needs a Name and a Codec")
	}
	c := new(Charset)
	*c = s.Charset
	c.aliases = slices.Clone(s.Aliases)
	c.codePages = slices.Clone(s.CodePages)
	registerMu.Lock()
	defer registerMu.Unlock()
	r := load().clone()
	if err := r.add(c); err != nil {
		return nil, err
	}
	current.Store(r)
	return c, nil
}

// MaxLabelLen is the longest label Lookup considers, in bytes after ASCII
// whitespace is trimmed. The longest label ucs knows is 45 bytes
// ("extended_unix_code_packed_format_for_japanese"); a longer one is refused
// without being read further, so that a label taken from an HTTP header or
// an XML declaration costs little however long it is.
const MaxLabelLen = 64

const asciiWhitespace = "\t\n\f\r "

// normalize applies the WHATWG label rules: trim ASCII whitespace, lower
// the ASCII letters (and only those: WHATWG labels match ASCII
// case-insensitively).
func normalize(label string) string {
	t := strings.Trim(label, asciiWhitespace)
	b := []byte(t)
	lowerASCII(b)
	return string(b)
}

func lowerASCII(b []byte) {
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
}

// loosen drops the punctuation people vary in encoding names ("UTF8",
// "utf_8", "UTF-8").
func loosen(k string) string {
	b := []byte(k)
	return string(b[:loosenBytes(b)])
}

// loosenBytes removes the loosened punctuation from b in place and returns
// the new length.
func loosenBytes(b []byte) int {
	n := 0
	for _, c := range b {
		switch c {
		case '-', '_', ' ', '.', ':':
			continue
		}
		b[n] = c
		n++
	}
	return n
}

// UnknownError is returned by Lookup for a label no charset has. Making
// one costs one small allocation; the "did you mean" suggestions are
// computed only when Error or Suggestions is called.
type UnknownError struct {
	// Label is the label as the caller gave it.
	Label string
}

// maxQuoted is how many bytes of an unknown label its message quotes.
const maxQuoted = MaxLabelLen

func (e *UnknownError) Error() string {
	l := e.Label
	cut := ""
	if len(l) > maxQuoted {
		l, cut = l[:maxQuoted], fmt.Sprintf("... (%d bytes)", len(e.Label))
	}
	msg := fmt.Sprintf("unknown encoding %q%s", l, cut)
	if s := e.Suggestions(); len(s) > 0 {
		msg += " (did you mean " + strings.Join(quoteAll(s), " or ") + "?)"
	}
	return msg + "; 'ucs list' shows every encoding"
}

// Suggestions returns up to three names of known charsets closest to the
// label, best first, or nil when none is close. It computes them on each
// call, in time proportional to the number of labels; a label longer than
// MaxLabelLen gets none.
func (e *UnknownError) Suggestions() []string {
	k := strings.Trim(e.Label, asciiWhitespace)
	if len(k) > MaxLabelLen {
		return nil
	}
	return closest(normalize(k), 3)
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
// "utf_16le"). An unknown label gives an *UnknownError, whose message
// suggests the closest names.
//
// Lookup does not allocate for a known label and allocates only the error
// for an unknown one; a label longer than MaxLabelLen after trimming is
// refused at once, so the cost of an untrusted label is bounded by the
// trimming.
func Lookup(label string) (*Charset, error) {
	if c := lookup(label); c != nil {
		return c, nil
	}
	return nil, &UnknownError{Label: label}
}

// lookup is Lookup without the error; it returns nil for an unknown label.
func lookup(label string) *Charset {
	t := strings.Trim(label, asciiWhitespace)
	if len(t) == 0 || len(t) > MaxLabelLen {
		return nil
	}
	var buf [MaxLabelLen]byte
	k := buf[:copy(buf[:], t)]
	lowerASCII(k)
	r := current.Load()
	if r == nil {
		if c := unicodeByLabel(k); c != nil {
			return c
		}
		r = load()
	}
	if c, ok := r.labels[string(k)]; ok {
		return c
	}
	if n := loosenBytes(k); n > 0 {
		if c, ok := r.loose[string(k[:n])]; ok {
			return c
		}
	}
	return nil
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
	out := append([]*Charset(nil), load().all...)
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

// suggestions holds every loosened label once, and the charset it names,
// for closest; it is built on first use.
type suggestions struct {
	once    sync.Once
	keys    []string
	byLoose map[string]*Charset
}

func (r *registry) looseKeys() ([]string, map[string]*Charset) {
	s := r.sugg
	s.once.Do(func() {
		s.byLoose = map[string]*Charset{}
		for label, c := range r.labels {
			lk := loosen(label)
			if _, dup := s.byLoose[lk]; !dup {
				s.keys = append(s.keys, lk)
			}
			if lc, ok := r.loose[lk]; ok {
				c = lc // the charset Lookup itself gives for the loosened label
			}
			s.byLoose[lk] = c
		}
		sort.Strings(s.keys)
	})
	return s.keys, s.byLoose
}

// closest returns up to n charset names whose labels are nearest to k.
func closest(k string, n int) []string {
	keys, byLoose := load().looseKeys()
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
