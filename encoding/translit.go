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

// asciiText holds the bytes 00–7F in order, for Transliteration.
const asciiText = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x20\x21\x22\x23\x24\x25\x26\x27\x28\x29\x2a\x2b\x2c\x2d\x2e\x2f\x30\x31\x32\x33\x34\x35\x36\x37\x38\x39\x3a\x3b\x3c\x3d\x3e\x3f\x40\x41\x42\x43\x44\x45\x46\x47\x48\x49\x4a\x4b\x4c\x4d\x4e\x4f\x50\x51\x52\x53\x54\x55\x56\x57\x58\x59\x5a\x5b\x5c\x5d\x5e\x5f\x60\x61\x62\x63\x64\x65\x66\x67\x68\x69\x6a\x6b\x6c\x6d\x6e\x6f\x70\x71\x72\x73\x74\x75\x76\x77\x78\x79\x7a\x7b\x7c\x7d\x7e\x7f"

// transliterations returns what the Transliterate policy tries for r, in
// order: glibc's non-ASCII alternatives (æ for ǽ, for targets that have
// it), then the ASCII transliteration.
func transliterations(r rune) (alts []string, ascii string, ok bool) {
	ascii, ok = Transliteration(r)
	if r >= 0x80 && r <= 0xFFFF {
		i := sort.Search(len(translitAltKeys), func(i int) bool { return translitAltKeys[i] >= uint16(r) })
		if i < len(translitAltKeys) && translitAltKeys[i] == uint16(r) {
			alts = translitAlts[i]
		}
	}
	return alts, ascii, ok
}
