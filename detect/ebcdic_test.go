package detect

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ucskit/ucs/charset"
)

// ebcdicText encodes s with the registry's codec for name.
func ebcdicText(t *testing.T, name, s string) []byte {
	t.Helper()
	cs, err := charset.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	b, err := cs.Codec.AppendEncode(nil, []byte(s))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return b
}

// TestEBCDIC checks that text encoded with ucs's own EBCDIC codecs is
// answered as EBCDIC, by the most common page among those that decode it
// alike, and that the answer decodes it to the text.
func TestEBCDIC(t *testing.T) {
	en := "The quick brown fox jumps over the lazy dog. It was the best of times, it was the worst of times.\n" +
		"Pack my box with five dozen liquor jugs, and then write a letter to the editor about it.\n"
	de := "Die Größe der Äpfel überraschte alle Bäuerinnen; Müller aß fünf Stück.\n" +
		"Österreichische Züge fahren über die Brücke nach Süden, schön und pünktlich.\n"
	for _, tc := range []struct {
		page, text string
		want       []string // acceptable answers: the pages that decode it alike
	}{
		{"ibm037", en, []string{"IBM037"}},
		{"ibm1047", en, []string{"IBM037"}}, // plain English: 1047 decodes it as 037 does
		{"ibm500", en, []string{"IBM037"}},
		{"ibm037", strings.Repeat(de, 3), []string{"IBM037", "IBM1047", "IBM1140"}},
		{"ibm273", strings.Repeat(de, 3), []string{"IBM273"}}, // not its euro form IBM1141
		// z/OS Unix text ends its lines with 15: the swaplfnl form reads
		// them as line feeds.
		{"ibm1047-swaplfnl", en, []string{"IBM037-swaplfnl"}},
	} {
		in := ebcdicText(t, tc.page, tc.text)
		res := Detect(in)
		c := res.Best()
		ok := false
		for _, w := range tc.want {
			if cs, err := charset.Lookup(w); err == nil && cs == c.Charset {
				ok = true
			}
		}
		if !ok {
			t.Errorf("%s: got %+v, want one of %v", tc.page, res.Candidates, tc.want)
			continue
		}
		out, err := c.Charset.Codec.AppendDecode(nil, in)
		if err != nil || string(out) != tc.text {
			t.Errorf("%s: %s decodes to %q, %v", tc.page, c.Encoding, out, err)
		}
		for _, o := range res.Candidates[1:] {
			if a, _ := o.Charset.Codec.AppendDecode(nil, in); string(a) == string(out) {
				t.Errorf("%s: %s listed beside %s, which decodes it alike", tc.page, o.Encoding, c.Encoding)
			}
		}
	}
}

// TestNotEBCDIC checks that text in ASCII-compatible encodings and in
// UTF-16 never passes the structural test.
func TestNotEBCDIC(t *testing.T) {
	for _, in := range [][]byte{
		[]byte("The quick brown fox jumps over the lazy dog."),
		[]byte("Größe der Äpfel"),
		encodeAs(t, "windows-1252", "Größe der Äpfel überraschte alle Bäuerinnen"),
		encodeAs(t, "gbk", "中文文本，简体字。中文文本"),
		encodeUTF16("The quick brown fox jumps over the lazy dog.", false),
	} {
		var h [256]uint32
		for _, c := range in {
			h[c]++
		}
		if looksEBCDIC(&h, len(in)) {
			t.Errorf("% X...: looks EBCDIC", in[:8])
		}
		if c := Detect(in).Best(); c.Charset != nil && c.Charset.Family == "ebcdic" {
			t.Errorf("% X...: answered %s", in[:8], c.Encoding)
		}
	}
}

// TestEBCDICShort checks that labels and lines too short, or with too few
// spaces, for the structural test of longer input are answered as EBCDIC
// when they read as text, below confidence 0.9, and that short text in
// other encodings and short random bytes are not.
func TestEBCDICShort(t *testing.T) {
	for _, tc := range []struct {
		page, text string
	}{
		{"ibm273", "Einstellungen"},
		{"ibm273", "Datei öffnen"},
		{"ibm037", "Print report"},
		{"ibm297", "Fichier"},
		{"ibm284", "Configuración"},
		{"ibm037", "Customer"},
		{"ibm277", "Indstillinger"},
		{"ibm1047", "Kontoauszug"},
		{"ibm037", "Account,Balance,Customer"}, // a CSV header: no space
	} {
		in := ebcdicText(t, tc.page, tc.text)
		c := Detect(in).Best()
		if c.Charset == nil || c.Charset.Family != "ebcdic" {
			t.Errorf("%s %q (% X): answered %s", tc.page, tc.text, in, c.Encoding)
			continue
		}
		if out, err := c.Charset.Codec.AppendDecode(nil, in); err != nil || string(out) != tc.text {
			t.Errorf("%s %q: %s decodes it as %q", tc.page, tc.text, c.Encoding, out)
		}
		if c.Confidence >= 0.9 {
			t.Errorf("%s %q: confidence %.3f on %d bytes", tc.page, tc.text, c.Confidence, len(in))
		}
	}
	var others [][]byte
	for _, s := range []struct{ enc, text string }{
		{"windows-1251", "Привет"}, {"windows-1251", "вежи"}, {"koi8-r", "Настройки"},
		{"windows-1253", "Ρυθμίσεις"}, {"windows-1255", "הגדרות"}, {"windows-1256", "إعدادات"},
		{"windows-874", "การตั้งค่า"}, {"shift_jis", "いう"}, {"shift_jis", "設定を開く"},
		{"shift_jis", "ファイル"}, {"shift_jis", "ロファイリングに"}, // 83 40 read as spaces {"gbk", "设置文件"}, {"big5", "一個設定"}, {"euc-kr", "설정"},
		{"windows-1252", "Größe"}, {"iso-8859-2", "Ustawienia główne"},
	} {
		others = append(others, encodeAs(t, s.enc, s.text))
	}
	// Random bytes that pass the structural test and that IBM1026 read as
	// Turkish-looking symbols.
	others = append(others, []byte{0x7E, 0x4E, 0x6A, 0x40, 0xFC, 0x84, 0x5C, 0xD3, 0xFC, 0x5E, 0x62, 0xA4, 0xFC, 0xD2, 0xCF, 0x4C})
	others = append(others, []byte{0x94, 0x51, 0x93, 0x81, 0x89, 0x45}) // "mélaiá" in IBM037
	rng := rand.New(rand.NewPCG(12, 17))
	for range 20000 {
		b := make([]byte, 4+rng.IntN(28))
		for i := range b {
			b[i] = byte(0x40 + rng.IntN(0xC0)) // nothing below 40, as EBCDIC text
		}
		others = append(others, b)
	}
	for _, in := range others {
		if c := Detect(in).Best(); c.Charset != nil && c.Charset.Family == "ebcdic" {
			t.Errorf("% X: answered %s", in, c.Encoding)
		}
	}
}
