package detect

import (
	"strings"
	"testing"

	"github.com/ucskit/ucs/charset"
)

// TestFinalistsNotFilledByOneText guards the quick round's places: the
// Cyrillic code pages that decode a few Western letters alike (KOI8-R,
// KOI8-U, KOI8-T, windows-1251, KZ-1048, PT154, ...) used to take all of
// them with one text, so that no Western reading reached the bigram round
// and Portuguese, Italian or Catalan lines with a few accented letters were
// read as Cyrillic at confidence 1. Each sample is a few lines of our own
// with their accented letters in windows-1252.
func TestFinalistsNotFilledByOneText(t *testing.T) {
	cs, err := charset.Lookup("windows-1252")
	if err != nil {
		t.Skip("no windows-1252 codec")
	}
	for _, text := range []string{
		"2024-05-14T10:00:00.000Z WARN a página não abre\n2024-05-14T10:00:01.000Z WARN tente outra vez\n2024-05-14T10:00:02.000Z WARN reinicie o computador para concluir a atualização.\n",
		"2024-05-14T10:00:00.000Z INFO il file non può essere aperto\n2024-05-14T10:00:05.000Z INFO la cartella corrente non è disponibile\n",
		"<title>el fitxer no és vàlid</title>\n<p>torneu-ho a provar més tard</p>\n",
	} {
		b, err := cs.Codec.NewEncoder().Bytes([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		best := Detect(b).Best()
		got, ok := decodeAs(best.Encoding, best.BOM, b)
		if !ok || got != text {
			t.Errorf("%q: answered %s at %.3f, which reads it as %q", firstLine(text), best.Encoding, best.Confidence, got)
		}
	}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
