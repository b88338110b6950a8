package fix

import (
	"testing"
	"unicode/utf8"
)

// FuzzString checks that String never panics, returns valid UTF-8 for
// valid input, is idempotent, leaves text without a suspicious character
// alone, and says why whenever it leaves text alone as lossy.
func FuzzString(f *testing.F) {
	for _, s := range []string{
		"", "plain", "CafÃ©", "IRMÃ", "â€œquotedâ€\u009d", "РџСЂРёРІРµС‚", "Ã perturber",
		"nÃƒÂ©", "鏂囧瓧", "锟斤拷", "\u0084quote\u0093", "ÇÀ ÏÀÐÍÀÑ", "â€?", "Ã\u00a0",
		"\xff\xfe", "e\u0301", "👩\u200d👩\u200d👧",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, exp := String(s, Options{})
		if !utf8.ValidString(s) {
			if out != s || exp.Changed() {
				t.Fatalf("invalid UTF-8 changed: %q -> %q", s, out)
			}
			return
		}
		if !utf8.ValidString(out) {
			t.Fatalf("String(%q) = %q: invalid UTF-8", s, out)
		}
		if out != s && !exp.Changed() || out == s && exp.Changed() {
			t.Fatalf("String(%q) = %q, explanation %+v disagrees", s, out, exp)
		}
		if !suspicious(s) && out != s {
			t.Fatalf("ASCII text changed: %q -> %q", s, out)
		}
		if again, exp2 := String(out, Options{}); again != out {
			t.Fatalf("not idempotent: %q -> %q (%s) -> %q (%s)", s, out, exp, again, exp2)
		}
		b, _ := Bytes([]byte(s), Options{})
		if string(b) != out {
			t.Fatalf("Bytes(%q) = %q, String gives %q", s, b, out)
		}
	})
}
