package fix

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ucskit/ucs/internal/testfiles"
)

// TestLegacyGate checks the cheap condition that must hold before the
// detector is asked about a legacy mix-up: correct text with one break of
// case (Irish, a brand name, two lines joined) or in Icelandic does not
// pass it, while the marks of the mix-ups still do.
func TestLegacyGate(t *testing.T) {
	tb := getTables()
	for _, s := range []string{
		"i bPoblacht na hÉireann, an tUachtarán",
		"Компания МойОфис выпустила обновление",
		"молестиае садипсцинг словоАд еум мазим",
		"Það er gott að vita að þú ert hér, sagði hún við ömmu sína á Íslandi.",
		"Ég fór heim í gær með bróður mínum og við borðuðum þar.",
	} {
		if legacySuspicious(tb, s) {
			t.Errorf("legacySuspicious(%q) = true, want false", s)
		}
	}
	for _, s := range []string{
		"пРИВЕТ", "бНОПНЯ НАЙЕЙРХБМНЯРХ", "ÇÀ ÏÀÐÍÀÑ 8 !!!", "leidþia vaikui prisiimti",
		"Doðru söylüyorsun", "Zaøó³æ gêœl¹ jaŸñ", "ÐÏÓ ÐÑÉ ÌÉÑ",
	} {
		if !legacySuspicious(tb, s) {
			t.Errorf("legacySuspicious(%q) = false, want true", s)
		}
	}
}

// TestGateOnCleanText checks that the committed samples of correct text
// in many scripts stop at the gate line by line: no line goes on to the
// readings. Joined end to start, as a cut sample is, the lines break case
// inside a word ("…аЛорем"); that may pass the gate through a pair, but
// must not reach the detector.
func TestGateOnCleanText(t *testing.T) {
	tb := getTables()
	files, err := filepath.Glob(testfiles.Testdata(t, "corpus") + "/*.utf8.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no samples in testdata/corpus: %v", err)
	}
	for _, f := range files {
		text := string(testfiles.ReadModule(t, "testdata/corpus/"+filepath.Base(f)))
		for i, l := range strings.Split(text, "\n") {
			if suspicious(l) && tb.mayBeMojibake(l, &Options{}) {
				t.Errorf("%s: line %d passes the gate: %.80q", filepath.Base(f), i+1, l)
			}
		}
		for i, l := range strings.Split(text+text, "\n") {
			if legacySuspicious(tb, l) {
				t.Errorf("%s, twice: line %d reaches the detector: %.80q", filepath.Base(f), i+1, l)
			}
		}
	}
}
