package detect

import (
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"unicode"
)

// randomText returns n characters drawn mostly from the model's alphabet
// (both cases), with ASCII letters, spaces, digits and punctuation, the
// letters of the other models of its writing system, and now and then a
// character of another script, a control, a non-character, a character
// above denseLimit or beyond the Basic Multilingual Plane.
func randomText(rng *rand.Rand, t *tables, m *langModel, n int) []rune {
	var mine, kin []rune
	if m.cjk {
		for r := range m.cost {
			mine = append(mine, r)
		}
		// map order is random: sort for a reproducible draw
		sortRunes(mine)
	} else {
		mine = m.alphabet
	}
	for _, o := range t.models {
		if o != m && o.script == m.script && !o.cjk {
			kin = append(kin, o.alphabet...)
		}
	}
	odd := []rune{0, 1, '\t', '\n', '\r', 0x7F, 0x85, 0xA0, 0xAD, 0x200B, 0x200D, 0xFEFF, 0xE000, 0xFFFE,
		0x1100, 0x2013, 0x20AC, 0x3000, 0x4E00, 0xAC00, 0x1F600, 0x10FFFF, -1, 'İ', 'ẞ', 'Ⴀ', 'ǅ'}
	out := make([]rune, n)
	for i := range out {
		var r rune
		switch k := rng.IntN(100); {
		case k < 60 && len(mine) > 0:
			r = mine[rng.IntN(len(mine))]
		case k < 70:
			r = rune('a' + rng.IntN(26))
		case k < 80:
			r = ' '
		case k < 83:
			r = rune('0' + rng.IntN(10))
		case k < 86:
			r = rune(".,;:!?'\"()-"[rng.IntN(11)])
		case k < 93 && len(kin) > 0:
			r = kin[rng.IntN(len(kin))]
		case k < 96:
			r = odd[rng.IntN(len(odd))]
		default:
			r = rune(rng.IntN(0x3000))
		}
		if rng.IntN(5) == 0 {
			r = unicode.ToUpper(r)
		}
		out[i] = r
	}
	return out
}

func sortRunes(rs []rune) {
	for i := 1; i < len(rs); i++ {
		for j := i; j > 0 && rs[j] < rs[j-1]; j-- {
			rs[j], rs[j-1] = rs[j-1], rs[j]
		}
	}
}

// TestScoreRunesMatchesReference compares the scoring loop with the
// reference (langref_test.go) on random texts of every model, with
// limits that stop it at every point.
func TestScoreRunesMatchesReference(t *testing.T) {
	tb := getTables()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, m := range tb.models {
		for range 15 {
			text := randomText(rng, tb, m, 1+rng.IntN(80))
			want := refScoreRunes(m, text, true, 1<<30)
			limits := []int32{1 << 30, want, want + 1, max(want-1, 0), 0, int32(rng.IntN(int(want) + 1))}
			for _, limit := range limits {
				got := scoreRunes(m, text, limit)
				ref := refScoreRunes(m, text, true, limit)
				if got != ref {
					t.Fatalf("%s, limit %d, %q: cost %d, reference %d", m.tag, limit, string(text), got, ref)
				}
			}
		}
	}
}

// TestGuessLanguageMatchesReference compares the language guess and the
// best model with the reference on random texts of every model: short
// ones as the UTF-8 guess reads, long ones as the UTF-16 stage scores.
// Texts of one model's alphabet, of a mixture of writing systems, and of
// too few letters are all among them.
func TestGuessLanguageMatchesReference(t *testing.T) {
	tb := getTables()
	rng := rand.New(rand.NewPCG(3, 4))
	n := 0
	for _, m := range tb.models {
		for i := range 24 {
			size := 1 + rng.IntN(langRunes)
			if i%6 == 0 {
				size = 1 + rng.IntN(512)
			}
			text := randomText(rng, tb, m, size)
			if i%10 == 0 {
				// a mixture of two writing systems
				o := tb.models[rng.IntN(len(tb.models))]
				text = append(text[:len(text)/2], randomText(rng, tb, o, size-len(text)/2)...)
			}
			checkGuessAgainstReference(t, tb, text)
			n++
		}
	}
	t.Logf("%d texts", n)
}

func checkGuessAgainstReference(t *testing.T, tb *tables, text []rune) {
	t.Helper()
	if got, want := guessLanguage(tb, text), refGuessLanguage(tb, text); got != want {
		t.Fatalf("%q: guess %q, reference %q", string(text), got, want)
	}
	m, c := bestLanguage(tb, text)
	rm, rc := refBestLanguage(tb, text, true)
	if m != rm || c != rc {
		t.Fatalf("%q: best %v %d, reference %v %d", string(text), tagOf(m), c, tagOf(rm), rc)
	}
	// Restricted to some models (as EBCDIC's national pages are to their
	// languages): those whose tag starts with one of a few letters, which
	// keeps none of some scripts' models.
	for _, first := range []string{"de", "aeiou", "z"} {
		keep := func(m *langModel) bool { return strings.ContainsRune(first, rune(m.tag[0])) }
		m, c := bestLanguageOf(tb, text, keep)
		rm, rc := refBestLanguageOf(tb, text, true, keep)
		if m != rm || c != rc {
			t.Fatalf("%q, tags starting with one of %q: best %v %d, reference %v %d", string(text), first, tagOf(m), c, tagOf(rm), rc)
		}
	}
}

func tagOf(m *langModel) string {
	if m == nil {
		return "<nil>"
	}
	return m.tag
}

// cloneModel returns a model that scores every text as m does, under
// another tag.
func cloneModel(m *langModel, tag string) *langModel {
	return &langModel{tag: tag, script: m.script, cjk: m.cjk, latin: m.latin,
		asym: m.asym, acase: m.acase, alphabet: m.alphabet, index: m.index, S: m.S,
		bigram: m.bigram, caseT: m.caseT, case16: m.case16, uni: m.uni, tri: m.tri, cost: m.cost, other: m.other}
}

// TestGuessLanguageTies checks that of models with equal costs the first
// in the models' order wins, as in the reference: each model is followed
// (or, for every other one, preceded) by a copy under another tag, so
// that every text ties, also at the limit the first one sets.
func TestGuessLanguageTies(t *testing.T) {
	base := getTables()
	tb := &tables{byTag: map[string]*langModel{}}
	for i, m := range base.models {
		c := cloneModel(m, m.tag+"-copy")
		if i%2 == 0 {
			tb.models = append(tb.models, m, c)
		} else {
			tb.models = append(tb.models, c, m)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for i, m := range base.models {
		for range 20 {
			text := randomText(rng, tb, m, 12+rng.IntN(langRunes))
			checkGuessAgainstReference(t, tb, text)
		}
		// a text of the model's own letters names it, or its copy when the
		// copy comes first
		if m.cjk {
			continue
		}
		var text []rune
		for k := 0; k < langRunes; k++ {
			text = append(text, m.alphabet[k%len(m.alphabet)])
		}
		got := guessLanguage(tb, text)
		if got != refGuessLanguage(tb, text) {
			t.Fatalf("%s: guess %q, reference %q", m.tag, got, refGuessLanguage(tb, text))
		}
		if got == m.tag+"-copy" && i%2 == 0 || got == m.tag && i%2 == 1 {
			t.Errorf("%s: the second of two equal models won (%s)", m.tag, got)
		}
	}
}

// TestLetterScriptMatchesUnicode checks the table behind letterScript and
// toLower against the unicode package and scriptOfSlow on every character
// of the Basic Multilingual Plane and a few beyond.
func TestLetterScriptMatchesUnicode(t *testing.T) {
	for r := rune(-1); r < 0x10000+0x100; r++ {
		l, s := letterScript(r)
		if l != unicode.IsLetter(r) || s != scriptOfSlow(r) || scriptOf(r) != s {
			t.Fatalf("%U: letter %v script %d, want %v %d", r, l, s, unicode.IsLetter(r), scriptOfSlow(r))
		}
		if toLower(r) != unicode.ToLower(r) {
			t.Fatalf("%U: lower %U, want %U", r, toLower(r), unicode.ToLower(r))
		}
	}
}

// TestDenseTableMatchesSymbol checks every model's dense table against
// the model's maps (symbol), character by character.
func TestDenseTableMatchesSymbol(t *testing.T) {
	for _, m := range getTables().models {
		for r := rune(0); r < denseLimit; r++ {
			s, c := m.fastSymbol(r)
			ws, wc := refSymbol(m, r, false)
			if s != ws || c != wc {
				t.Fatalf("%s, %U: symbol %d case %d, want %d %d", m.tag, r, s, c, ws, wc)
			}
			if v, want := m.denseTable()[r], denseEntry(ws, wc); v != want || v>>16 != uint32(emit(ws)+unknownCost*int32(wc>>2)) {
				t.Fatalf("%s, %U: entry %#x, want %#x", m.tag, r, v, want)
			}
		}
	}
}

// TestGroupLetters checks the table of which model has which letter
// against the models' own lookup.
func TestGroupLetters(t *testing.T) {
	tb := getTables()
	for s := range tb.groups {
		g := tb.group(s)
		if len(g.models) > 64 {
			t.Errorf("script %d: %d models, more than the letter table holds", s, len(g.models))
			continue
		}
		for r := rune(0); r < denseLimit; r++ {
			for k, m := range g.models {
				if m.cjk {
					continue
				}
				sym, c := refSymbol(m, r, false)
				want := sym >= numSpecial && c&unknownLetter == 0
				if got := g.letters[r]&(1<<k) != 0; got != want {
					t.Fatalf("%s, %U: letter %v, want %v", m.tag, r, got, want)
				}
			}
		}
	}
}

// TestCJKTableMatchesRuneCost checks the table of each CJK group against
// runeCost on every character of the Basic Multilingual Plane.
func TestCJKTableMatchesRuneCost(t *testing.T) {
	tb := getTables()
	groups := 0
	for s := range tb.groups {
		g := tb.group(s)
		if g.cjk == nil {
			continue
		}
		groups++
		n := len(g.models)
		for r := rune(0); r < 0x10000; r++ {
			for k, m := range g.models {
				want := m.runeCost(r)
				got := int32(m.other)
				if i := int(g.cjk.idx[r]); i != 0 {
					got = g.cjk.cost[i*n+k]
				} else if r < 0x20 || r >= 0x7F && r < 0xA0 {
					got += emitControl
				}
				if got != want {
					t.Fatalf("%s, %U: cost %d, want %d", m.tag, r, got, want)
				}
			}
		}
	}
	if groups != 2 {
		t.Errorf("%d groups of CJK models, want 2 (Han and kana, Hangul)", groups)
	}
}

// TestLanguageGroupsConcurrent guesses the language of UTF-8 texts of
// several writing systems at once on fresh tables, whose groups are built
// by the first guess that needs them (run it with -race), and compares
// with the reference.
func TestLanguageGroupsConcurrent(t *testing.T) {
	texts := []string{
		"Съешь же ещё этих мягких французских булок да выпей чаю.",
		"Съешь же ещё этих мягких французских булок, да выпей же чаю.",
		"La maison était très belle et nous étions à côté du château.",
		"Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich.",
		"私たちの検出器はすべてのバイトを読み取ります。文字コードの判定です。",
		"문자 인코딩은 파일마다 판별됩니다. 검출기는 모든 바이트를 읽습니다.",
		"Ξεσκεπάζω την ψυχοφθόρα βδελυγμία και τα πάντα γύρω μου.",
		"صِف خَلقَ خَودِ كَمِثلِ الشَمسِ إِذ بَزَغَت يَحظى الضَجيعُ بِها",
	}
	tb := newTables()
	got := make([]string, len(texts))
	var wg sync.WaitGroup
	for i, s := range texts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = guessLanguage(tb, []rune(s))
		}()
	}
	wg.Wait()
	for i, s := range texts {
		if want := refGuessLanguage(getTables(), []rune(s)); got[i] != want {
			t.Errorf("%.20q: guess %q, reference %q", s, got[i], want)
		}
	}
}
