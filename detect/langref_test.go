package detect

import (
	"slices"
	"unicode"
)

// The language guess as it was before langGroup and its tables, kept as
// the reference that language_test.go compares the guess with: it looks
// every character up in the models' maps (symbol) and the unicode
// package, and scores the models one by one with function calls.

// refSymbol is the symbol and case of r in an alphabetic model, from the
// model's maps: a character that is not text is symControl, for scoring
// (score true) at any code point, else below denseLimit only.
func refSymbol(m *langModel, r rune, score bool) (uint8, uint8) {
	s, c := m.symbol(r)
	if r >= 0 && (r < denseLimit || score) && !textRuneSlow(r) {
		s = symControl
	}
	return s, c
}

// refStep is langModel.step.
func refStep(m *langModel, p2, p1, s uint8) int32 {
	if m.tri != nil {
		return int32(m.tri[(int(p2)*m.S+int(p1))*m.S+int(s)])
	}
	return int32(m.bigram[int(p1)*m.S+int(s)])
}

// refGuessLanguage returns the tag of the model that explains the text best,
// or "" when the text has too few letters to tell. Only the models whose
// alphabet has every non-ASCII letter of the text are scored (all of the
// script's models when none has them all): the others would pay for the
// letters they lack, and leaving them out keeps the guess cheap beside the
// validation of UTF text.
func refGuessLanguage(t *tables, runes []rune) string {
	letters := 0
	var distinct [16]rune
	nd := 0
	for _, r := range runes {
		if !unicode.IsLetter(r) {
			continue
		}
		letters++
		if r < 0x80 || nd == len(distinct) {
			continue
		}
		r = unicode.ToLower(r)
		if !slices.Contains(distinct[:nd], r) {
			distinct[nd] = r
			nd++
		}
	}
	if letters < minLetters {
		return ""
	}
	m, _ := refBestLanguageOf(t, runes, true, func(m *langModel) bool {
		for _, r := range distinct[:nd] {
			if s, c := refSymbol(m, r, false); s < numSpecial || c&unknownLetter != 0 {
				return false
			}
		}
		return true
	})
	if m == nil {
		return ""
	}
	return m.tag
}

// refModelScripts maps a scriptOf bucket onto the scripts of the models.
var refModelScripts = map[int][]string{
	1:  {"Latn"},
	2:  {"Grek"},
	3:  {"Cyrl"},
	4:  {"Armn"},
	5:  {"Hebr"},
	6:  {"Arab"},
	7:  {"Deva"},
	8:  {"Thai"},
	9:  {"Geor"},
	10: {"Hans", "Hant", "Jpan"},
	11: {"Kore"},
}

// refBestLanguage scores runes with the models of their main writing
// system and returns the best model and its cost.
func refBestLanguage(t *tables, runes []rune, full bool) (*langModel, int32) {
	return refBestLanguageOf(t, runes, full, nil)
}

// refBestLanguageOf is bestLanguage restricted to the models for which keep
// is true, when there are any (keep nil keeps all).
func refBestLanguageOf(t *tables, runes []rune, full bool, keep func(*langModel) bool) (*langModel, int32) {
	var scripts [13]int
	for _, r := range runes {
		if unicode.IsLetter(r) {
			scripts[scriptOfSlow(r)]++
		}
	}
	top := 1
	for s := 1; s < len(scripts); s++ {
		if scripts[s] > scripts[top] {
			top = s
		}
	}
	if top == 10 && scripts[11] > 0 {
		top = 11
	}
	want := refModelScripts[top]
	var best *langModel
	bestCost := int32(1 << 30)
	kept := 0
	if keep != nil {
		for _, m := range t.models {
			if slices.Contains(want, m.script) && keep(m) {
				kept++
			}
		}
	}
	for _, m := range t.models {
		if !slices.Contains(want, m.script) || kept > 0 && !keep(m) {
			continue
		}
		c := refScoreRunes(m, runes, full, bestCost)
		if c < bestCost {
			best, bestCost = m, c
		}
	}
	return best, bestCost
}

// refScoreRunes is the cost of text under a model. With full false, steps
// between two ASCII characters are not counted (they cost the same in every
// ASCII-compatible reading). No step costs less than nothing, so once the
// sum reaches limit the rest is not added: the cost returned is then at
// least limit, and the model cannot beat the one that set it.
func refScoreRunes(m *langModel, runes []rune, full bool, limit int32) int32 {
	var cost int32
	if m.cjk {
		for _, r := range runes {
			if full || r >= 0x80 {
				cost += m.runeCost(r)
				if cost >= limit {
					return cost
				}
			}
		}
		return cost
	}
	prev2, prev, pc, prevHigh := uint8(symSpace), uint8(symSpace), uint8(0), false
	for _, r := range runes {
		s, c := refSymbol(m, r, true)
		x := emit(s)
		if c&unknownLetter != 0 {
			c &^= unknownLetter
			x += unknownCost
		}
		high := r >= 0x80
		switch {
		case high || prevHigh:
			cost += refStep(m, prev2, prev, s) + int32(m.caseT[pc*3+c]) + x
		case full:
			cost += int32(m.bigram[int(prev)*m.S+int(s)]) + int32(m.caseT[pc*3+c]) + x
		}
		prev2, prev, pc, prevHigh = prev, s, c, high
		if cost >= limit {
			return cost
		}
	}
	return cost
}
