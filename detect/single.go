package detect

import (
	"cmp"
	"slices"
)

// asciiEvidence is what the ASCII text of the sample says about the
// languages. ASCII text is read alike by every candidate, but it tells
// languages apart. A language written in Latin letters is charged for it
// by its own model, or, when cheaper, like any other language (and any CJK
// reading): what the reference Latin model (English) charges, plus a small
// toll per ASCII letter. Latin words inside other text are common (markup,
// names, quotations), but each language explains its own words best.
//
// The steps between ASCII bytes are counted once and scored per language
// from the counts, by the bigram model: the language chosen for each
// encoding in the quick round is then the one that explains the ASCII text
// best, which in Latin-script text is most of the evidence.
type asciiEvidence struct {
	w       *scratch
	ref     *langModel
	letters int32
	// refASCII is the cost of the ASCII text under the reference model,
	// lowered to the best Latin finalist's once those are scored.
	refASCII int32
}

func newASCIIEvidence(t *tables, sample []byte, w *scratch) asciiEvidence {
	a := asciiEvidence{w: w, ref: t.byTag["en"], refASCII: 1 << 30}
	w.steps.count(sample)
	for _, c := range sample {
		if c|0x20 >= 'a' && c|0x20 <= 'z' {
			a.letters++
		}
	}
	if w.gen++; w.gen == 0 {
		clear(w.loGen) // the call counter wrapped around
		w.gen = 1
	}
	return a
}

// of is the cost of the ASCII steps under m, computed once per call.
func (a *asciiEvidence) of(m *langModel) int32 {
	w := a.w
	if w.loGen[m.idx] != w.gen {
		w.lo[m.idx] = w.steps.score(m)
		w.loGen[m.idx] = w.gen
	}
	return w.lo[m.idx]
}

// quick is the ASCII cost of a reading in m for the quick round.
func (a *asciiEvidence) quick(m *langModel) int32 {
	if a.ref == nil {
		return a.of(m)
	}
	foreign := a.of(a.ref) + a.letters*latinToll
	if !m.latin {
		return foreign
	}
	return min(a.of(m), foreign)
}

// foreign is the ASCII cost of a reading in a language that its own model
// does not charge for it (a language not written in Latin letters, a
// multi-byte reading).
func (a *asciiEvidence) foreign() int32 { return a.refASCII + a.letters*latinToll }

// singleScored scores the single-byte readings of the sample: validity
// from the histogram, a quick unigram score per language (quickRound),
// then bigram scores for the most promising readings (scoreParts), one
// scored candidate per encoding with its best language.
func singleScored(t *tables, b []byte, end int, sample []byte, hist *[256]uint32, sh shape, ae *asciiEvidence, w *scratch) []scored {
	finalists := quickRound(t, hist, w.present, ae, w)
	if ae.ref != nil {
		ae.refASCII = ae.of(ae.ref)
	}
	parts := scoreParts(finalists, sample, ae, w)
	return singleCandidates(b, end, parts, sh, w)
}

// quickRound keeps, for each single-byte encoding that decodes every byte
// present, its two languages with the lowest unigram cost of the
// non-ASCII bytes plus ASCII cost, and of those the ones within reach of
// the best.
func quickRound(t *tables, hist *[256]uint32, present []byte, ae *asciiEvidence, w *scratch) []quick {
	finalists := w.finalists[:0]
	// bound is past the cut below for any best cost not above the best so
	// far: a reading whose partial sum passes it is cut in the end and
	// needs no more work. Dropping it changes nothing: it would sort after
	// every reading that is kept, and the lower-cost readings of its
	// encoding are not passed over for it.
	bound := int32(1 << 30)
	// With many distinct non-ASCII bytes (CJK text), the whole sum over
	// bytes 80–FF (dotHigh, in vector instructions) is faster than the
	// sum over the bytes present that stops early; both keep the same
	// readings, since a sum is cut short only when its reading is dropped.
	dense := len(present) >= denseMin()
	high := (*[128]uint32)(hist[128:])
	var mask [4]uint64 // the bytes present, as bits
	for _, c := range present {
		mask[c>>6] |= 1 << (c & 63)
	}
	for _, e := range t.readings().singles {
		if hist[0] != 0 && e.sb[0] != 0 ||
			(mask[0]&e.undef[0])|(mask[1]&e.undef[1])|(mask[2]&e.undef[2])|(mask[3]&e.undef[3]) != 0 {
			continue // a byte present has no character
		}
		// No pair of e costs less than the floor's sum (the ASCII costs
		// are not negative): when that is past the bound, every pair
		// would be passed over below, and none needs its sum.
		if dense && dotHigh(high, &e.floor) > bound {
			continue
		}
		var first, second quick
		first.cost, second.cost = 1<<30, 1<<30
		for _, p := range e.pairs {
			q := ae.quick(p.m)
			if dense {
				q += dotHigh(high, (*[128]int32)(p.cost[128:]))
			} else {
				// The costs are not negative: a reading already at the
				// second best of its encoding cannot place, nor one past
				// the bound, and the rest of its sum is not needed.
				for i, c := range present {
					q += int32(hist[c]) * p.cost[c]
					if i&15 == 15 && (q >= second.cost || q > bound) {
						break
					}
				}
			}
			if q > bound {
				continue
			}
			if q < first.cost {
				second = first
				first = quick{p, q, -1}
			} else if q < second.cost {
				second = quick{p, q, -1}
			}
		}
		if first.p != nil {
			bound = min(bound, cutOf(first.cost))
			finalists = append(finalists, first)
		}
		if second.p != nil {
			finalists = append(finalists, second)
		}
	}
	slices.SortStableFunc(finalists, func(x, y quick) int { return cmp.Compare(x.cost, y.cost) })
	// A reading that decodes the bytes present as an earlier finalist
	// does, in the same language, is the same text at the same cost: it
	// is kept, scored by copying, and takes none of the maxFinalists
	// places. Code pages that share their letters (the Cyrillic ones, KOI8
	// and its variants) would otherwise fill the places with one text.
	distinct := 0
	for i := range finalists {
		f := &finalists[i]
		for j := range i {
			if g := finalists[j]; g.dup < 0 && g.p.m == f.p.m && sameSingle(g.p.e, f.p.e, present) {
				f.dup = j
				break
			}
		}
		if f.dup < 0 {
			if distinct == maxFinalists {
				finalists = finalists[:i]
				break
			}
			distinct++
		}
	}
	// Readings far behind on the unigram score do not catch up on bigrams.
	if len(finalists) > 0 {
		cut := cutOf(finalists[0].cost)
		for i, f := range finalists {
			if f.cost > cut {
				finalists = finalists[:i]
				break
			}
		}
	}
	w.finalists = finalists
	return finalists
}

// costFloor is the lowest unigram cost of each byte 80–FF over the pairs
// (enc.floor).
func costFloor(pairs []*sbPair) [128]int32 {
	var f [128]int32
	for c := range f {
		f[c] = pairs[0].cost[128+c]
		for _, p := range pairs[1:] {
			f[c] = min(f[c], p.cost[128+c])
		}
	}
	return f
}

// cutOf is the highest unigram cost of a reading that goes on to the
// bigram round when the best reading costs best.
func cutOf(best int32) int32 { return best + best/quickSlack + quickMargin }

// scoreParts scores the finalists by bigrams: the non-ASCII bytes in two
// rounds, all finalists on the first ones, then only those still within
// reach on the rest; the ASCII steps from the counts.
func scoreParts(finalists []quick, sample []byte, ae *asciiEvidence, w *scratch) []part {
	if cap(w.pos) < len(sample) {
		w.pos = make([]int32, 0, len(sample))
	}
	pos := w.pos[:0] // positions of non-ASCII bytes
	if len(finalists) > 0 {
		for i, c := range sample {
			if c >= 0x80 {
				pos = append(pos, int32(i))
			}
		}
	}
	w.pos = pos
	w.high.counted = false
	parts := w.parts[:0]
	head, tail := pos, pos[:0]
	if len(pos) > firstRound {
		head, tail = pos[:firstRound], pos[firstRound:]
	}
	// The ASCII costs first: they settle the cost of the ASCII text in a
	// foreign language, and with it every reading's, before any bigram.
	for _, f := range finalists {
		lo := ae.of(f.p.m)
		parts = append(parts, part{f.p, 0, lo, f.dup})
		if f.p.m.latin && lo < ae.refASCII {
			ae.refASCII = lo
		}
	}
	foreign := ae.foreign()
	for i := range parts {
		if lo := parts[i].lo; !parts[i].p.m.latin || lo > foreign {
			parts[i].lo = foreign
		}
	}
	// The first round. When a second one follows, a reading more than
	// roundMargin behind the best so far is dropped after it, so its sum
	// may stop there (costs are not negative, and the best can only
	// improve): what is kept is the same.
	//
	// With several readings to score, the steps of the head past its first
	// headPrefix positions are counted once and summed per reading from
	// the counts (scoreSteps), as in the second round; the first ones are
	// summed position by position, so that a reading far behind still
	// stops there. The sum is of the same integers in another order, so
	// it is exactly scoreHigh's; a reading not stopped after the prefix
	// gets its full sum, which is past limit whenever a partial one was.
	bestHead := int32(1 << 30)
	rest := head[:0] // the head's positions that were counted
	if len(head) > headPrefix && countsPay(parts) {
		rest = head[headPrefix:]
		w.high.count(sample, rest)
	}
	for i := range parts {
		limit := int32(1 << 30)
		if len(tail) > 0 {
			limit = bestHead + roundMargin - parts[i].lo
		}
		if d := parts[i].dup; d >= 0 {
			parts[i].hi = parts[d].hi // the same text in the same language
		} else if p := parts[i].p; len(rest) > 0 && p.m.tri == nil {
			hi := p.scoreHigh(sample, head[:headPrefix], limit)
			if hi <= limit {
				hi += p.scoreSteps(&w.high)
			}
			parts[i].hi = hi
		} else {
			parts[i].hi = parts[i].p.scoreHigh(sample, head, limit)
		}
		bestHead = min(bestHead, parts[i].hi+parts[i].lo)
	}
	w.high.counted = false // the counts are the head's, not the tail's
	if len(tail) > 0 {
		// more[i] is what the second round adds to finalist i.
		more := w.more[:0]
		kept := parts[:0]
		for i, p := range parts {
			more = append(more, 0)
			if p.hi+p.lo > bestHead+roundMargin {
				continue
			}
			switch {
			case p.dup >= 0:
				more[i] = more[p.dup]
			case p.p.m.tri == nil:
				if !w.high.counted {
					w.high.count(sample, tail)
				}
				more[i] = p.p.scoreSteps(&w.high)
			default:
				more[i] = p.p.scoreHigh(sample, tail, 1<<30)
			}
			p.hi += more[i]
			kept = append(kept, p)
		}
		w.more = more
		parts = kept
	}
	w.parts = parts
	return parts
}

// headPrefix is the number of the first round's positions that are summed
// per reading before the counted rest (scoreParts).
const headPrefix = 64

// countsPay reports whether counting the first round's steps once costs
// less than walking them under each reading: when at least three readings
// without trigrams are scored.
func countsPay(parts []part) bool {
	n := 0
	for _, p := range parts {
		if p.dup < 0 && p.p.m.tri == nil {
			n++
		}
	}
	return n >= 3
}

// singleCandidates turns the scored parts into one candidate per encoding,
// with the language of its best reading (reported only when it leads the
// next by langMargin). Beyond the examined text (from end on), a byte that
// a reading takes for a control character still counts against it.
func singleCandidates(b []byte, end int, parts []part, sh shape, w *scratch) []scored {
	present := w.present
	tailHist := &w.tailHist
	*tailHist = [256]int32{}
	if len(b) > end {
		for _, c := range b[end:] {
			if c >= 0x80 {
				tailHist[c]++
			}
		}
	}
	tailCost := func(p *sbPair) int32 {
		var t int32
		for _, c := range present {
			if p.sym[c] == symControl {
				t += tailHist[c] * p.emit[c]
			}
		}
		return t
	}
	out := w.out[:0]
	bestOf := func(e *enc) (int, bool) {
		for i := range out {
			if out[i].e == e {
				return i, true
			}
		}
		return 0, false
	}
	for _, f := range parts {
		shaped := f.p.shape.cost(sh)
		cost := f.hi + f.lo + f.p.e.prior + tailCost(f.p) + shaped
		if i, seen := bestOf(f.p.e); seen {
			if cost < out[i].cost {
				out[i].runnerUp = out[i].cost
				out[i].cost, out[i].lang, out[i].shape = cost, f.p.m.tag, shaped
			} else {
				out[i].runnerUp = min(out[i].runnerUp, cost)
			}
			continue
		}
		out = append(out, scored{e: f.p.e, name: f.p.e.reportName(), cs: f.p.e.cs, lang: f.p.m.tag, cost: cost, runnerUp: 1 << 30, shape: shaped})
	}
	// A language that another explains almost as well is not reported.
	for i := range out {
		if out[i].runnerUp-out[i].cost < langMargin {
			out[i].lang = ""
		}
	}
	return out
}

// groupSingles gives the single-byte readings that decode the input to the
// same text one identifier, and returns the last identifier given.
func groupSingles(out []scored, present []byte) int {
	id := 0
	for i := range out {
		if out[i].same != 0 {
			continue
		}
		id++
		out[i].same = id
		for j := i + 1; j < len(out); j++ {
			if out[j].same == 0 && sameSingle(out[i].e, out[j].e, present) {
				out[j].same = id
			}
		}
	}
	return id
}

// score is the bigram cost of b read through the pair, in two parts: the
// steps that touch a non-ASCII byte, and the steps between two ASCII bytes
// (the same text under every ASCII-compatible reading, but evidence of the
// language). It is the reference for scoreHigh and asciiScore.
func (p *sbPair) score(b []byte) (high, ascii int32) {
	m := p.m
	S := m.S
	big := m.bigram
	prev2, prev, pc, prevHigh := uint8(symSpace), uint8(symSpace), uint8(0), false
	for _, c := range b {
		s, cc := p.sym[c], p.cas[c]
		if c >= 0x80 {
			high += m.step(prev2, prev, s) + int32(m.caseT[pc*3+cc]) + p.emit[c]
			prevHigh = true
		} else if prevHigh {
			high += m.step(prev2, prev, s) + int32(m.caseT[pc*3+cc])
			prevHigh = false
		} else {
			// Steps between two ASCII bytes use the bigram model alone.
			ascii += int32(big[int(prev)*S+int(s)]) + int32(m.caseT[pc*3+cc])
		}
		prev2, prev, pc = prev, s, cc
	}
	return high, ascii
}

// scoreHigh is the first result of score, computed from the positions of
// the non-ASCII bytes of b only. Once the sum passes limit it may stop
// and return a partial sum, itself above limit.
func (p *sbPair) scoreHigh(b []byte, pos []int32, limit int32) int32 {
	m := p.m
	if m.tri != nil {
		return p.scoreHighTri(b, pos, limit)
	}
	S := m.S
	big := m.bigram
	var cost int32
	for k, i := range pos {
		if k&31 == 31 && cost > limit {
			break
		}
		prev, pc := uint8(symSpace), uint8(0)
		if i > 0 {
			prev, pc = p.sym[b[i-1]], p.cas[b[i-1]]
		}
		c := b[i]
		s, cc := p.sym[c], p.cas[c]
		cost += int32(big[int(prev)*S+int(s)]) + int32(m.caseT[pc*3+cc]) + p.emit[c]
		if j := int(i) + 1; j < len(b) && b[j] < 0x80 {
			n := b[j]
			cost += int32(big[int(s)*S+int(p.sym[n])]) + int32(m.caseT[cc*3+p.cas[n]])
		}
	}
	return cost
}

// highSteps counts the steps that scoreHigh sums over a run of positions
// (into each non-ASCII byte, and from it to an ASCII byte that follows),
// by the pair of bytes, and the non-ASCII bytes, so that the sum costs
// one pass over the text and then one term per distinct step under each
// reading: scoreSteps. The sums are of integers, so the result is
// exactly scoreHigh's.
type highSteps struct {
	counted bool
	n       [256 * 256]uint16
	keys    []uint16    // the distinct steps, as prev<<8 | next
	hist    [128]uint32 // by byte - 0x80
}

// count counts the steps of b at the positions pos, none of which is 0.
func (h *highSteps) count(b []byte, pos []int32) {
	for _, k := range h.keys {
		h.n[k] = 0
	}
	h.keys = h.keys[:0]
	h.hist = [128]uint32{}
	h.counted = true
	add := func(k uint16) {
		if h.n[k] == 0 {
			h.keys = append(h.keys, k)
		}
		h.n[k]++
	}
	for _, i := range pos {
		c := b[i]
		h.hist[c&0x7F]++
		add(uint16(b[i-1])<<8 | uint16(c))
		if j := int(i) + 1; j < len(b) && b[j] < 0x80 {
			add(uint16(c)<<8 | uint16(b[j]))
		}
	}
}

// scoreSteps is scoreHigh without a limit, for a model without trigrams,
// over the positions h counted.
func (p *sbPair) scoreSteps(h *highSteps) int32 {
	m := p.m
	S := m.S
	big := m.bigram
	var cost int32
	for _, k := range h.keys {
		x, y := k>>8, k&0xFF
		cost += int32(h.n[k]) * (int32(big[int(p.sym[x])*S+int(p.sym[y])]) + int32(m.caseT[p.cas[x]*3+p.cas[y]]))
	}
	return cost + dotHigh(&h.hist, (*[128]int32)(p.emit[128:]))
}

// scoreHighTri is scoreHigh for a model with trigrams.
func (p *sbPair) scoreHighTri(b []byte, pos []int32, limit int32) int32 {
	m := p.m
	var cost int32
	for k, i := range pos {
		if k&31 == 31 && cost > limit {
			break
		}
		prev2, prev, pc := uint8(symSpace), uint8(symSpace), uint8(0)
		if i > 0 {
			prev, pc = p.sym[b[i-1]], p.cas[b[i-1]]
		}
		if i > 1 {
			prev2 = p.sym[b[i-2]]
		}
		c := b[i]
		s, cc := p.sym[c], p.cas[c]
		cost += m.step(prev2, prev, s) + int32(m.caseT[pc*3+cc]) + p.emit[c]
		if j := int(i) + 1; j < len(b) && b[j] < 0x80 {
			n := b[j]
			cost += m.step(prev, s, p.sym[n]) + int32(m.caseT[cc*3+p.cas[n]])
		}
	}
	return cost
}

// quick is a reading scored by its unigram costs.
type quick struct {
	p    *sbPair
	cost int32
	// dup is the index among the finalists of an earlier reading in the
	// same language that decodes the bytes present alike, or -1.
	dup int
}

// part is a reading scored in parts: its non-ASCII steps and its ASCII
// steps.
type part struct {
	p      *sbPair
	hi, lo int32
	dup    int // as quick.dup
}

// asciiSteps counts the steps between two ASCII bytes of a text, so that
// scoring them under many models costs one pass over the text.
type asciiSteps struct {
	counted bool
	n       [128 * 128]uint16
	pairs   []uint16 // the distinct steps, as prev<<7 | next
	first   int8     // the first byte, scored after a space; -1 if none
}

func (a *asciiSteps) count(b []byte) {
	for _, k := range a.pairs {
		a.n[k] = 0
	}
	a.pairs = a.pairs[:0]
	a.counted = true
	a.first = -1
	prevASCII := true
	prev := byte(' ')
	for i, c := range b {
		if c >= 0x80 {
			prevASCII = false
			continue
		}
		if prevASCII {
			if i == 0 {
				a.first = int8(c)
			} else {
				k := uint16(prev)<<7 | uint16(c)
				if a.n[k] == 0 {
					a.pairs = append(a.pairs, k)
				}
				if a.n[k] < 0xFFFF {
					a.n[k]++
				}
			}
		}
		prev, prevASCII = c, true
	}
}

// score is asciiScore(m, b) for the counted text b.
func (a *asciiSteps) score(m *langModel) int32 {
	S := m.S
	var cost int32
	if a.first >= 0 {
		s, c := m.asym[a.first], m.acase[a.first]
		cost += int32(m.bigram[symSpace*S+int(s)]) + int32(m.caseT[c])
	}
	for _, k := range a.pairs {
		p, n := k>>7, k&0x7F
		cost += int32(a.n[k]) * (int32(m.bigram[int(m.asym[p])*S+int(m.asym[n])]) + int32(m.caseT[m.acase[p]*3+m.acase[n]]))
	}
	return cost
}

// asciiScore is the cost under m of the steps between two ASCII bytes.
func asciiScore(m *langModel, b []byte) int32 {
	var cost int32
	S := m.S
	prev, pc, prevASCII := uint8(symSpace), uint8(0), true
	for _, c := range b {
		if c >= 0x80 {
			prevASCII = false
			continue
		}
		s, cc := m.asym[c], m.acase[c]
		if prevASCII {
			cost += int32(m.bigram[int(prev)*S+int(s)]) + int32(m.caseT[pc*3+cc])
		}
		prev, pc, prevASCII = s, cc, true
	}
	return cost
}

// sameSingle reports whether two single-byte encodings decode the bytes
// present identically.
func sameSingle(a, b *enc, present []byte) bool {
	if a.sb == nil || b.sb == nil {
		return false
	}
	for _, c := range present {
		if a.sb[c] != b.sb[c] {
			return false
		}
	}
	return true
}
