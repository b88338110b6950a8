package detect

import (
	"cmp"
	"math"
	"slices"
)

// calibrated turns the scored candidates into the result: confidences from
// the cost differences (rank), lowered when even the best reading is poor
// text, as with binary data; and, for input that is mostly UTF-8, UTF-8
// with its malformed sequences counted in front.
func calibrated(t *tables, ev *evidence, cands []scored, sample []byte, w *scratch) Result {
	res := rank(cands, temperatureFor(len(ev.b)), w)
	if len(cands) > 0 {
		best := cands[0].cost - cands[0].shape
		for _, c := range cands {
			best = min(best, c.cost-c.shape)
		}
		f := plausibility(float64(best) / 8 / float64(len(sample)))
		for i := range res.Candidates {
			c := res.Candidates[i].Confidence * f
			if len(ev.b) < fewBytes {
				c = min(c, fewBytesSure)
			}
			res.Candidates[i].Confidence = round3(c)
		}
	}
	if ev.u8.mostly() {
		res = mostlyUTF8(t, ev.b, ev.u8, res)
	}
	return res
}

// fewBytes is the length below which the statistics never make an answer
// sure: a word or two of legacy text reads as plausible text under
// several pages (an EBCDIC label of ten letters read as IBM862 or GBK
// scored 0.93–1.0 on the evaluation set's development split), so such
// answers are capped at fewBytesSure, below the 0.9 that `ucs convert
// --in-place -f auto` acts on.
const (
	fewBytes     = 16
	fewBytesSure = 0.85
)

// plausibility maps the cost per byte (nats) of the best reading to a
// factor on the confidences. Text in the corpus costs 3 to 5 nats a byte,
// exceptionally 7; random bytes cost 8.5 to 9.5.
func plausibility(perByte float64) float64 {
	const good, bad = 6.0, 8.5
	switch {
	case perByte <= good:
		return 1
	case perByte >= bad:
		return 0.05
	}
	return 1 - 0.95*(perByte-good)/(bad-good)
}

// temperature converts cost differences (1/8 nat) into confidence: the
// models are not the true distribution of text, so their likelihood ratios
// are flattened. On text held out of training (heldout_test.go), when it
// was chosen, the Brier score of the best candidate's confidence was
// 0.0095, 0.0086, 0.0085, 0.0097 and 0.0126 at 1, 1.5, 2, 3 and 4 nats;
// 1.5 and 2 were alike there, and 1.5 ranks groups of readings that decode
// alike better. It is a variable so that tests can vary it.
var temperature = 8 * 1.5

// shortInput is the length below which an input is only a few characters
// (one to seven single-byte ones, at most three two-byte ones): the
// models' evidence is thin, and the cost differences are flattened by
// shortTemperature instead.
const shortInput = 8

// shortTemperature is the temperature for inputs shorter than shortInput.
// On the 777 such inputs of the held-out check, when it was chosen, the
// Brier score of the best candidate's confidence was 0.0907, 0.0845,
// 0.0819, 0.0893 and 0.1063 at 1, 1.5, 2, 3 and 4 nats (on longer inputs
// 1.5 stays best). It is a variable so that tests can vary it.
var shortTemperature = 8 * 2.0

// temperatureFor returns the temperature for an input of n bytes.
func temperatureFor(n int) float64 {
	if n < shortInput {
		return shortTemperature
	}
	return temperature
}

// rank orders scored candidates and turns costs into confidences.
func rank(cands []scored, temperature float64, s *scratch) Result {
	if len(cands) == 0 {
		return Result{}
	}
	slices.SortStableFunc(cands, func(a, b scored) int { return cmp.Compare(a.cost, b.cost) })
	best := cands[0].cost
	total := 0.0
	maxSame := 0
	for _, c := range cands {
		total += math.Exp(-float64(c.cost-best) / temperature)
		maxSame = max(maxSame, c.same)
	}
	// mass[id] is the weight of the readings whose text is id.
	mass := s.mass[:0]
	for range maxSame + 1 {
		mass = append(mass, 0)
	}
	for _, c := range cands {
		if c.same > 0 {
			mass[c.same] += math.Exp(-float64(c.cost-best) / temperature)
		}
	}
	s.mass = mass
	// Within a group that decodes alike, lead with the most common encoding
	// (lowest prior), each with the language of its own best reading.
	prior := func(c scored) int32 {
		if c.e == nil {
			return 0
		}
		return c.e.prior
	}
	slices.SortStableFunc(cands, func(a, b scored) int {
		if a.same > 0 && a.same == b.same {
			return cmp.Compare(prior(a), prior(b))
		}
		return 0
	})
	res := Result{Candidates: make([]Candidate, 0, len(cands))}
	for _, c := range cands {
		m := math.Exp(-float64(c.cost-best) / temperature)
		if c.same > 0 {
			m = mass[c.same]
		}
		conf := m / total
		if conf > 1 {
			conf = 1
		}
		res.Candidates = append(res.Candidates, Candidate{
			Encoding: c.name, Charset: c.cs, Confidence: round3(conf), Language: c.lang, BOM: c.bom,
		})
	}
	// Candidates of a group that decodes alike share its confidence; order
	// by confidence, and by cost within a group.
	slices.SortStableFunc(res.Candidates, func(a, b Candidate) int {
		return cmp.Compare(b.Confidence, a.Confidence)
	})
	if len(res.Candidates) > maxCandidates {
		res.Candidates = res.Candidates[:maxCandidates]
	}
	return res
}

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }

func expNeg(x float64) float64 { return math.Exp(-x) }

// mostlyConfidence is the confidence of UTF-8 for input that is UTF-8 but
// for a few malformed sequences: below what a conversion acts on without
// being asked (0.9), and well above any legacy reading.
func mostlyConfidence(c utf8Census) float64 {
	if c.multi >= 20*c.bad {
		return 0.8
	}
	return 0.6
}

// mostlyUTF8 puts UTF-8 with its malformed sequences counted in front of
// the legacy readings of an input that is mostly UTF-8.
func mostlyUTF8(t *tables, b []byte, c utf8Census, legacy Result) Result {
	u := utfCandidate(t, "utf-8", false)
	u.Confidence = mostlyConfidence(c)
	u.Language = guessLanguageUTF8(t, b)
	u.Invalid = c.bad
	u.FirstInvalid = int64(c.first)
	out := Result{Candidates: make([]Candidate, 0, len(legacy.Candidates)+1)}
	out.Candidates = append(out.Candidates, u)
	for _, l := range legacy.Candidates {
		l.Confidence = round3(l.Confidence * (1 - u.Confidence))
		out.Candidates = append(out.Candidates, l)
	}
	if len(out.Candidates) > maxCandidates {
		out.Candidates = out.Candidates[:maxCandidates]
	}
	return out
}
