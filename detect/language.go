package detect

import (
	"math/bits"
	"slices"
	"sync"
	"unicode"
)

// The language of decoded text (UTF answers, the 7-bit encodings, EBCDIC
// pages, UTF-16 weighed against legacy readings): the models of the
// text's main writing system score it, and the cheapest explains it best.
// The models of each writing system are kept together (langGroup) with a
// table of which letters each one has, so that a guess reads each
// character's facts from tables and the scoring loop calls nothing.

// guessLanguage returns the tag of the model that explains the text best,
// or "" when the text has too few letters to tell. Only the models whose
// alphabet has every non-ASCII letter of the text are scored (all of the
// script's models when none has them all): the others would pay for the
// letters they lack, and leaving them out keeps the guess cheap beside the
// validation of UTF text. Only the first 16 distinct non-ASCII letters
// (in lower case) are checked.
func guessLanguage(t *tables, runes []rune) string {
	var scripts [13]int
	letters := 0
	var distinct [16]rune
	nd := 0
	for _, r := range runes {
		letter, script := letterScript(r)
		if !letter {
			continue
		}
		letters++
		scripts[script]++
		if r < 0x80 || nd == len(distinct) {
			continue
		}
		r = toLower(r)
		if !slices.Contains(distinct[:nd], r) {
			distinct[nd] = r
			nd++
		}
	}
	if letters < minLetters {
		return ""
	}
	g := t.group(topScript(&scripts))
	var keepBuf [64]bool
	var keep []bool // nil: every model
	if nd > 0 && len(g.models) > 0 {
		if len(g.models) <= len(keepBuf) {
			keep = keepBuf[:len(g.models)]
		} else {
			keep = make([]bool, len(g.models))
		}
		if g.keepWith(distinct[:nd], keep) == 0 {
			keep = nil // no model has them all: score every one
		}
	}
	// One model to score is the answer, whatever its cost: no text of
	// this length costs the 1<<30 that best starts from.
	m := g.only(keep)
	if m == nil {
		m, _ = g.best(runes, keep)
	}
	if m == nil {
		return ""
	}
	return m.tag
}

// letterScript reports whether r is a letter (unicode.IsLetter) and its
// scriptOf bucket.
func letterScript(r rune) (bool, int) {
	if r >= 0 && r < 0x10000 {
		v := bmpTable()[r]
		return v&bmpLetter != 0, int(v & bmpScript)
	}
	return unicode.IsLetter(r), scriptOfSlow(r)
}

// toLower is unicode.ToLower, from a table below denseLimit.
func toLower(r rune) rune {
	if r >= 0 && r < denseLimit {
		return rune(lowerTable()[r])
	}
	return unicode.ToLower(r)
}

// lowerTable holds unicode.ToLower of the characters below denseLimit,
// which all fall in the Basic Multilingual Plane.
var lowerTable = sync.OnceValue(func() *[denseLimit]uint16 {
	var t [denseLimit]uint16
	for r := range t {
		t[r] = uint16(unicode.ToLower(rune(r)))
	}
	return &t
})

// topScript returns the scriptOf bucket with the most letters (the lowest
// of equals, Latin when there are none), Hangul instead of Han when the
// text has any Hangul.
func topScript(scripts *[13]int) int {
	top := 1
	for s := 1; s < len(scripts); s++ {
		if scripts[s] > scripts[top] {
			top = s
		}
	}
	if top == 10 && scripts[11] > 0 {
		top = 11
	}
	return top
}

// modelScripts maps a scriptOf bucket onto the scripts of the models.
var modelScripts = map[int][]string{
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

// langGroup holds the models of the scripts of one scriptOf bucket, in
// the order of tables.models, which decides between equal costs.
type langGroup struct {
	once   sync.Once
	models []*langModel
	// letters[r], for r below denseLimit, has bit k set when models[k]
	// has r as a letter of its alphabet (read as itself, not as its base
	// letter); nil when the group has more than 64 models. alpha has the
	// bits of the alphabetic models: a CJK model has no letter of its own
	// (symbol), so it is never kept for the letters of a text.
	letters []uint64
	alpha   uint64
	// cjk, when every model of the group is a CJK model, costs the
	// characters of the Basic Multilingual Plane under all of them at
	// once (bestCJK).
	cjk *cjkTable
}

// group returns the models of a scriptOf bucket, with their tables built
// at the first call; a bucket without models has none.
func (t *tables) group(script int) *langGroup {
	g := &t.groups[script]
	g.once.Do(func() {
		want := modelScripts[script]
		for _, m := range t.models {
			if slices.Contains(want, m.script) {
				g.models = append(g.models, m)
			}
		}
		if len(g.models) > 64 {
			return
		}
		g.cjk = newCJKTable(g.models)
		g.letters = make([]uint64, denseLimit)
		for k, m := range g.models {
			if m.cjk {
				continue
			}
			g.alpha |= 1 << k
			for r, v := range m.denseTable() {
				if denseLetter(v) {
					g.letters[r] |= 1 << k
				}
			}
		}
	})
	return g
}

// denseLetter reports whether an entry of a model's dense table is a
// letter of its alphabet read as itself.
func denseLetter(v uint32) bool {
	return uint8(v) >= numSpecial && uint8(v>>8)&unknownLetter == 0
}

// keepWith sets keep[k] when models[k] has every rune of distinct as a
// letter of its alphabet, and returns how many it kept.
func (g *langGroup) keepWith(distinct []rune, keep []bool) int {
	if g.letters != nil {
		mask := g.alpha
		for _, r := range distinct {
			if r >= 0 && r < denseLimit {
				mask &= g.letters[r]
				continue
			}
			for k, m := range g.models {
				if mask&(1<<k) != 0 && !m.hasLetter(r) {
					mask &^= 1 << k
				}
			}
		}
		for k := range keep {
			keep[k] = mask&(1<<k) != 0
		}
		return bits.OnesCount64(mask)
	}
	n := 0
	for k, m := range g.models {
		keep[k] = true
		for _, r := range distinct {
			if !m.hasLetter(r) {
				keep[k] = false
				break
			}
		}
		if keep[k] {
			n++
		}
	}
	return n
}

// hasLetter reports whether r is a letter of the model's alphabet, read
// as itself.
func (m *langModel) hasLetter(r rune) bool {
	s, c := m.fastSymbol(r)
	return s >= numSpecial && c&unknownLetter == 0
}

// only returns the one model of the group to score (those with keep[k]
// true, when keep is not nil), or nil when there are none or several.
func (g *langGroup) only(keep []bool) *langModel {
	var one *langModel
	for k, m := range g.models {
		if keep != nil && !keep[k] {
			continue
		}
		if one != nil {
			return nil
		}
		one = m
	}
	return one
}

// best scores runes with the group's models (those with keep[k] true,
// when keep is not nil) and returns the cheapest and its cost; the first
// of equals wins.
func (g *langGroup) best(runes []rune, keep []bool) (*langModel, int32) {
	if g.cjk != nil {
		return g.bestCJK(runes, keep)
	}
	var best *langModel
	bestCost := int32(1 << 30)
	for k, m := range g.models {
		if keep != nil && !keep[k] {
			continue
		}
		c := scoreRunes(m, runes, bestCost)
		if c < bestCost {
			best, bestCost = m, c
		}
	}
	return best, bestCost
}

// bestLanguage scores runes with the models of their main writing
// system and returns the best model and its cost.
func bestLanguage(t *tables, runes []rune) (*langModel, int32) {
	var scripts [13]int
	for _, r := range runes {
		if letter, s := letterScript(r); letter {
			scripts[s]++
		}
	}
	return t.group(topScript(&scripts)).best(runes, nil)
}

// bestLanguageOf is bestLanguage among the models of the main writing
// system that keep accepts, or among all of them when it accepts none.
func bestLanguageOf(t *tables, runes []rune, keep func(*langModel) bool) (*langModel, int32) {
	var scripts [13]int
	for _, r := range runes {
		if letter, s := letterScript(r); letter {
			scripts[s]++
		}
	}
	g := t.group(topScript(&scripts))
	kept := make([]bool, len(g.models))
	n := 0
	for k, m := range g.models {
		if kept[k] = keep(m); kept[k] {
			n++
		}
	}
	if n == 0 {
		kept = nil
	}
	return g.best(runes, kept)
}

// emitCost is emit as a table, for every symbol.
var emitCost = [256]int32{
	symRare:    emitRare,
	symOther:   emitOther,
	symControl: emitControl,
	symLatin:   emitLatin,
}

// scoreRunes is the cost of text under a model. No step costs less than
// nothing, so once the sum reaches limit the rest is not added: the cost
// returned is then at least limit, and the model cannot beat the one that
// set it.
func scoreRunes(m *langModel, runes []rune, limit int32) int32 {
	switch {
	case m.cjk:
		return scoreCJK(m, runes, limit)
	case m.tri != nil:
		return scoreTrigram(m, runes, limit)
	}
	return scoreBigram(m, runes, limit)
}

// scoreBigram is scoreRunes for a model without trigrams, where every
// step costs the bigram of the two symbols. The loop reads the dense
// table; from the first character beyond it, scoreBigramSlow goes on.
func scoreBigram(m *langModel, runes []rune, limit int32) int32 {
	dense := m.denseTable()
	bigram, S := m.bigram, uint32(m.S)
	case16 := &m.case16
	var cost int32
	prevRow, pc := uint32(symSpace)*S, uint32(0)
	for i, r := range runes {
		if uint32(r) >= uint32(len(dense)) {
			return scoreBigramSlow(m, runes[i:], cost, prevRow, pc, limit)
		}
		v := dense[uint32(r)]
		s, c := v&0xFF, v>>8&3
		cost += int32(bigram[prevRow+s]) + case16[(pc<<2|c)&15] + int32(v>>16)
		prevRow, pc = s*S, c
		if cost >= limit {
			return cost
		}
	}
	return cost
}

// scoreBigramSlow is scoreBigram from a given state, for any character.
func scoreBigramSlow(m *langModel, runes []rune, cost int32, prevRow, pc uint32, limit int32) int32 {
	dense := m.denseTable()
	S := uint32(m.S)
	for _, r := range runes {
		v := m.entry(dense, r)
		s, c := v&0xFF, v>>8&3
		cost += int32(m.bigram[prevRow+s]) + m.case16[(pc<<2|c)&15] + int32(v>>16)
		prevRow, pc = s*S, c
		if cost >= limit {
			return cost
		}
	}
	return cost
}

// scoreTrigram is scoreRunes for a model with trigrams: a step that
// touches a non-ASCII character costs the trigram, one between two ASCII
// characters the bigram.
func scoreTrigram(m *langModel, runes []rune, limit int32) int32 {
	dense := m.denseTable()
	bigram, tri, S := m.bigram, m.tri, uint32(m.S)
	var cost int32
	prev2, prev, pc, prevHigh := uint32(symSpace), uint32(symSpace), uint32(0), false
	for _, r := range runes {
		v := m.entry(dense, r)
		s, c := v&0xFF, v>>8&3
		high := r >= 0x80
		if high || prevHigh {
			cost += int32(tri[(prev2*S+prev)*S+s])
		} else {
			cost += int32(bigram[prev*S+s])
		}
		cost += m.case16[(pc<<2|c)&15] + int32(v>>16)
		prev2, prev, pc, prevHigh = prev, s, c, high
		if cost >= limit {
			return cost
		}
	}
	return cost
}

// entry returns the denseEntry of r in an alphabetic model: from its
// dense table below denseLimit, else from its maps, with symControl for
// a character that is not text.
func (m *langModel) entry(dense []uint32, r rune) uint32 {
	if uint32(r) < uint32(len(dense)) {
		return dense[uint32(r)]
	}
	s, c := m.symbol(r)
	if r >= denseLimit && !textRune(r) {
		s = symControl
	}
	return denseEntry(s, c)
}

// scoreCJK is scoreRunes for a model of Han, kana or Hangul characters,
// which costs each character alone.
func scoreCJK(m *langModel, runes []rune, limit int32) int32 {
	var cost int32
	for _, r := range runes {
		cost += m.runeCost(r)
		if cost >= limit {
			return cost
		}
	}
	return cost
}

// cjkTable holds the costs of characters under the CJK models of a
// group: for a character of the Basic Multilingual Plane that some model
// lists, or a tab or line break, idx is the row of cost that holds its
// runeCost under each model; for another, idx is 0 and each model costs
// it as one it does not list.
type cjkTable struct {
	idx  []uint16
	cost []int32 // rows of len(models)
}

// newCJKTable returns the table of a group's CJK models, or nil when the
// group has an alphabetic model or none. It reads each model's map once
// and looks nothing up, so that a first detection pays little for it.
func newCJKTable(models []*langModel) *cjkTable {
	if len(models) == 0 {
		return nil
	}
	t := &cjkTable{idx: make([]uint16, 0x10000)}
	listed := []rune{'\t', '\n', '\r'}
	for i, r := range listed {
		t.idx[r] = uint16(i + 1)
	}
	for _, m := range models {
		if !m.cjk {
			return nil
		}
		for r := range m.cost {
			if r >= 0 && r < 0x10000 && t.idx[r] == 0 {
				if len(listed)+1 >= 1<<16 {
					return nil
				}
				listed = append(listed, r)
				t.idx[r] = uint16(len(listed))
			}
		}
	}
	n := len(models)
	t.cost = make([]int32, (len(listed)+1)*n)
	for i, r := range listed {
		row := t.cost[(i+1)*n : (i+2)*n]
		for k, m := range models {
			row[k] = int32(m.other) // runeCost of a character it does not list
			if r < 0x20 || r >= 0x7F && r < 0xA0 {
				row[k] += emitControl
			}
		}
	}
	for k, m := range models {
		for r, c := range m.cost {
			if r >= 0 && r < 0x10000 {
				t.cost[int(t.idx[r])*n+k] = int32(c)
			}
		}
		for _, r := range listed[:3] { // read as a space
			t.cost[int(t.idx[r])*n+k] = m.runeCost(r)
		}
	}
	return t
}

// bestCJK is best for a group of CJK models: it costs each character
// under all of them at once, then takes the first of the cheapest.
func (g *langGroup) bestCJK(runes []rune, keep []bool) (*langModel, int32) {
	n := len(g.models)
	var sums [64]int32
	cost := g.cjk.cost
	for _, r := range runes {
		if r >= 0 && r < 0x10000 {
			if i := int(g.cjk.idx[r]); i != 0 {
				row := cost[i*n : i*n+n]
				for k := range row {
					sums[k] += row[k]
				}
				continue
			}
			if r < 0x20 || r >= 0x7F && r < 0xA0 {
				for k, m := range g.models {
					sums[k] += int32(m.other) + emitControl
				}
				continue
			}
			for k, m := range g.models {
				sums[k] += int32(m.other)
			}
			continue
		}
		for k, m := range g.models {
			sums[k] += m.runeCost(r)
		}
	}
	var best *langModel
	bestCost := int32(1 << 30)
	for k, m := range g.models {
		if keep != nil && !keep[k] {
			continue
		}
		if sums[k] < bestCost {
			best, bestCost = m, sums[k]
		}
	}
	return best, bestCost
}
