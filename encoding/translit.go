package encoding

import "sort"

//go:generate go run ../internal/gen -data ../internal/gen/data -family translit -o translit_table.go

// Transliteration returns the ASCII text that glibc's iconv writes for r
// under //TRANSLIT in the C.UTF-8 locale (é → "e", € → "EUR", “ → "\"",
// ß → "ss", Œ → "OE", a combining accent → ""), and whether it has one.
// The table covers the BMP (internal/gen/data/glibc-translit.txt);
// ASCII characters are their own transliteration. It does not allocate.
func Transliteration(r rune) (string, bool) {
	if r >= 0 && r < 0x80 {
		return asciiText[r : r+1], true
	}
	if r > 0xFFFF {
		return "", false
	}
	i := sort.Search(len(translitKeys), func(i int) bool { return translitKeys[i] >= uint16(r) })
	if i == len(translitKeys) || translitKeys[i] != uint16(r) {
		return "", false
	}
	return translitText[translitOff[i]:translitOff[i+1]], true
}

var asciiText = func() string {
	var b [128]byte
	for i := range b {
		b[i] = byte(i)
	}
	return string(b[:])
}()

// transliterations returns what the Transliterate policy tries for r, in
// order: glibc's non-ASCII alternatives (æ for ǽ, for targets that have
// it), then the ASCII transliteration.
func transliterations(r rune) (alts []string, ascii string, ok bool) {
	ascii, ok = Transliteration(r)
	if r >= 0x80 && r <= 0xFFFF {
		alts = translitAlts[r]
	}
	return alts, ascii, ok
}
