package detect

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/ucskit/ucs/internal/shared"
)

func TestModelsLoad(t *testing.T) {
	ms, err := loadModels(modelData)
	if err != nil {
		t.Fatal(err)
	}
	manifest := shared.ReadFile(t, "corpus/train/manifest.csv")
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
		if m.S > 80 || len(m.bigram) != m.S*m.S {
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
	train := shared.Path(t, "corpus/train")
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
