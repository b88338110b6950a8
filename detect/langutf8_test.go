package detect

import "testing"

// TestUTF8LanguageAfterASCII checks that the language of UTF-8 text is
// guessed from the letters around its first non-ASCII character even when
// a long ASCII run comes first: the letters with diacritics are what tell
// the Latin-script languages apart.
func TestUTF8LanguageAfterASCII(t *testing.T) {
	for _, tc := range []struct{ lang, text string }{
		{"fr", "Aviator, un film sur la vie de Howard Hughes, réalisé par Martin Scorsese, est sorti en décembre."},
		{"de", "Die Stadt liegt an einem Fluss und hat eine lange Geschichte, über die viele Bücher geschrieben wurden."},
		{"pl", "Miasto leży nad rzeką i ma bardzo długą historię, o której napisano wiele książek."},
		{"cs", "Mesto Brno lezi na soutoku dvou rek a je druhým největším městem v České republice."},
		{"es", "La ciudad tiene una larga historia y muchos libros hablan de ella, según los historiadores españoles."},
	} {
		c := Detect([]byte(tc.text)).Best()
		if c.Encoding != "utf-8" || c.Language != tc.lang {
			t.Errorf("%.30q...: got %s %q, want utf-8 %q", tc.text, c.Encoding, c.Language, tc.lang)
		}
	}
}
