package detect

import (
	"math"
	"slices"
	"unicode"
)

// The UTF-8 shape of an input that is not UTF-8.
//
// Text in the ANSI code page of Simplified-Chinese Windows (GBK) is often
// read as UTF-8 by mistake: GB 2312 puts many frequent characters at lead
// bytes C0–DF and trail bytes A1–BF, which is the shape of a two-byte UTF-8
// sequence. Such text is not UTF-8 only when a lead is C0 or C1, whose
// sequences would be overlong (RFC 3629 §3); the GBK bytes of 联通, C1 AA
// CD A8, are the well-known case. An input shaped that way is evidence in
// itself: how often a character of running text takes such a shape depends
// on the encoding (16% of the non-ASCII characters of the Chinese training
// text in GBK, 11% of the Korean in EUC-KR, 6% of the Japanese in EUC-JP,
// 1.4% of the Chinese in Big5), and that frequency is estimated from every
// character of the training text, whereas the character models judge a
// few characters that need not be running text (names, lists, made-up
// strings) poorly. The detector therefore charges every reading of such
// an input the cost of its shape, unit by unit, on top of the cost of its
// characters (doc.go, item 7, gives the figures that support it).

// shape describes the UTF-8 shape of an input: the number of units (a
// lead byte C0–DF and a trail byte 80–BF) whose lead is C0 or C1, and of
// the others. ok is true when every non-ASCII byte belongs to a unit and
// at least one lead is C0 or C1.
type shape struct {
	over, other int32
	ok          bool
}

// Kinds of unit.
const (
	unitOther = iota // lead C2–DF
	unitOver         // lead C0 or C1: an overlong sequence in UTF-8
)

// utf8Shape returns the shape of b; c0c1 is the number of bytes C0 and C1
// in b, which the caller has counted.
func utf8Shape(b []byte, c0c1 uint32) shape {
	var s shape
	if c0c1 == 0 {
		return s
	}
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c < 0x80 {
			continue
		}
		if c < 0xC0 || c > 0xDF || i+1 >= len(b) || b[i+1] < 0x80 || b[i+1] > 0xBF {
			return shape{}
		}
		if c < 0xC2 {
			s.over++
		} else {
			s.other++
		}
		i++
	}
	s.ok = s.over > 0
	return s
}

// shapeCosts are the costs (1/8 nat) of a unit of each kind in a reading:
// minus the log of the probability that the next non-ASCII character (or,
// where the reading takes the two bytes for two characters, the next two)
// has the unit's bytes.
type shapeCosts [2]int32

// shapeEvidence turns the shape term on; tests turn it off to measure it.
var shapeEvidence = true

// cost returns the cost of the shape s under the reading.
func (c *shapeCosts) cost(s shape) int32 {
	if !s.ok || !shapeEvidence {
		return 0
	}
	return s.over*c[unitOver] + s.other*c[unitOther]
}

// maxShapeCost caps the cost of one unit, as the models cap the cost of a
// character: a unit that a reading never produces costs 32 nats.
const maxShapeCost = 255

func shapeCost(p float64) int32 {
	if p <= 0 {
		return maxShapeCost
	}
	return int32(min(math.Round(-8*math.Log(p)), maxShapeCost))
}

// unitKind returns the kind of the unit lead, trail, or -1 when the two
// bytes are not UTF-8-shaped.
func unitKind(lead, trail int) int {
	switch {
	case lead < 0xC0 || lead > 0xDF || trail < 0x80 || trail > 0xBF:
		return -1
	case lead < 0xC2:
		return unitOver
	}
	return unitOther
}

// multiShape computes the shape costs of a multi-byte encoding from its
// table: the probabilities of its non-ASCII characters are those of the
// language model, as the table's costs say. A unit is one two-byte
// character or two single-byte characters.
func multiShape(mt *mbTable) shapeCosts {
	var total float64
	var pair [2]float64
	var lead [2]float64
	var trail float64
	for c := 0x80; c < 256; c++ {
		if mt.single[c] == bad {
			continue
		}
		p := expNeg(float64(mt.single[c]) / 8)
		total += p
		switch {
		case c >= 0xC0 && c <= 0xC1:
			lead[unitOver] += p
		case c >= 0xC2 && c <= 0xDF:
			lead[unitOther] += p
		case c <= 0xBF:
			trail += p
		}
	}
	for i, v := range mt.pair {
		if v == bad {
			continue
		}
		p := expNeg(float64(v) / 8)
		total += p
		if k := unitKind(0x80+i>>8, i&0xFF); k >= 0 {
			pair[k] += p
		}
	}
	var sc shapeCosts
	if total == 0 {
		return shapeCosts{maxShapeCost, maxShapeCost}
	}
	for k := range sc {
		sc[k] = shapeCost(pair[k]/total + lead[k]/total*trail/total)
	}
	return sc
}

// singleShape computes the shape costs of a single-byte encoding read as
// a language: a unit is two characters, each non-ASCII byte taken with the
// probability of its symbol in the language's unigram model, and of its
// case among the cased letters. A byte that the model reads as one of the
// classes of ASCII characters (the no-break space as a space) is taken as
// a non-ASCII symbol, since the class's probability is that of the ASCII
// characters.
func singleShape(p *sbPair) shapeCosts {
	m := p.m
	upper := upperShare(m)
	var total, trail float64
	var lead [2]float64
	for b := 0x80; b < 256; b++ {
		if p.e.sb[b] < 0 || p.sym[b] == symControl {
			continue
		}
		q := expNeg(float64(p.cost[b]) / 8)
		switch p.sym[b] {
		case symSpace, symDigit, symPunct, symLatin:
			q = expNeg(float64(int32(m.uni[symOther])+emitOther) / 8)
		}
		switch p.cas[b] {
		case 1:
			q *= 1 - upper
		case 2:
			q *= upper
		}
		total += q
		switch {
		case b <= 0xBF:
			trail += q
		case b <= 0xC1:
			lead[unitOver] += q
		case b <= 0xDF:
			lead[unitOther] += q
		}
	}
	if total == 0 {
		return shapeCosts{maxShapeCost, maxShapeCost}
	}
	var sc shapeCosts
	for k := range sc {
		sc[k] = shapeCost(lead[k] / total * trail / total)
	}
	return sc
}

// upperShare is the share of upper case among the cased letters of an
// alphabetic model: the stationary distribution of its case transitions.
func upperShare(m *langModel) float64 {
	var t [3][3]float64
	for i := range 3 {
		sum := 0.0
		for j := range 3 {
			t[i][j] = expNeg(float64(m.caseT[i*3+j]) / 8)
			sum += t[i][j]
		}
		for j := range 3 {
			t[i][j] /= sum
		}
	}
	pi := [3]float64{1.0 / 3, 1.0 / 3, 1.0 / 3}
	for range 100 {
		var next [3]float64
		for i := range 3 {
			for j := range 3 {
				next[j] += pi[i] * t[i][j]
			}
		}
		pi = next
	}
	if pi[1]+pi[2] == 0 {
		return 0
	}
	return pi[2] / (pi[1] + pi[2])
}

// utf16Shape computes the shape costs of UTF-16 text in the language of
// m, in each byte order (index 0 little-endian, 1 big-endian): a unit is
// one code unit. Only the non-ASCII characters the model knows are
// counted: those of a Chinese, Japanese or Korean model with their
// unigram probabilities, the letters of an alphabetic model with theirs
// (upper and lower case by the model's share of each).
func utf16Shape(m *langModel) [2]shapeCosts {
	var total float64
	var mass [2][2]float64 // [order][kind]
	add := func(r rune, p float64) {
		if r < 0x80 || r > 0xFFFF {
			return
		}
		total += p
		hi, lo := int(r>>8), int(r&0xFF)
		if k := unitKind(lo, hi); k >= 0 {
			mass[0][k] += p
		}
		if k := unitKind(hi, lo); k >= 0 {
			mass[1][k] += p
		}
	}
	if m.cjk {
		// In the order of the characters, so that the sums, and the
		// rounded costs, are the same on every run.
		runes := make([]rune, 0, len(m.cost))
		for r := range m.cost {
			runes = append(runes, r)
		}
		slices.Sort(runes)
		for _, r := range runes {
			add(r, expNeg(float64(m.cost[r])/8))
		}
	} else {
		upper := upperShare(m)
		for i, r := range m.alphabet {
			p := expNeg(float64(m.uni[numSpecial+i]) / 8)
			if u := unicode.ToUpper(r); u != r {
				add(r, p*(1-upper))
				add(u, p*upper)
			} else {
				add(r, p)
			}
		}
	}
	var out [2]shapeCosts
	for o := range out {
		for k := range out[o] {
			if total == 0 {
				out[o][k] = maxShapeCost
				continue
			}
			out[o][k] = shapeCost(mass[o][k] / total)
		}
	}
	return out
}
