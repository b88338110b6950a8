package detect

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// model.bin holds the language models written by internal/gen/detectmodel
// (its doc comment describes the format).
//
//go:embed model.bin
var modelData []byte

// The special symbols of alphabetic models, as in the generator.
const (
	symSpace   = iota // whitespace
	symDigit          // ASCII digit
	symPunct          // ASCII punctuation or symbol
	symRare           // letter or mark outside the alphabet
	symOther          // non-ASCII punctuation, symbol, digit
	symControl        // control, format, private use, unassigned, surrogate
	symLatin          // ASCII letter, in a language not written in Latin letters
	numSpecial
)

// Emission costs (1/8 nat) of a character inside a class, added to the
// cost of reaching the class: a letter outside the alphabet is one of
// roughly a hundred, a non-ASCII symbol one of some fifty.
const (
	emitRare    = 37 // ln 100 × 8
	emitOther   = 31 // ln 50 × 8
	emitControl = 80
	emitLatin   = 23 // one of 26 letters, at the entropy of English letters (2.9 nats)
)

// langModel is the model of one language.
type langModel struct {
	idx    int // position in tables.models
	tag    string
	script string
	cjk    bool
	latin  bool // written in Latin letters

	// symbol and case of the ASCII characters (alphabetic models)
	asym, acase [128]uint8
	// symbol and case of the characters below denseLimit, built at first use
	denseOnce sync.Once
	dense     []uint32 // denseEntry of each character

	// alphabetic
	alphabet []rune
	index    map[rune]uint8 // lower-case letter -> symbol
	S        int
	bigram   []uint8 // S×S, row = previous symbol
	caseT    [9]uint8
	// case16 is caseT at index previous<<2 | current, for the scoring
	// loop.
	case16 [16]int32
	uni    []uint8
	// tri, when not nil, holds the cost of every trigram of symbols (index
	// (a×S+b)×S+c), which replaces the bigram cost of b→c after a: the
	// trigram model of a language written without spaces between words.
	tri []uint8

	// CJK
	cost  map[rune]uint8
	other uint8
}

// step is the cost of symbol s after p1, itself after p2: the trigram
// cost when the model has one, else the bigram cost.
func (m *langModel) step(p2, p1, s uint8) int32 {
	if m.tri != nil {
		return int32(m.tri[(int(p2)*m.S+int(p1))*m.S+int(s)])
	}
	return int32(m.bigram[int(p1)*m.S+int(s)])
}

// symbol returns the symbol of r in an alphabetic model and its case (0
// none, 1 lower, 2 upper).
func (m *langModel) symbol(r rune) (uint8, uint8) {
	info := symbolInfo(r)
	return m.symbolOf(&info)
}

// runeSym is what symbol finds out about a character before it looks it
// up in a model: the same for every model.
type runeSym struct {
	lower rune  // the lower-case form, looked up in the alphabet
	cas   uint8 // 0 none, 1 lower, 2 upper
	class uint8 // the special symbol when the alphabet lacks the letter
	// base is the base letter of a European letter that no model knows,
	// or -1.
	base rune
}

func symbolInfo(r rune) runeSym {
	var c uint8
	lr := r
	switch {
	case r < 0x80:
		if 'A' <= r && r <= 'Z' {
			c, lr = 2, r+'a'-'A'
		} else if 'a' <= r && r <= 'z' {
			c = 1
		}
	case unicode.IsUpper(r) || unicode.IsTitle(r):
		c, lr = 2, unicode.ToLower(r)
	case unicode.IsLower(r):
		c = 1
	}
	k := class(r)
	if k == symRare && r < 0x80 {
		k = symLatin
	}
	info := runeSym{lower: lr, cas: c, class: uint8(k), base: -1}
	if k == symRare && lr >= 0xC0 && lr < 0x180 && !knownLetters[lr] {
		// A European letter (Latin-1 Supplement, Latin Extended-A) that no
		// model knows, from a language without a model: read it as its base
		// letter (Esperanto ĉ as c), at a price.
		if base, _ := utf8.DecodeRuneInString(norm.NFD.String(string(lr))); base != lr {
			info.base = base
		}
	}
	return info
}

// symbolOf is symbol for a character described by symbolInfo.
func (m *langModel) symbolOf(info *runeSym) (uint8, uint8) {
	if s, ok := m.index[info.lower]; ok {
		return s, info.cas
	}
	if e, ok := equivalent[info.lower]; ok {
		if s, ok := m.index[e]; ok {
			return s, info.cas
		}
	}
	if info.base >= 0 {
		if s, ok := m.index[info.base]; ok {
			return s, info.cas | unknownLetter
		}
	}
	return info.class, info.cas
}

// denseLimit bounds the characters whose symbols are tabulated: it covers
// the alphabets of every alphabetic model (up to Georgian, U+10FF).
const denseLimit = 0x1100

// fastSymbol is symbol with a table for the characters below denseLimit.
func (m *langModel) fastSymbol(r rune) (uint8, uint8) {
	if r < 0 || r >= denseLimit {
		return m.symbol(r)
	}
	v := m.denseTable()[r]
	return uint8(v), uint8(v >> 8)
}

// A denseEntry describes a character in a model: its symbol (low byte),
// its case with the unknownLetter flag (second byte), and what scoring
// adds for the character besides the step and the case change (high
// half): emit of the symbol, plus unknownCost for a letter read as its
// base.
func denseEntry(s, c uint8) uint32 {
	x := emitCost[s]
	if c&unknownLetter != 0 {
		x += unknownCost
	}
	return uint32(s) | uint32(c)<<8 | uint32(x)<<16
}

// denseTable returns the denseEntry of each character below denseLimit,
// built at the first call. Characters that are not text (textRune) are
// symControl.
func (m *langModel) denseTable() []uint32 {
	m.denseOnce.Do(func() {
		dense := make([]uint32, denseLimit)
		info := denseInfo()
		var alpha [denseLimit]uint8
		for r, s := range m.index {
			if r >= 0 && r < denseLimit {
				alpha[r] = s
			}
		}
		for c := rune(0); c < denseLimit; c++ {
			s, k := m.denseSymbol(&info[c], &alpha)
			if !textRune(c) {
				s = symControl
			}
			dense[c] = denseEntry(s, k)
		}
		m.dense = dense
	})
	return m.dense
}

// denseSymbol is symbolOf with the model's alphabet below denseLimit in
// alpha (the symbol of each letter, 0 for none: symbols of letters are
// numSpecial or more), which spares the map lookups while the dense
// table is built.
func (m *langModel) denseSymbol(info *runeSym, alpha *[denseLimit]uint8) (uint8, uint8) {
	l, b := info.lower, info.base
	if l < 0 || l >= denseLimit || b >= denseLimit {
		return m.symbolOf(info)
	}
	if s := alpha[l]; s != 0 {
		return s, info.cas
	}
	if e := denseEquivalent()[l]; e != 0 {
		if e >= denseLimit {
			return m.symbolOf(info)
		}
		if s := alpha[e]; s != 0 {
			return s, info.cas
		}
	}
	if b >= 0 {
		if s := alpha[b]; s != 0 {
			return s, info.cas | unknownLetter
		}
	}
	return info.class, info.cas
}

// denseEquivalent is equivalent below denseLimit as a table (0 for a
// letter without one).
var denseEquivalent = sync.OnceValue(func() *[denseLimit]rune {
	var t [denseLimit]rune
	for a, b := range equivalent {
		if a >= 0 && a < denseLimit {
			t[a] = b
		}
	}
	return &t
})

// denseInfo describes the characters below denseLimit for every model's
// table (symbolInfo); it is worked out once, after the models are loaded.
var denseInfo = sync.OnceValue(func() []runeSym {
	info := make([]runeSym, denseLimit)
	for c := range info {
		info[c] = symbolInfo(rune(c))
	}
	return info
})

// knownLetters holds the letters of every model's alphabet.
var knownLetters = map[rune]bool{}

// unknownLetter flags, in the case returned by symbol, a letter read as its
// base letter; the case is the low two bits.
const unknownLetter = 4

// unknownCost is the extra cost (1/8 nat) of a letter read as its base.
const unknownCost = 24

// equivalent pairs letters that writers and code pages substitute for each
// other: Romanian s and t with comma below (ISO-8859-16, Unicode) and with
// cedilla (ISO-8859-2, windows-1250); Persian and Arabic yeh and keheh /
// kaf (windows-1256 has only the Arabic forms).
var equivalent = map[rune]rune{
	'ș': 'ş', 'ş': 'ș', 'ț': 'ţ', 'ţ': 'ț',
	'ی': 'ي', 'ي': 'ی', 'ک': 'ك', 'ك': 'ک',
}

// emit is the extra cost of a symbol for the character it stands for.
func emit(s uint8) int32 {
	switch s {
	case symRare:
		return emitRare
	case symOther:
		return emitOther
	case symControl:
		return emitControl
	case symLatin:
		return emitLatin
	}
	return 0
}

// class returns the special symbol of a character outside the alphabet.
func class(r rune) int {
	switch {
	case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == 0xA0 || unicode.IsSpace(r):
		return symSpace
	case r >= '0' && r <= '9':
		return symDigit
	case ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z'):
		return symRare
	case r < 0x80 && r > ' ' && r != 0x7F:
		return symPunct
	case unicode.IsLetter(r) || unicode.IsMark(r):
		return symRare
	case unicode.IsPunct(r) || unicode.IsSymbol(r) || unicode.IsNumber(r):
		return symOther
	}
	return symControl
}

// unseenSpread is the number of characters over which the generator
// spreads a CJK model's unseen mass (see internal/gen/detectmodel).
const unseenSpread = 20000

// runeCost is the cost of r in a CJK model.
func (m *langModel) runeCost(r rune) int32 {
	if r == '\t' || r == '\n' || r == '\r' {
		r = ' '
	}
	if c, ok := m.cost[r]; ok {
		return int32(c)
	}
	if r < 0x20 || (r >= 0x7F && r < 0xA0) {
		return int32(m.other) + emitControl
	}
	return int32(m.other)
}

var errModel = errors.New("detect: model.bin is damaged; run go generate in detect/")

type reader struct {
	b   []byte
	err error
}

func (r *reader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err = errModel
		r.b = nil
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) bytes(n int) []byte {
	if n < 0 || n > len(r.b) {
		r.err = errModel
		r.b = nil
		return make([]byte, max(n, 0))
	}
	b := r.b[:n]
	r.b = r.b[n:]
	return b
}

func (r *reader) string() string { return string(r.bytes(int(r.uvarint()))) }

// loadModels parses model.bin.
func loadModels(data []byte) ([]*langModel, error) {
	const magic = "UCSDM2\n"
	if len(data) < len(magic) || string(data[:len(magic)]) != magic {
		return nil, errModel
	}
	r := &reader{b: data[len(magic):]}
	n := int(r.uvarint())
	if n > 1000 {
		return nil, errModel
	}
	var ms []*langModel
	for i := 0; i < n && r.err == nil; i++ {
		m := &langModel{tag: r.string(), script: r.string()}
		kind := r.bytes(1)[0]
		if kind == 0 {
			k := int(r.uvarint())
			if k > 250 {
				return nil, errModel
			}
			m.index = make(map[rune]uint8, k)
			for j := 0; j < k; j++ {
				c := rune(r.uvarint())
				m.alphabet = append(m.alphabet, c)
				m.index[c] = uint8(numSpecial + j)
			}
			m.S = numSpecial + k
			m.bigram = r.bytes(m.S * m.S)
			copy(m.caseT[:], r.bytes(9))
			for p := range 3 {
				for c := range 3 {
					m.case16[p<<2|c] = int32(m.caseT[p*3+c])
				}
			}
			m.uni = r.bytes(m.S)
			if t := int(r.uvarint()); t > 0 {
				if t > m.S*m.S*m.S {
					return nil, errModel
				}
				S := m.S
				back := r.bytes(S * S)
				keys := make([]int, t)
				k := 0
				for j := range keys {
					k += int(r.uvarint())
					if k >= S*S*S {
						return nil, errModel
					}
					keys[j] = k
				}
				costs := r.bytes(t)
				m.tri = make([]uint8, S*S*S)
				for ab := 0; ab < S*S; ab++ {
					for c := 0; c < S; c++ {
						m.tri[ab*S+c] = uint8(min(255, int(back[ab])+int(m.bigram[(ab%S)*S+c])))
					}
				}
				for j, k := range keys {
					m.tri[k] = costs[j]
				}
			}
			m.latin = m.script == "Latn"
			for _, c := range m.alphabet {
				knownLetters[c] = true
			}
			for c := rune(0); c < 0x80; c++ {
				m.asym[c], m.acase[c] = m.symbol(c)
			}
		} else {
			m.cjk = true
			k := int(r.uvarint())
			if k > 100000 {
				return nil, errModel
			}
			runes := make([]rune, k)
			last := rune(0)
			for j := range runes {
				last += rune(r.uvarint())
				runes[j] = last
			}
			costs := r.bytes(k)
			m.cost = make(map[rune]uint8, k)
			for j, c := range runes {
				m.cost[c] = costs[j]
			}
			m.other = r.bytes(1)[0]
		}
		ms = append(ms, m)
	}
	if r.err != nil {
		return nil, r.err
	}
	return ms, nil
}
