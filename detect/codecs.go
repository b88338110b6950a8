package detect

import (
	"cmp"
	"errors"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"github.com/ucskit/ucs/charset"
)

type encKind uint8

const (
	kindUTF encKind = iota
	kindSingle
	kindMulti
	kindISO2022
)

// encSpec lists an encoding the detector can report.
type encSpec struct {
	name string
	kind encKind
	// pages is the number of web pages in the encoding (see webPages); it
	// sets the encoding's prior.
	pages int64
	// prior is a cost in 1/8 nat added to the encoding's score, from pages:
	// encodings that are rare in practice need more evidence than common
	// ones. Set by resolve.
	prior int32
	lang  string // model of a CJK encoding
	// also lists other labels to look the encoding up by in the registry,
	// for encodings it may come to hold under another name.
	also []string
}

// Web pages per encoding in the Common Crawl crawl CC-MAIN-2024-42, from
// github.com/commoncrawl/cc-crawl-statistics, file plots/charsets.csv
// (commit 011ff43f50c8c744ff891f027fec7a44677b2545), column "pages". A
// label and its WHATWG superset are counted together under the one of the
// two that browsers decode both with: ISO-8859-1 under windows-1252,
// ISO-8859-9 under windows-1254, TIS-620 under windows-874, GB2312 under
// GBK, windows-31j under Shift_JIS, x-windows-949 under EUC-KR,
// Big5-HKSCS under Big5; the other of a pair the detector also tries
// (ISO-8859-1, ISO-8859-9) counts as rare, so that a text
// both decode alike is not counted twice when their confidences are
// summed. Encodings the crawl does not list, or lists with fewer pages than
// pagesFloor (DOS and Macintosh code pages are file encodings, rare on the
// web but not in files), are counted at pagesFloor; so is UTF-16 without a
// byte-order mark when it is weighed against the legacy readings.
const (
	pagesLatin1   = 66389299 + 4485885 // ISO-8859-1 + windows-1252
	pagesCyrillic = 12955688           // windows-1251
	pagesGB       = 5906657 + 2729294  // GB2312 + GBK
	pagesGB18030  = 353123
	pagesSJIS     = 4710780 + 15661 // Shift_JIS + windows-31j
	pagesEUCJP    = 3003270
	pagesLatin2   = 2863698 // ISO-8859-2
	pagesEUCKR    = 2260919 + 268
	pagesBig5     = 2148950 + 2958
	pages1250     = 1957705
	pagesLatin9   = 1287423 // ISO-8859-15
	pages1256     = 1004430
	pages1254     = 302085 + 607698 // windows-1254 + ISO-8859-9
	pagesKOI8R    = 198139
	pages1257     = 187704
	pagesThai     = 186168 + 154819 // x-windows-874 + TIS-620
	pages1255     = 181480
	pagesGreek    = 160860 // ISO-8859-7
	pages1253     = 73342
	pagesISOCyr   = 43586 // ISO-8859-5
	pagesLatin3   = 32267
	pagesHebrew   = 20493 // ISO-8859-8
	pagesLatin4   = 18232
	pagesFloor    = 10000
	// pagesDOS counts the DOS code pages that the crawl does not list and
	// that share their letters' places with a more common DOS page
	// (IBM852, IBM866): below the floor, so that Western text in a
	// Windows page with a few typographic characters is not read as DOS.
	pagesDOS = 100
)

// priorStrength scales the prior: the natural log of the ratio of page
// counts, times priorStrength/8, in 1/8 nat. The web's proportions
// overstate how rare the rarest encodings are in files and local data, and
// text of every encoding must be told apart, so the prior is tempered to a
// quarter: the strongest that did not lower accuracy on text held out of
// training (heldout_test.go; when it was chosen, strengths 0, 1/8, 2/8
// gave 98.33%, 98.40%, 98.40% of 1,437 samples, and 3/8 up to 8/8 from
// 98.26% down to 97.91%).
const priorStrength = 2

// priorCost is the prior of an encoding with the given page count,
// relative to the most common legacy encoding.
func priorCost(pages int64) int32 {
	if pages != pagesDOS {
		pages = max(pages, pagesFloor)
	}
	return int32(math.Round(float64(priorStrength) * math.Log(float64(pagesLatin1)/float64(pages))))
}

var specs = []encSpec{
	{name: "utf-8", kind: kindUTF},
	{name: "utf-16le", kind: kindUTF},
	{name: "utf-16be", kind: kindUTF},
	{name: "utf-32le", kind: kindUTF},
	{name: "utf-32be", kind: kindUTF},

	{name: "windows-1252", kind: kindSingle, pages: pagesLatin1},
	{name: "iso-8859-1", kind: kindSingle}, // its pages are counted under windows-1252
	{name: "iso-8859-15", kind: kindSingle, pages: pagesLatin9},
	{name: "windows-1250", kind: kindSingle, pages: pages1250},
	{name: "iso-8859-2", kind: kindSingle, pages: pagesLatin2},
	{name: "windows-1251", kind: kindSingle, pages: pagesCyrillic},
	{name: "koi8-r", kind: kindSingle, pages: pagesKOI8R},
	{name: "koi8-u", kind: kindSingle, pages: 2560},
	{name: "iso-8859-5", kind: kindSingle, pages: pagesISOCyr},
	{name: "ibm866", kind: kindSingle, pages: 8646},
	{name: "x-mac-cyrillic", kind: kindSingle},
	{name: "ibm855", kind: kindSingle, pages: 83},
	{name: "windows-1253", kind: kindSingle, pages: pages1253},
	{name: "iso-8859-7", kind: kindSingle, pages: pagesGreek},
	{name: "windows-1254", kind: kindSingle, pages: pages1254},
	{name: "iso-8859-9", kind: kindSingle}, // counted under windows-1254
	{name: "windows-1255", kind: kindSingle, pages: pages1255},
	{name: "iso-8859-8", kind: kindSingle, pages: pagesHebrew},
	{name: "windows-1256", kind: kindSingle, pages: pages1256},
	{name: "iso-8859-6", kind: kindSingle, pages: 911},
	{name: "windows-1257", kind: kindSingle, pages: pages1257},
	{name: "iso-8859-13", kind: kindSingle, pages: 4098},
	{name: "iso-8859-4", kind: kindSingle, pages: pagesLatin4},
	{name: "iso-8859-10", kind: kindSingle},
	{name: "iso-8859-3", kind: kindSingle, pages: pagesLatin3},
	{name: "iso-8859-14", kind: kindSingle},
	{name: "iso-8859-16", kind: kindSingle, pages: 3742},
	{name: "windows-874", kind: kindSingle, pages: pagesThai},
	{name: "windows-1258", kind: kindSingle, pages: 345},
	{name: "ibm852", kind: kindSingle},
	{name: "ibm850", kind: kindSingle, pages: pagesDOS},
	{name: "ibm437", kind: kindSingle, pages: pagesDOS},
	{name: "ibm857", kind: kindSingle, pages: pagesDOS},
	{name: "ibm862", kind: kindSingle, pages: pagesDOS},
	{name: "cp1125", kind: kindSingle, pages: pagesDOS},
	{name: "macintosh", kind: kindSingle},
	{name: "x-mac-ce", kind: kindSingle, also: []string{"x-mac-centraleurroman", "maccentraleurope", "mac-centraleurope", "cp10029"}},

	{name: "iso-2022-jp", kind: kindISO2022, lang: "ja"},
	{name: "iso-2022-kr", kind: kindISO2022, lang: "ko", also: []string{"x-iso-2022-kr"}},
	{name: "iso-2022-cn", kind: kindISO2022, lang: "zh-Hans"},
	{name: "iso-2022-cn-ext", kind: kindISO2022, lang: "zh-Hant"},
	{name: "hz-gb-2312", kind: kindISO2022, lang: "zh-Hans"},
}

// multiPages holds the page counts of the multi-byte encodings the crawl
// lists, by the registry's name; every other multi-byte charset is counted
// at pagesFloor.
var multiPages = map[string]int64{
	"gbk":       pagesGB,
	"gb18030":   pagesGB18030,
	"big5":      pagesBig5,
	"shift_jis": pagesSJIS,
	"euc-jp":    pagesEUCJP,
	"euc-kr":    pagesEUCKR,
}

// registryMultis lists the registry's multi-byte charsets by their traits
// (charset.MultiByte, with the language they serve), so that an entry added
// to the registry is a candidate without a change here. An entry that
// extends another (Charset.Extends: Big5-HKSCS of Big5, GB 18030 of GBK)
// comes right after the charset it extends: multiScored tries it only when
// none of the charsets it extends decodes the input, so that a variant
// ordinary text cannot tell apart is neither scored twice nor preferred to
// the common encoding. The charsets that extend none come in the order of
// their page counts, the commonest first, then by name; so do the variants
// of each.
func registryMultis() []encSpec {
	kids := map[string][]encSpec{}
	for _, cs := range charset.List() {
		if cs.Structure != charset.MultiByte || cs.Codec == nil || cs.Language == "" {
			continue
		}
		base := ""
		if b, err := charset.Lookup(cs.Extends); cs.Extends != "" && err == nil {
			base = b.Name
		}
		kids[base] = append(kids[base], encSpec{name: cs.Name, kind: kindMulti, lang: cs.Language, pages: max(multiPages[cs.Name], pagesFloor)})
	}
	var out []encSpec
	var walk func(base string, depth int)
	walk = func(base string, depth int) {
		k := kids[base]
		slices.SortFunc(k, func(a, b encSpec) int { return cmp.Or(cmp.Compare(b.pages, a.pages), cmp.Compare(a.name, b.name)) })
		for _, s := range k {
			out = append(out, s)
			if depth < 8 { // Extends chains are short; a cycle stops here
				walk(s.name, depth+1)
			}
		}
	}
	walk("", 0)
	return out
}

// registrySingles lists the registry's ASCII-compatible single-byte
// charsets, so that every code page ucs decodes is a candidate, those
// added to the registry later included. The ones that specs lists come
// first there and keep their page counts (buildTables skips a charset it
// has seen); the others are rare in the crawl, and get the prior of the
// DOS pages. A charset whose letters cover no language model (x-user-
// defined) pairs with no model and is left out.
func registrySingles() []encSpec {
	var out []encSpec
	for _, cs := range charset.List() {
		if cs.Structure != charset.SingleByte || !cs.ASCIICompatible || cs.Codec == nil {
			continue
		}
		out = append(out, encSpec{name: cs.Name, kind: kindSingle, pages: pagesDOS})
	}
	return out
}

// enc is an encoding the detector can use: a strict decoder, and the
// tables derived from it.
type enc struct {
	encSpec
	// cs is the registry's charset (nil for the UTF encodings until the
	// registry holds them: the UTF stages need no decoder).
	cs *charset.Charset
	// newT returns a strict decoding transformer.
	newT func() transform.Transformer
	// transformers keeps newT's transformers for valid to reuse.
	transformers sync.Pool

	sb    *[256]rune // single-byte: byte -> rune, -1 when undefined
	undef [4]uint64  // single-byte: the bytes without a character, as bits
	pairs []*sbPair  // single-byte: the languages it is paired with
	// floor is, for each byte 80–FF, the lowest unigram cost of its pairs
	// (sbPair.cost): the sum over a sample's bytes is a lower bound of
	// every pair's unigram cost (quickRound).
	floor [128]int32
	// multi-byte: the tables, built at the first input the encoding
	// decodes (table); block names the encoding whose block of frequently
	// used characters they use (commonBlock).
	mbOnce sync.Once
	mb     atomic.Pointer[mbTable]
	block  string
	// refused counts the inputs the decoder refused while the tables
	// were not built (multiScored).
	refused atomic.Int32
	model   *langModel
	// base is the candidate this one extends (charset.Charset.Extends),
	// or nil; idx is the encoding's place in tables.multis.
	base *enc
	idx  int
	// ownPages is true when the crawl counts pages of the encoding's own
	// (multiPages), not under another.
	ownPages bool
	// confirmed counts the inputs the decoder confirmed on top of the
	// base's reading while the tables were not built (coversBase).
	confirmed  atomic.Int32
	coversOnce sync.Once
	covers     bool
}

// coversBase reports whether the encoding's tables hold every character
// of its base's tables alike (tableCovers), so that an input the base's
// walk accepts with no sequence longer than two bytes is accepted by this
// encoding's walk too, and so by its decoder (TestMultiWalkAgreesWithDecoder).
// Like the walk itself, it answers false, sending the caller to the
// decoder, until refusedLimit inputs have asked: a process that detects
// once is spared building the tables.
func (e *enc) coversBase() bool {
	if e.mb.Load() == nil && e.confirmed.Load() < refusedLimit {
		e.confirmed.Add(1)
		return false
	}
	e.coversOnce.Do(func() { e.covers = tableCovers(e.table(), e.base.table()) })
	return e.covers
}

// tableCovers reports whether a walk through ext reads every input that a
// walk through base reads without a longer sequence the same way: the same
// bytes stand alone and the same start a pair, and every pair base holds
// ext holds too.
func tableCovers(ext, base *mbTable) bool {
	for c := 0x80; c < 0x100; c++ {
		if (ext.single[c] != bad) != (base.single[c] != bad) {
			return false
		}
	}
	for i, v := range base.pair {
		if v != bad && ext.pair[i] == bad {
			return false
		}
	}
	return true
}

// table returns the tables of a multi-byte encoding, building them at the
// first call.
func (e *enc) table() *mbTable {
	if mt := e.mb.Load(); mt != nil {
		return mt
	}
	e.mbOnce.Do(func() { e.mb.Store(multiTable(e, e.model)) })
	return e.mb.Load()
}

// reportName returns the name the detector reports.
func (e *enc) reportName() string {
	if e.cs != nil {
		return e.cs.Name
	}
	return e.name
}

var errDecode = errors.New("malformed input")

// decode appends the decoding of b to dst; it fails on malformed input.
// With atEOF false, an incomplete sequence at the end of b is not an error.
func (e *enc) decode(dst, b []byte, atEOF bool) ([]byte, error) {
	t := e.newT()
	if cap(dst) < len(b)*2+16 {
		dst = make([]byte, 0, len(b)*2+16)
	}
	for {
		nd, ns, err := t.Transform(dst[len(dst):cap(dst)], b, atEOF)
		dst = dst[:len(dst)+nd]
		b = b[ns:]
		switch err {
		case nil:
			if len(b) != 0 {
				return dst, errDecode
			}
			return dst, nil
		case transform.ErrShortDst:
			if nd == 0 && ns == 0 && cap(dst)-len(dst) > 64 {
				return dst, errDecode
			}
			grown := make([]byte, len(dst), 2*cap(dst)+64)
			copy(grown, dst)
			dst = grown
		case transform.ErrShortSrc:
			if !atEOF && len(b) < 8 {
				return dst, nil
			}
			return dst, errDecode
		default:
			return dst, err
		}
	}
}

// validBuf is scratch space for valid.
var validPool = sync.Pool{New: func() any { b := make([]byte, 0, 8192); return &b }}

// valid reports whether b decodes without error. It does not allocate
// beyond the decoder's own state.
func (e *enc) valid(b []byte, atEOF bool) bool {
	bp := validPool.Get().(*[]byte)
	defer validPool.Put(bp)
	t, ok := e.transformers.Get().(transform.Transformer)
	if ok {
		t.Reset()
	} else {
		t = e.newT()
	}
	defer e.transformers.Put(t)
	dst := (*bp)[:cap(*bp)]
	for {
		nd, ns, err := t.Transform(dst, b, atEOF)
		b = b[ns:]
		switch err {
		case nil:
			return len(b) == 0
		case transform.ErrShortDst:
			if nd == 0 && ns == 0 {
				return false
			}
		case transform.ErrShortSrc:
			return !atEOF && len(b) < 8
		default:
			return false
		}
	}
}

// decodeOne decodes b as one complete input and returns its single rune,
// or -1 when b is malformed or is not exactly one character.
func (e *enc) decodeOne(t transform.Transformer, b []byte) rune {
	var dst [16]byte
	t.Reset()
	nd, ns, err := t.Transform(dst[:], b, true)
	if err != nil || ns != len(b) || nd == 0 {
		return -1
	}
	r, size := utf8.DecodeRune(dst[:nd])
	if size != nd || r == utf8.RuneError {
		return -1
	}
	return r
}

// resolve finds the decoder for a spec in the charset registry; it
// returns nil when the registry has none.
func resolve(s encSpec) *enc {
	e := &enc{encSpec: s}
	if s.kind == kindSingle || s.kind == kindMulti {
		e.prior = priorCost(s.pages)
	}
	// WHATWG maps the labels of encodings it retired (iso-2022-kr,
	// iso-2022-cn, hz-gb-2312) to its replacement encoding, which decodes
	// nothing: such a charset is not the encoding the detector means.
	for _, label := range append([]string{s.name}, s.also...) {
		if cs, err := charset.Lookup(label); err == nil && cs.Codec != nil && cs.Name != "replacement" {
			e.cs = cs
			codec := cs.Codec
			e.newT = func() transform.Transformer { return codec.DecodeTransformer() }
			return e
		}
	}
	if s.kind == kindUTF {
		return e // the UTF stages check validity themselves
	}
	return nil
}

// sbPair is a single-byte encoding read as one language: the symbol and
// case of every byte.
type sbPair struct {
	e    *enc
	m    *langModel
	sym  [256]uint8
	cas  [256]uint8
	cost [256]int32 // unigram cost of each byte (high half only)
	emit [256]int32 // emission cost of each byte's symbol
	// shape is the cost of the units of a UTF-8-shaped input (shape.go).
	shape shapeCosts
}

// mbTable holds the cost of every character of a multi-byte encoding
// under its language: 255 marks a malformed byte or pair.
type mbTable struct {
	single   [256]uint8 // high bytes that are characters by themselves
	pair     []uint8    // (lead-0x80)<<8 | trail
	four     bool       // GB18030 four-byte sequences
	three8F  bool       // EUC-JP three-byte sequences after 8F
	four8E   bool       // EUC-TW four-byte sequences after 8E (CNS 11643 planes)
	rareCost uint8
	// shape is the cost of the units of a UTF-8-shaped input (shape.go).
	shape shapeCosts
}

const bad = 255

func buildSingle(e *enc) bool {
	t := e.newT()
	var tab [256]rune
	for b := 0; b < 256; b++ {
		tab[b] = e.decodeOne(t, []byte{byte(b)})
		if b < 0x80 && tab[b] != rune(b) {
			return false // not ASCII-compatible
		}
	}
	e.sb = &tab
	for b, r := range tab {
		if r < 0 {
			e.undef[b>>6] |= 1 << (b & 63)
		}
	}
	return true
}

// asciiCompatible reports whether a multi-byte encoding decodes every
// ASCII byte as itself, as a candidate must.
func asciiCompatible(e *enc) bool {
	t := e.newT()
	for b := 0; b < 0x80; b++ {
		if e.decodeOne(t, []byte{byte(b)}) != rune(b) {
			return false
		}
	}
	return true
}

// multiTable builds the tables of a multi-byte encoding under its
// language's model m.
func multiTable(e *enc, m *langModel) *mbTable {
	t := e.newT()
	mt := &mbTable{pair: make([]uint8, 128*256)}
	src := make([]byte, 2) // one buffer for every code decoded
	costOf := func(r rune) uint8 {
		c := m.runeCost(r)
		if c > 254 {
			c = 254
		}
		return uint8(c)
	}
	for b := 0x80; b < 256; b++ {
		mt.single[b] = bad
		if r := e.decodeOne(t, []byte{byte(b)}); r >= 0 {
			mt.single[b] = costOf(r)
		}
	}
	for i := range mt.pair {
		mt.pair[i] = bad
	}
	// Characters of the block of frequently used characters that the
	// training text lacks share the unseen mass with the others in the
	// proportion of the characters seen once (Good-Turing, per class).
	var top uint8
	for _, c := range m.cost {
		top = max(top, c)
	}
	var singles, singlesIn, unseenIn int
	for _, c := range m.cost {
		if c == top {
			singles++
		}
	}
	seen := map[rune]bool{}
	var unknownCommon []int // pairs of the block whose character m lacks
	for lead := 0x81; lead < 0xFF; lead++ {
		if mt.single[lead] != bad {
			continue
		}
		for trail := 0x21; trail < 0xFF; trail++ {
			r := e.decodeOne(t, append(src[:0], byte(lead), byte(trail)))
			if r < 0 {
				continue
			}
			c, known := m.cost[r]
			if !known {
				c = costOf(r)
			}
			mt.pair[(lead-0x80)<<8|trail] = c
			if commonBlock(e.block, lead, trail) && !known {
				unknownCommon = append(unknownCommon, (lead-0x80)<<8|trail)
			}
			if commonBlock(e.block, lead, trail) && !seen[r] {
				seen[r] = true
				switch {
				case !known:
					unseenIn++
				case c == top:
					singlesIn++
				}
			}
		}
	}
	if unseenIn > 0 {
		unseen := expNeg(float64(m.other)/8) * unseenSpread
		p := unseen * float64(singlesIn+1) / float64(singles+2) / float64(unseenIn)
		common := uint8(min(max(math.Round(-8*math.Log(p)), float64(top)), float64(m.other)))
		for _, i := range unknownCommon {
			mt.pair[i] = common
		}
	}
	mt.four = decodesAny(e, t, []byte{0x81, 0x30, 0x81, 0x30})
	mt.three8F = decodesAny(e, t, []byte{0x8F, 0xB0, 0xA1}, []byte{0x8F, 0xA1, 0xA1})
	mt.four8E = decodesAny(e, t, []byte{0x8E, 0xA2, 0xA1, 0xA1})
	mt.rareCost = costOf(0x10000) // a character outside the model
	mt.shape = multiShape(mt)
	return mt
}

// decodesAny reports whether the codec decodes one of seqs as one
// character. multiTable probes with it for the longer codes a multi-byte
// encoding may have: GB 18030's four-byte codes (81 30 81 30 is U+0080),
// the three-byte codes after 8F of EUC-JP (JIS X 0212, 8F B0 A1) and
// EUC-JIS-2004 (JIS X 0213 plane 2, 8F A1 A1), and EUC-TW's four-byte
// codes after 8E (CNS 11643 plane 2, 8E A2 A1 A1).
func decodesAny(e *enc, t transform.Transformer, seqs ...[]byte) bool {
	for _, b := range seqs {
		if e.decodeOne(t, b) >= 0 {
			return true
		}
	}
	return false
}

// commonBlock reports whether a two-byte code lies in the block of
// frequently used characters that the encoding's standard sets apart:
// GB 2312 level 1 (B0A1–D7F9), Big5's frequently used characters
// (A440–C67E), JIS X 0208 level 1 (Shift_JIS 889F–9872, EUC-JP B0A1–CFD3),
// and the 2,350 Hangul syllables of KS X 1001 (B0A1–C8FE).
func commonBlock(name string, lead, trail int) bool {
	code := lead<<8 | trail
	switch name {
	case "gbk", "gb18030":
		return lead >= 0xB0 && lead <= 0xD7 && trail >= 0xA1
	case "big5":
		return code >= 0xA440 && code <= 0xC67E
	case "shift_jis":
		return code >= 0x889F && code <= 0x9872
	case "euc-jp":
		return lead >= 0xB0 && lead <= 0xCF && trail >= 0xA1
	case "euc-kr", "x-windows-949":
		return lead >= 0xB0 && lead <= 0xC8 && trail >= 0xA1
	}
	return false
}

// repertoire is what a single-byte encoding can write, worked out once for
// all the languages it is paired with.
type repertoire struct {
	// have holds the lower-case form of every character of the high half.
	have map[rune]bool
	// forms holds the decompositions of the letters looked up so far,
	// shared by the repertoires of all encodings.
	forms map[rune][][]rune
	// syms describes the character of every byte (symbolInfo).
	syms [256]runeSym
}

func newRepertoire(e *enc, forms map[rune][][]rune) *repertoire {
	rp := &repertoire{have: map[rune]bool{}, forms: forms}
	for b := 0x80; b < 256; b++ {
		if r := e.sb[b]; r >= 0 {
			rp.have[unicode.ToLower(r)] = true
		}
	}
	for b, r := range e.sb {
		if r >= 0 {
			rp.syms[b] = symbolInfo(r)
		}
	}
	return rp
}

// writes reports whether the encoding writes the letter r: itself, an
// equivalent letter, or a letter it has followed by combining marks.
func (rp *repertoire) writes(r rune) bool {
	if rp.have[r] || rp.have[equivalent[r]] {
		return true
	}
	forms, known := rp.forms[r]
	if !known {
		forms = decompositions(r)
		rp.forms[r] = forms
	}
	_, ok := firstForm(forms, func(c rune) bool { return c < 0x80 || rp.have[c] })
	return ok
}

// letterShare is a non-ASCII letter of a language with its probability.
type letterShare struct {
	r rune
	p float64
}

// coverageLetters returns the non-ASCII letters (and marks) of m's
// alphabet with their probabilities, and the sum of these, which
// pairWith weighs a code page's coverage of the language by.
func coverageLetters(m *langModel) (letters []letterShare, total float64) {
	for i, r := range m.alphabet {
		if r < 0x80 || !unicode.IsLetter(r) && !unicode.IsMark(r) {
			continue // coverage counts letters; symbols are scored, not required
		}
		p := costToProb(m.uni[numSpecial+i])
		total += p
		letters = append(letters, letterShare{r, p})
	}
	return letters, total
}

// pairWith builds the per-byte tables of a single-byte encoding read as
// language m, or returns nil when the encoding cannot write the language.
// rp is e's repertoire (newRepertoire); letters and total are m's
// (coverageLetters).
func pairWith(e *enc, m *langModel, rp *repertoire, letters []letterShare, total float64) *sbPair {
	// Coverage: the share of the language's non-ASCII letters that the
	// encoding has, weighted by frequency.
	var covered float64
	for _, l := range letters {
		if rp.writes(l.r) {
			covered += l.p
		}
	}
	if total < 0.003 {
		// A language written in ASCII letters: pair it with encodings
		// whose letters are Latin.
		if !latinLetters(e) {
			return nil
		}
	} else if covered < 0.85*total {
		return nil
	}
	p := &sbPair{e: e, m: m}
	for b := 0; b < 256; b++ {
		r := e.sb[b]
		if r < 0 {
			p.sym[b], p.cas[b] = symControl, 0
			p.cost[b] = 255 * 8
			p.emit[b] = emitControl
			continue
		}
		s, c := m.symbolOf(&rp.syms[b])
		x := emit(s)
		if c&unknownLetter != 0 {
			c &^= unknownLetter
			x += unknownCost
		}
		if r >= 0x80 && r < 0xA0 {
			s, x = symControl, emitControl
		}
		p.sym[b], p.cas[b] = s, c
		p.cost[b] = int32(m.uni[s]) + x
		p.emit[b] = x
	}
	p.shape = singleShape(p)
	return p
}

// writesDecomposed reports whether a code page with the characters in have
// can write r as a letter it has followed by combining marks it has, the
// way windows-1258 writes Vietnamese tone marks: some of the marks of r's
// canonical decomposition (Unicode §3.7) taken out, and the rest composed
// with the base letter into one character.
func writesDecomposed(r rune, have map[rune]bool) bool {
	_, ok := decomposedForm(r, func(c rune) bool { return c < 0x80 || have[c] })
	return ok
}

// decomposedForm returns r as one character for which has is true followed
// by combining marks for which has is true, canonically equivalent to r,
// when there is such a form (the fewest marks first).
func decomposedForm(r rune, has func(rune) bool) ([]rune, bool) {
	return firstForm(decompositions(r), has)
}

// firstForm returns the first of forms whose characters all satisfy has.
func firstForm(forms [][]rune, has func(rune) bool) ([]rune, bool) {
	for _, f := range forms {
		ok := true
		for _, c := range f {
			ok = ok && has(c)
		}
		if ok {
			return f, true
		}
	}
	return nil, false
}

// decompositions lists the forms of r as one character followed by
// combining marks, canonically equivalent to r, the fewest marks first:
// the candidates decomposedForm chooses from.
func decompositions(r rune) [][]rune {
	d := []rune(norm.NFD.String(string(r)))
	if len(d) < 2 || len(d) > 5 {
		return nil
	}
	var forms [][]rune
	base, marks := d[0], d[1:]
	for n := 1; n <= len(marks); n++ {
		for mask := 1; mask < 1<<len(marks); mask++ {
			if bitsSet(mask) != n {
				continue
			}
			head := []rune{base}
			var tail []rune
			for i, m := range marks {
				if mask&(1<<i) != 0 {
					tail = append(tail, m)
				} else {
					head = append(head, m)
				}
			}
			h := []rune(norm.NFC.String(string(head)))
			if len(h) != 1 {
				continue
			}
			forms = append(forms, append(h, tail...))
		}
	}
	return forms
}

func bitsSet(x int) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

func latinLetters(e *enc) bool {
	latin, letters := 0, 0
	for b := 0x80; b < 256; b++ {
		if r := e.sb[b]; r >= 0 && unicode.IsLetter(r) {
			letters++
			if unicode.Is(unicode.Latin, r) {
				latin++
			}
		}
	}
	return letters > 0 && 2*latin >= letters
}

func costToProb(c uint8) float64 {
	return expNeg(float64(c) / 8)
}
