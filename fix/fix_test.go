package fix

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/ucskit/ucs/charset"
)

type testCase struct {
	Kind string `json:"kind"`
	In   string `json:"in"`
	Want string `json:"want"`
}

func loadCases(t testing.TB, name string) []testCase {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var cs []testCase
	if err := json.Unmarshal(data, &cs); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for i := range cs {
		if cs[i].Want == "" {
			cs[i].Want = cs[i].In
		}
	}
	return cs
}

// TestFtfyCases runs the public test cases of ftfy that concern encodings
// (testdata/README.md). Every case is reported; the test fails when the
// share exactly right falls below the floor measured when it was written,
// or when any negative case changes.
func TestFtfyCases(t *testing.T) {
	cs := loadCases(t, "testdata/ftfy.json")
	right, falseRepairs := 0, 0
	for _, c := range cs {
		got, exp := String(c.In, Options{})
		if got == c.Want {
			right++
			continue
		}
		t.Logf("%s: %q\n got  %q (%s)\n want %q", c.Kind, c.In, got, exp, c.Want)
		if c.Kind == "negative" || c.Kind == "lossy" {
			falseRepairs++
		}
	}
	t.Logf("%d of %d right, %d correct or lossy texts changed", right, len(cs), falseRepairs)
	// Floors measured when the cases were added (122 of 126; the two
	// changed negatives are ftfy's "DrÃ¥ber", which ftfy calls ambiguous,
	// and its "absolutely hopeless garble").
	if right < 122 {
		t.Errorf("%d of %d right, want at least 122", right, len(cs))
	}
	if falseRepairs > 2 {
		t.Errorf("%d negative or lossy cases changed, want at most 2", falseRepairs)
	}
}

// TestUnchanged checks that correct text of many kinds comes back byte for
// byte.
func TestUnchanged(t *testing.T) {
	for _, s := range []string{
		"IRMÃ", "IRMÃ E IRMÃO", "NÃO SEI", "ÎN ROMÂNIA, CÂND", "Þórður Ðorvaldsson, Ísland",
		"İstanbul'da ıslak bir gün", "Tiếng Việt có dấu", "Tiếng Việt",
		"∀x ∈ ℝ: x² ≥ 0", "Price: 5 € or £4, ¥600", "┌──┐\n│ok│\n└──┘",
		"👩‍👩‍👧 👍🏽 🇫🇷", "the string Ã© is how é looks when misread",
		"café.txt", "Zürich, Genève, Malmö", "Привет, как дела?", "Γειά σου κόσμε",
		"שלום עולם", "مرحبا بالعالم", "中文文本没有问题", "日本語のテキスト", "한국어 텍스트",
		"ภาษาไทย", "Ελληνικά και Русский", "«Guillemets» et ‘quotes’ — dash…",
		"MÄ£ÄM", "10 µm · 5 °C ± 0,1", "\u00a0non-breaking\u00a0space",
	} {
		got, exp := String(s, Options{})
		if got != s {
			t.Errorf("String(%q) = %q (%s), want it unchanged", s, got, exp)
		}
	}
}

// TestLossy checks that mojibake that lost bytes is left alone and
// explained.
func TestLossy(t *testing.T) {
	for _, s := range []string{
		"â€œlossy decodingâ€�",
		"The ICR has been upgraded to â€œbb+â€? from â€œbbâ€?",
		"锟斤拷锟斤拷",
	} {
		got, _ := String(s, Options{})
		if got != s {
			t.Errorf("String(%q) = %q, want it unchanged", s, got)
		}
	}
	if _, exp := String("â€œbb+â€? from â€œbbâ€?", Options{}); exp.Lossy == "" {
		t.Errorf("no lossy explanation for text with lost bytes")
	}
}

func TestExplanation(t *testing.T) {
	got, exp := String("CafÃ©", Options{})
	if got != "Café" || exp.String() != "utf-8 → read as windows-1252 → utf-8" {
		t.Errorf("got %q, %q", got, exp)
	}
	got, exp = String("Iggy Pop (nÃƒÂ© Jim Osterberg)", Options{})
	if got != "Iggy Pop (né Jim Osterberg)" || len(exp.Layers) != 2 {
		t.Errorf("got %q, %q", got, exp)
	}
}

func TestIdempotent(t *testing.T) {
	for _, c := range loadCases(t, "testdata/ftfy.json") {
		once, _ := String(c.In, Options{})
		twice, _ := String(once, Options{})
		if once != twice {
			t.Errorf("not idempotent: %q -> %q -> %q", c.In, once, twice)
		}
	}
}

// TestQuotedAndLostA0Kept guards correct text that two rules once
// repaired: a space after Ã or Â read as a lost A0 byte when nothing else
// in the text was mojibake, and text that shows mojibake beside the
// characters it stands for. The other lines check the same rules where
// they could apply in other pages: capitals before a space in Portuguese,
// Romanian, Icelandic, Turkish, Greek, Russian and Arabic, and Latin
// letters read back as Cyrillic through a rare page.
func TestQuotedAndLostA0Kept(t *testing.T) {
	for _, s := range []string{
		"Ã is a letter, and so are Â and Ð.",
		`The file showed "CafÃ©" instead of "Café".`,
		"Mojibake turns é into Ã© and ’ into â€™.",
		`"ÃƒÂ©" is é encoded twice.`,
		"Ž Š Đ Č Ć",
		"IRMÃ E IRMÃO", "VOCÊ E A IRMÃ ESTÃO", "COBORÂ ÎN VALE", "ÎN ROMÂNIA, CÂND AM",
		"ÞAÐ ER GOTT OG ÉG VEIT", "HANN SAGÐI AÐ ÞAÐ VÆRI", "DAĞ VE DENİZ", "SAĞ OL BAŞ AĞRISI",
		"ΤΟΥ ΚΟΣΜΟΥ ΚΑΙ ΤΗΣ ΓΗΣ", "ДОКТОР ИВАНОВ И ПРОФЕССОР", "حفظ الله والسلام",
		"Å er en bokstav", "PÅ SKOLEN Å GÅ", "Ð is eth", "Â is a letter",
	} {
		if got, exp := String(s, Options{}); got != s {
			t.Errorf("String(%q) = %q (%s), want it unchanged", s, got, exp)
		}
	}
}

// TestLostA0 checks that a space standing for a lost A0 byte is still
// undone where the text is mojibake.
func TestLostA0(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Ã la maison", "à la maison"},
		{"VoilÃ  un cafÃ© trÃ¨s bon", "Voilà un café très bon"},
	} {
		if got, exp := String(c.in, Options{}); got != c.want {
			t.Errorf("String(%q) = %q (%s), want %q", c.in, got, exp, c.want)
		}
	}
}

// TestPagesFromRegistry checks that the single-byte pages of the registry
// are readings the repair tries, the newer ones included.
func TestPagesFromRegistry(t *testing.T) {
	have := map[string]bool{}
	for _, p := range getTables().sb {
		have[p.name] = true
	}
	for _, n := range []string{
		"windows-1252", "koi8-u", "cp1125",
		"x-mac-ce", "x-mac-croatian", "x-mac-greek", "x-mac-icelandic", "x-mac-romanian", "x-mac-turkish",
		"ibm737", "ibm775", "ibm858", "ibm860", "ibm861", "ibm863", "ibm864", "ibm865", "ibm869",
		"koi8-t", "kz-1048", "ptcp154", "armscii-8", "georgian-ps", "viscii", "tcvn5712-1",
	} {
		if !have[charset.MustLookup(n).Name] {
			t.Errorf("%s is not among the pages tried", n)
		}
	}
	if have["x-user-defined"] || have["us-ascii"] {
		t.Errorf("x-user-defined or us-ascii is among the pages tried")
	}
}

// TestRarePages repairs UTF-8 read as some of the rarer pages, made at
// test time with the project's codecs.
func TestRarePages(t *testing.T) {
	for _, c := range []struct{ text, page string }{
		{"Příliš žluťoučký kůň úpěl ďábelské ódy", "x-mac-ce"},
		{"Zażółć gęślą jaźń", "x-mac-ce"},
		{"Lietuvos Respublikos Seimas priėmė įstatymą dėl švietimo", "ibm775"},
		{"Ég veit að þú ert góður maður", "x-mac-icelandic"},
		{"Η ελληνική γλώσσα είναι όμορφη", "ibm737"},
	} {
		in, ok := misread(c.text, "utf-8", c.page)
		if !ok || in == c.text {
			t.Fatalf("cannot misread %q as %s", c.text, c.page)
		}
		if got, exp := String(in, Options{}); got != c.text {
			t.Errorf("%s: String(%q) = %q (%s), want %q", c.page, in, got, exp, c.text)
		}
	}
}
