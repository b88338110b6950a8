package detect

import (
	"errors"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/charset"
)

type encKind uint8

const (
	kindUTF encKind = iota
	kindSingle
	kindMulti
	kindISO2022
)

// encSpec lists an encoding the detector can report. prior is a cost in
// 1/8 nat added to the encoding's score: encodings that are rare in
// practice need a little more evidence than common ones.
type encSpec struct {
	name  string
	kind  encKind
	prior int32
	lang  string // model of a CJK encoding
	// also lists other labels to look the encoding up by in the registry,
	// for encodings it may come to hold under another name.
	also []string
}

const (
	priorFirst  = 0  // windows-1252, first among equals
	priorCommon = 1  // 1/8 nat
	priorUsual  = 6  // 0.75 nat
	priorRare   = 16 // 2 nats
)

var specs = []encSpec{
	{name: "utf-8", kind: kindUTF},
	{name: "utf-16le", kind: kindUTF},
	{name: "utf-16be", kind: kindUTF},
	{name: "utf-32le", kind: kindUTF},
	{name: "utf-32be", kind: kindUTF},

	{name: "windows-1252", kind: kindSingle, prior: priorFirst},
	{name: "iso-8859-1", kind: kindSingle, prior: priorCommon},
	{name: "iso-8859-15", kind: kindSingle, prior: priorUsual},
	{name: "windows-1250", kind: kindSingle, prior: priorUsual},
	{name: "iso-8859-2", kind: kindSingle, prior: priorUsual},
	{name: "windows-1251", kind: kindSingle, prior: priorCommon},
	{name: "koi8-r", kind: kindSingle, prior: priorUsual},
	{name: "koi8-u", kind: kindSingle, prior: priorRare},
	{name: "iso-8859-5", kind: kindSingle, prior: priorUsual},
	{name: "ibm866", kind: kindSingle, prior: priorUsual},
	{name: "x-mac-cyrillic", kind: kindSingle, prior: priorRare},
	{name: "ibm855", kind: kindSingle, prior: priorRare},
	{name: "windows-1253", kind: kindSingle, prior: priorCommon},
	{name: "iso-8859-7", kind: kindSingle, prior: priorUsual},
	{name: "windows-1254", kind: kindSingle, prior: priorCommon},
	{name: "iso-8859-9", kind: kindSingle, prior: priorUsual},
	{name: "windows-1255", kind: kindSingle, prior: priorCommon},
	{name: "iso-8859-8", kind: kindSingle, prior: priorUsual},
	{name: "windows-1256", kind: kindSingle, prior: priorCommon},
	{name: "iso-8859-6", kind: kindSingle, prior: priorUsual},
	{name: "windows-1257", kind: kindSingle, prior: priorUsual},
	{name: "iso-8859-13", kind: kindSingle, prior: priorRare},
	{name: "iso-8859-4", kind: kindSingle, prior: priorRare},
	{name: "iso-8859-10", kind: kindSingle, prior: priorRare},
	{name: "iso-8859-3", kind: kindSingle, prior: priorRare},
	{name: "iso-8859-14", kind: kindSingle, prior: priorRare},
	{name: "iso-8859-16", kind: kindSingle, prior: priorRare},
	{name: "windows-874", kind: kindSingle, prior: priorCommon},
	{name: "windows-1258", kind: kindSingle, prior: priorUsual},
	{name: "ibm852", kind: kindSingle, prior: priorRare},
	{name: "macintosh", kind: kindSingle, prior: priorRare},
	{name: "x-mac-ce", kind: kindSingle, prior: priorRare, also: []string{"x-mac-centraleurroman", "maccentraleurope", "mac-centraleurope", "cp10029"}},

	{name: "gbk", kind: kindMulti, lang: "zh-Hans", prior: priorCommon},
	{name: "gb18030", kind: kindMulti, lang: "zh-Hans", prior: priorCommon + 1},
	{name: "big5", kind: kindMulti, lang: "zh-Hant", prior: priorCommon},
	{name: "shift_jis", kind: kindMulti, lang: "ja", prior: priorCommon},
	{name: "euc-jp", kind: kindMulti, lang: "ja", prior: priorCommon},
	{name: "euc-kr", kind: kindMulti, lang: "ko", prior: priorCommon},
	{name: "x-windows-949", kind: kindMulti, lang: "ko", prior: priorCommon + 1},
	{name: "x-johab", kind: kindMulti, lang: "ko", prior: priorRare, also: []string{"johab", "cp1361"}},
	{name: "x-euc-tw", kind: kindMulti, lang: "zh-Hant", prior: priorRare, also: []string{"euc-tw", "cns11643"}},

	{name: "iso-2022-jp", kind: kindISO2022, lang: "ja"},
	{name: "iso-2022-kr", kind: kindISO2022, lang: "ko", also: []string{"x-iso-2022-kr"}},
	{name: "iso-2022-cn", kind: kindISO2022, lang: "zh-Hans"},
	{name: "hz-gb-2312", kind: kindISO2022, lang: "zh-Hans"},
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

	sb    *[256]rune // single-byte: byte -> rune, -1 when undefined
	pairs []*sbPair  // single-byte: the languages it is paired with
	mb    *mbTable   // multi-byte
	model *langModel
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
	t := e.newT()
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
	return true
}

func buildMulti(e *enc, m *langModel) bool {
	t := e.newT()
	mt := &mbTable{pair: make([]uint8, 128*256)}
	costOf := func(r rune) uint8 {
		c := m.runeCost(r)
		if c > 254 {
			c = 254
		}
		return uint8(c)
	}
	for b := 0; b < 0x80; b++ {
		if e.decodeOne(t, []byte{byte(b)}) != rune(b) {
			return false
		}
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
	for lead := 0x81; lead < 0xFF; lead++ {
		if mt.single[lead] != bad {
			continue
		}
		for trail := 0x21; trail < 0xFF; trail++ {
			if r := e.decodeOne(t, []byte{byte(lead), byte(trail)}); r >= 0 {
				c := costOf(r)
				if _, known := m.cost[r]; !known && commonBlock(e.name, lead, trail) {
					c = m.commonCost
				}
				mt.pair[(lead-0x80)<<8|trail] = c
			}
		}
	}
	switch e.name {
	case "gb18030":
		mt.four = true
	case "euc-jp":
		mt.three8F = true
	case "x-euc-tw":
		mt.four8E = true
	}
	mt.rareCost = costOf(0x10000) // a character outside the model
	e.mb = mt
	return true
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

// pairWith builds the per-byte tables of a single-byte encoding read as
// language m, or returns nil when the encoding cannot write the language.
func pairWith(e *enc, m *langModel) *sbPair {
	// Coverage: the share of the language's non-ASCII letters that the
	// encoding has, weighted by frequency.
	have := map[rune]bool{}
	for b := 0x80; b < 256; b++ {
		if r := e.sb[b]; r >= 0 {
			have[unicode.ToLower(r)] = true
		}
	}
	var total, covered float64
	for i, r := range m.alphabet {
		if r < 0x80 || !unicode.IsLetter(r) && !unicode.IsMark(r) {
			continue // coverage counts letters; symbols are scored, not required
		}
		p := costToProb(m.uni[numSpecial+i])
		total += p
		if have[r] || have[equivalent[r]] {
			covered += p
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
		s, c := m.symbol(r)
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
	return p
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
