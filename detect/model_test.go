package detect

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/ucskit/ucs/internal/testfiles"
)

func TestModelsLoad(t *testing.T) {
	ms, err := loadModels(modelData)
	if err != nil {
		t.Fatal(err)
	}
	manifest := testfiles.ReadShared(t, "corpus/train/manifest.csv")
	tags := map[string]bool{}
	for _, m := range ms {
		tags[m.tag] = true
	}
	for _, line := range bytes.Split(bytes.TrimSpace(manifest), []byte("\n"))[1:] {
		tag := string(bytes.Split(line, []byte(","))[1])
		if !tags[tag] {
			t.Errorf("no model for %s, which the training manifest lists", tag)
		}
	}
	for _, m := range ms {
		if m.cjk {
			if len(m.cost) < 1000 {
				t.Errorf("%s: only %d characters", m.tag, len(m.cost))
			}
			continue
		}
		if m.S > 88 || len(m.bigram) != m.S*m.S {
			t.Errorf("%s: %d symbols, %d bigram costs", m.tag, m.S, len(m.bigram))
		}
		// Every row is a probability distribution, up to quantisation.
		for i := 0; i < m.S; i++ {
			sum := 0.0
			for j := 0; j < m.S; j++ {
				sum += math.Exp(-float64(m.bigram[i*m.S+j]) / 8)
			}
			if sum < 0.9 || sum > 1.1 {
				t.Errorf("%s: row %d sums to %.3f", m.tag, i, sum)
				break
			}
		}
		if m.tri == nil {
			continue
		}
		// So is every two-symbol context of a trigram model (costs are
		// capped at 255, so rows of very unlikely contexts fall short).
		bad := 0
		for ab := 0; ab < m.S*m.S; ab++ {
			sum := 0.0
			for c := 0; c < m.S; c++ {
				sum += math.Exp(-float64(m.tri[ab*m.S+c]) / 8)
			}
			if sum < 0.85 || sum > 1.15 {
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d of %d trigram contexts are not distributions", m.tag, bad, m.S*m.S)
		}
	}
	if m := tagged(ms, "th"); m == nil || m.tri == nil {
		t.Error("the Thai model has no trigrams")
	}
}

func tagged(ms []*langModel, tag string) *langModel {
	for _, m := range ms {
		if m.tag == tag {
			return m
		}
	}
	return nil
}

// TestWritesDecomposed checks the coverage of letters that a code page
// writes as a base letter and combining marks.
func TestWritesDecomposed(t *testing.T) {
	have := map[rune]bool{'â': true, 0x301: true, 0x323: true}
	for _, tc := range []struct {
		r    rune
		want bool
	}{
		{'ấ', true},  // â + acute
		{'ậ', true},  // â + dot below
		{'ầ', false}, // â + grave: no grave
		{'ế', false}, // ê is missing
		{'á', true},  // a (ASCII) + acute
		{'x', false}, // no decomposition
	} {
		if got := writesDecomposed(tc.r, have); got != tc.want {
			t.Errorf("writesDecomposed(%q) = %v, want %v", tc.r, got, tc.want)
		}
	}
}

func TestModelsDamaged(t *testing.T) {
	for n := 0; n < len(modelData); n += 1 + n/3 {
		if _, err := loadModels(modelData[:n]); err == nil {
			t.Fatalf("a model file cut at %d bytes loaded", n)
		}
	}
	bad := bytes.Clone(modelData)
	bad[0] = 'X'
	if _, err := loadModels(bad); err == nil {
		t.Fatal("a model file with a wrong magic loaded")
	}
}

// TestModelsUpToDate regenerates the models and compares them with the
// committed model.bin: the generator is deterministic and its output is
// checked in.
func TestModelsUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator")
	}
	train := testfiles.Shared(t, "corpus/train")
	out := filepath.Join(t.TempDir(), "model.bin")
	cmd := exec.Command("go", "run", "../internal/gen/detectmodel", "-train", train, "-out", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("generator: %v\n%s", err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, modelData) {
		t.Fatalf("model.bin is stale: run go generate in detect/ (generated %d bytes, committed %d)", len(got), len(modelData))
	}
}

// TestUnknownLetters checks that a European letter no model knows reads as
// its base letter, at a price, and that known letters do not.
func TestUnknownLetters(t *testing.T) {
	tb := getTables()
	es := tb.byTag["es"]
	s, c := es.symbol('ŝ')
	if base, _ := es.symbol('s'); s != base || c&unknownLetter == 0 {
		t.Errorf("ŝ under es: symbol %d case %d; want the symbol of s, flagged", s, c)
	}
	if _, c := es.symbol('ñ'); c&unknownLetter != 0 {
		t.Error("ñ under es is flagged unknown")
	}
	// č is known (to Czech and others): under Spanish it stays a rare letter.
	if s, c := es.symbol('č'); s != symRare || c&unknownLetter != 0 {
		t.Errorf("č under es: symbol %d case %d; want symRare", s, c)
	}
}

func TestEsperantoLatin3(t *testing.T) {
	s := "Ĉu vi ŝatas manĝi ĉokoladon? Mi ankaŭ ŝatas ĝin, sed ne ĉiutage."
	b := encodeAs(t, "iso-8859-3", s)
	if c, ok := rightText(t, b, s); !ok {
		t.Errorf("Esperanto in ISO-8859-3: got %+v", c)
	}
}
