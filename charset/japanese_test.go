package charset

import "testing"

// TestJapaneseLabels looks up the names glibc, CPython and Java give the
// JIS X 0213 and ISO-2022-JP codecs.
func TestJapaneseLabels(t *testing.T) {
	for label, want := range map[string]string{
		"EUC-JISX0213": "euc-jis-2004", "euc_jis_2004": "euc-jis-2004", "eucjis2004": "euc-jis-2004",
		"euc_jisx0213": "euc-jis-2004", "jisx0213": "euc-jis-2004", "EUC-JIS-2004": "euc-jis-2004",
		"SHIFT_JISX0213": "shift_jis-2004", "Shift_JIS-2004": "shift_jis-2004", "sjis-2004": "shift_jis-2004",
		"shift_jis_2004": "shift_jis-2004", "sjis_2004": "shift_jis-2004", "s_jisx0213": "shift_jis-2004",
		"x-SJIS_0213":   "shift_jis-2004",
		"ISO-2022-JP-2": "iso-2022-jp-2", "csISO2022JP2": "iso-2022-jp-2", "iso2022_jp_2": "iso-2022-jp-2",
		"ISO_2022,locale=ja,version=2": "iso-2022-jp-2",
		"ISO-2022-JP-3":                "iso-2022-jp-3", "iso2022_jp_3": "iso-2022-jp-3", "iso2022_jp_2004": "iso-2022-jp-3",
	} {
		c, err := Lookup(label)
		if err != nil || c.Name != want {
			t.Errorf("Lookup(%q) = %v, %v; want %s", label, c, err, want)
		}
	}
}
