package fix

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Options tune a repair. The zero value is the default.
type Options struct {
	// MaxLayers bounds the wrong decodings undone in one string; 0 means
	// DefaultMaxLayers. A string that needs more is left unchanged.
	MaxLayers int
	// NoLegacy turns off the repair of legacy text read as another legacy
	// page (the costliest step, which asks the detector).
	NoLegacy bool
}

// DefaultMaxLayers is the number of wrong decodings undone at most when
// Options.MaxLayers is 0.
const DefaultMaxLayers = 4

// Layer is one wrong decoding: bytes in Encoding were decoded as ReadAs,
// and the resulting text was stored as UTF-8.
type Layer struct {
	Encoding string `json:"encoding"` // what the bytes were: "utf-8" or a legacy page
	ReadAs   string `json:"read_as"`  // what they were wrongly decoded as
	// Partial is true when only some sequences of the text were undone
	// (the rest was correct already).
	Partial bool `json:"partial,omitempty"`
}

// Explanation says what a repair did, or why it left the text alone.
type Explanation struct {
	// Layers are the wrong decodings undone, in the order they happened
	// (the first wrong decoding first). Empty when nothing changed.
	Layers []Layer
	// Lossy, when not empty, says why text that looks like mojibake was
	// left alone: information was lost (U+FFFD or '?' stands for bytes that
	// a lenient decoder dropped), so no inversion restores it.
	Lossy string
}

// Changed reports whether the repair changed the text.
func (e Explanation) Changed() bool { return len(e.Layers) > 0 }

// String returns the chain of wrong decodings, for example
// "utf-8 → read as windows-1252 → utf-8", or "" when nothing changed.
func (e Explanation) String() string {
	if len(e.Layers) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(e.Layers[0].Encoding)
	for i, l := range e.Layers {
		if i > 0 && l.Encoding != "utf-8" {
			b.WriteString(" → " + l.Encoding)
		}
		b.WriteString(" → read as " + l.ReadAs)
		if l.Partial {
			b.WriteString(" (in part)")
		}
		b.WriteString(" → utf-8")
	}
	return b.String()
}

// String repairs mojibake in s: it finds the most probable chain of wrong
// decodings that produced s and inverts it with ucs's strict codecs. Text
// with nothing suspicious, and text whose repair would not be more
// plausible than itself, is returned unchanged (the same string, no
// allocation). Invalid UTF-8 in s is left as it is. The result is
// idempotent: String of a result returns it unchanged.
func String(s string, opts Options) (string, Explanation) {
	return repair(s, opts, true)
}

// repair is String; quoteCheck turns on the check for text that quotes
// mojibake beside what it stands for.
func repair(s string, opts Options, quoteCheck bool) (string, Explanation) {
	var exp Explanation
	if !suspicious(s) {
		return s, exp
	}
	if !utf8.ValidString(s) {
		return s, exp
	}
	t := getTables()
	if !t.mayBeMojibake(s, &opts) {
		return s, exp
	}
	maxLayers := opts.MaxLayers
	if maxLayers <= 0 {
		maxLayers = DefaultMaxLayers
	}
	cur := s
	curCost := textCost(t, cur)
	var layers []Layer
	for {
		if len(layers) > 0 && !t.mayBeMojibake(cur, &opts) {
			break
		}
		c, ok := t.best(cur, curCost, &opts)
		if !ok {
			break
		}
		if len(layers) == maxLayers && c.lossy == "" {
			// More wrong decodings than allowed: left alone, so that the
			// result of String is always a text String leaves unchanged.
			return s, Explanation{}
		}
		if c.lossy != "" {
			if len(layers) == 0 {
				exp.Lossy = c.lossy
				return s, exp
			}
			break
		}
		layers = append(layers, c.layer)
		cur, curCost = c.text, c.cost
	}
	if len(layers) == 0 || quoteCheck && partial(layers) && quotesMojibake(s, cur, &opts) {
		return s, exp
	}
	// Layers were undone outermost first; report them in the order they
	// happened.
	for i, j := 0, len(layers)-1; i < j; i, j = i+1, j-1 {
		layers[i], layers[j] = layers[j], layers[i]
	}
	exp.Layers = layers
	return cur, exp
}

// partial reports whether some layer was undone only in part: text that
// quotes mojibake beside what it stands for is never undone whole.
func partial(layers []Layer) bool {
	for _, l := range layers {
		if l.Partial {
			return true
		}
	}
	return false
}

// quotesMojibake reports whether s shows mojibake on purpose beside the
// text it stands for: a word of s that, repaired on its own, is a word s
// also holds and the repair left as it was ("the file showed “CafÃ©”
// instead of “Café”", "“ÃƒÂ©” is é encoded twice"). Such text is about
// mojibake, and is left as it was written.
func quotesMojibake(s, repaired string, o *Options) bool {
	kept := map[string]bool{} // the non-ASCII words the repair left alone
	for w := range nonASCIIWords(repaired) {
		kept[w] = true
	}
	var same map[string]bool
	for w := range nonASCIIWords(s) {
		if kept[w] {
			if same == nil {
				same = map[string]bool{}
			}
			same[w] = true
		}
	}
	if same == nil {
		return false // every word changed: nothing quoted beside
	}
	wo := *o
	wo.NoLegacy = true
	for w := range nonASCIIWords(s) {
		if same[w] {
			continue
		}
		if r, exp := repair(w, wo, false); exp.Changed() && same[r] {
			return true
		}
	}
	return false
}

// nonASCIIWords yields the words of s that hold a non-ASCII character; a
// word is a run of letters, digits and non-ASCII characters other than
// spaces.
func nonASCIIWords(s string) func(func(string) bool) {
	return func(yield func(string) bool) {
		start, wide := -1, false
		for i, r := range s {
			in := r >= 0x80 && !unicode.IsSpace(r) || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
			if in {
				if start < 0 {
					start, wide = i, false
				}
				wide = wide || r >= 0x80
				continue
			}
			if start >= 0 && wide && !yield(s[start:i]) {
				return
			}
			start = -1
		}
		if start >= 0 && wide {
			yield(s[start:])
		}
	}
}

// Bytes is String for a byte slice. It returns b itself when nothing
// changes.
func Bytes(b []byte, opts Options) ([]byte, Explanation) {
	if !suspiciousBytes(b) {
		return b, Explanation{}
	}
	out, exp := String(string(b), opts)
	if !exp.Changed() {
		return b, exp
	}
	return []byte(out), exp
}

// suspicious is the cheap gate: it reports whether s holds a character
// that some wrong decoding produces. ASCII text never does.
func suspicious(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	return false
}

func suspiciousBytes(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return true
		}
	}
	return false
}

// mayBeMojibake is the gate after the ASCII check: one pass over s, with no
// allocation, that looks for what some wrong decoding leaves: a character
// standing for a UTF-8 lead byte followed by one standing for a
// continuation byte in the same page, a C1 control, unusual CJK, or the
// letters of a legacy mix-up.
func (t *tables) mayBeMojibake(s string, o *Options) bool {
	var prev *runeInfo
	prevAt := 0
	var cjk cjkScan
	var legacy legacyScan
	legacyDone := o.NoLegacy // legacy's answer is known (false when off)
	legacyHit := false
	for i, r := range s {
		if r < 0x80 {
			// the common case, kept short
			if prev != nil && r == ' ' && t.pairSuspicious(s[prevAt:], prev, nil, r) {
				return true
			}
			prev = nil
			cjk.prevLetter = r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
			if !legacyDone && legacy.stepASCII(r) {
				legacyDone, legacyHit = true, true
			}
			continue
		}
		if r < 0xA0 {
			return true
		}
		cur := t.lookup(r)
		cl := classOf(t, r)
		if prev != nil && t.pairSuspicious(s[prevAt:], prev, cur, r) {
			return true
		}
		if cur != nil && cur.lead != 0 {
			prev, prevAt = cur, i
		} else {
			prev = nil
		}
		if cjk.step(r, cl) {
			return true
		}
		if !legacyDone && legacy.step(r, cl) {
			// the pairs and CJK checks may still say so more cheaply
			legacyDone, legacyHit = true, true
		}
	}
	if cjk.end() || legacyHit {
		return true
	}
	return !legacyDone && legacy.end()
}

// pairSuspicious reports whether prev, which stands for a UTF-8 lead byte
// in some pages and starts s, and the character r after it (cur: what the
// pages make of it) begin a plausible UTF-8 sequence in one of them.
func (t *tables) pairSuspicious(s string, prev, cur *runeInfo, r rune) bool {
	var m uint64
	if r == ' ' {
		m = prev.leadC3
	} else if cur != nil {
		m = prev.lead & cur.cont
		if prev.script == cur.script && prev.script != scNone && prev.script != scLatin {
			m &^= t.rare // see plausibleSequence
		}
	}
	return m != 0 && t.plausibleSequence(s, m)
}

// plausibleSequence reports whether s starts, in one of the pages of mask,
// with a whole UTF-8 sequence that decodes to a character running text
// has (not a C1 control, IPA, a rare script or private use): the sequences
// that correct text forms by chance (Russian "рап" in IBM866 is the
// Samaritan U+082F) seldom do.
func (t *tables) plausibleSequence(s string, mask uint64) bool {
	var buf [4]byte
	for pi := range t.sb {
		if mask&(1<<pi) == 0 {
			continue
		}
		n, need := 0, 1
		script, letters := -1, true // the script of the sequence, if all letters of one
		for _, r := range s {
			b := t.encodeByte(r, pi)
			if n == 1 && need == 2 && r == ' ' {
				b = 0xA0
			}
			if b < 0 {
				break
			}
			if sc := int(classOf(t, r) >> 8 & 0xF); sc == scNone || script >= 0 && sc != script {
				letters = false
			} else {
				script = sc
			}
			buf[n] = byte(b)
			if n == 0 {
				switch {
				case b >= 0xF0:
					need = 4
				case b >= 0xE0:
					need = 3
				default:
					need = 2
				}
			}
			n++
			if n == need {
				break
			}
		}
		if n < need || !utf8.Valid(buf[:n]) {
			continue
		}
		r, _ := utf8.DecodeRune(buf[:n])
		cl := classOf(t, r)
		if letters && script != scLatin && (int(cl>>8&0xF) != script || t.sb[pi].prior >= priorDOS) {
			// letters of one alphabet that decode to another script, or
			// through a rare DOS or Mac page: ordinary words of that
			// alphabet, not mojibake
			continue
		}
		if int(cl&0xFF) < 40 {
			return true
		}
	}
	return false
}
