package detect

import (
	"strings"
	"testing"

	"github.com/ucskit/ucs/charset"
)

// TestDOSPages checks that text in the DOS code pages is detected (the
// pages are candidates), with sentences written for this test.
func TestDOSPages(t *testing.T) {
	for _, tc := range []struct{ enc, text string }{
		{"ibm850", "Die Größe der Datei überschreitet das zulässige Limit. Änderungen wurden nicht gespeichert, bitte prüfen Sie die Einstellungen."},
		{"ibm857", "Dosya boyutu izin verilen sınırı aşıyor. Değişiklikler kaydedilmedi, lütfen ayarları kontrol edip işlemi yeniden başlatın."},
		{"ibm862", "הקובץ גדול מדי ולא ניתן לשמור את השינויים. אנא בדקו את ההגדרות ונסו שוב מאוחר יותר."},
		{"cp1125", "Файл завеликий, зміни не збережено. Будь ласка, перевірте налаштування і спробуйте ще раз пізніше."},
	} {
		b := encodeAs(t, tc.enc, tc.text)
		if c, ok := rightText(t, b, tc.text); !ok {
			t.Errorf("%s: got %+v", tc.enc, c)
		}
	}
}

// TestUTF16Alphabetic checks that UTF-16 without a byte-order mark of an
// alphabet beyond Latin-1 (most high bytes one value below 0x20) is
// answered at once, without the legacy readings.
func TestUTF16Alphabetic(t *testing.T) {
	for _, s := range []string{
		"Съешь же ещё этих мягких французских булок, да выпей чаю.",
		"Ξεσκεπάζω την ψυχοφθόρα βδελυγμία.",
		"זה טקסט קצר בעברית שנכתב לבדיקה הזאת.",
	} {
		for _, be := range []bool{false, true} {
			b := encodeUTF16(s, be)
			res := Detect(b)
			c := res.Best()
			got, ok := decodeAs(c.Encoding, c.BOM, b)
			if !ok || got != s || c.Confidence < 0.99 || len(res.Candidates) != 1 {
				t.Errorf("%q (big-endian %v): got %+v", s, be, res.Candidates)
			}
		}
	}
}

// TestRegistryCandidates checks that every ASCII-compatible single-byte
// charset of the registry whose letters some language model covers is a
// candidate, or decodes as one does, not only the ones the detector names.
func TestRegistryCandidates(t *testing.T) {
	tab := getTables()
	in := map[*charset.Charset]bool{}
	for _, e := range tab.readings().singles {
		in[e.cs] = true
	}
	for _, cs := range charset.List() {
		if cs.Family != "single-byte" || !cs.ASCIICompatible || cs.Codec == nil || cs.Name == "x-user-defined" || cs.Name == "us-ascii" {
			continue
		}
		if in[cs] {
			continue
		}
		// Or it decodes every byte as a candidate does.
		e := resolve(encSpec{name: cs.Name, kind: kindSingle})
		if e == nil || !buildSingle(e) || !sameTable(tab.readings().singles, e) {
			t.Errorf("%s is not a candidate", cs.Name)
		}
	}
}

// TestValidUTF16Kernels checks that the SIMD path of validUTF16 agrees with
// the scalar check, surrogate pairs split by its chunks included.
func TestValidUTF16Kernels(t *testing.T) {
	text := strings.Repeat("Größe 😀 текст ", 400)
	for _, be := range []bool{false, true} {
		u := encodeUTF16(text, be)
		for _, n := range []int{64, 100, 2046, 2048, 3070, 3072, 6144, len(u) - 2, len(u)} {
			for _, cut := range []int{0, 1, 2} {
				b := u[:n-cut]
				for _, atEOF := range []bool{true, false} {
					if got, want := validUTF16(b, be, atEOF), validUTF16Scalar(b, be, atEOF); got != want {
						t.Errorf("be %v, %d bytes, atEOF %v: %v, scalar %v", be, len(b), atEOF, got, want)
					}
				}
			}
		}
		// An unpaired surrogate in the middle.
		bad := append([]byte(nil), u...)
		if be {
			bad[1000], bad[1001] = 0xD8, 0x00
		} else {
			bad[1000], bad[1001] = 0x00, 0xD8
		}
		if validUTF16(bad, be, true) {
			t.Errorf("be %v: unpaired surrogate passed", be)
		}
	}
}
