package encoding_test

import (
	"errors"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/japanese"
	"github.com/ucskit/ucs/encoding/korean"
	"github.com/ucskit/ucs/encoding/simplifiedchinese"
	"github.com/ucskit/ucs/encoding/singlebyte"
)

func TestTransliteration(t *testing.T) {
	for r, want := range map[rune]string{
		'é': "e", '€': "EUR", '“': `"`, '”': `"`, 'ß': "ss", 'Œ': "OE", 'A': "A", '\u0301': "", 'ﬁ': "fi", '½': " 1/2 ",
	} {
		if got, ok := encoding.Transliteration(r); !ok || got != want {
			t.Errorf("Transliteration(%U) = %q, %v; want %q", r, got, ok, want)
		}
	}
	for _, r := range []rune{'中', 0x1F600, -1, 0x110000} {
		if got, ok := encoding.Transliteration(r); ok {
			t.Errorf("Transliteration(%U) = %q; want none", r, got)
		}
	}
}

// TestTransliteratePolicy checks the policy with several encoders:
// characters the target has are kept, the others transliterated, "?"
// where there is no transliteration, nothing for a combining mark.
func TestTransliteratePolicy(t *testing.T) {
	for _, tc := range []struct {
		c        *encoding.Codec
		in, want string
	}{
		{singlebyte.USASCII, "Ærø “quoted” €5 Straße Œuvre 中文 e\u0301", `AEro "quoted" EUR5 Strasse OEuvre ?? e`},
		{singlebyte.ISO8859_1, "Œ€é", "OEEUR\xe9"},
		{singlebyte.IBM037, "Ωé", "\x6f\x51"}, // ? and é in EBCDIC
		{japanese.ShiftJIS, "é日", "e\x93\xfa"},
	} {
		c := tc.c.With(encoding.Options{Unmappable: encoding.Transliterate})
		got, err := c.AppendEncode(nil, []byte(tc.in))
		if err != nil || string(got) != tc.want {
			t.Errorf("%s: %q → %q, %v; want %q", tc.c, tc.in, got, err, tc.want)
		}
	}
	// Malformed input: as Replace.
	c := singlebyte.USASCII.WithPolicy(encoding.Transliterate)
	if got, err := c.AppendEncode(nil, []byte("a\xffb")); err != nil || string(got) != "a?b" {
		t.Errorf("malformed: %q, %v", got, err)
	}
	// Report sees every transliterated character.
	n := 0
	c = singlebyte.USASCII.With(encoding.Options{Unmappable: encoding.Transliterate, Report: func(e *encoding.Error) {
		if e.Kind == encoding.Unmappable {
			n++
		}
	}})
	if _, err := c.AppendEncode(nil, []byte("éa€")); err != nil || n != 2 {
		t.Errorf("reported %d, %v; want 2", n, err)
	}
	if p, err := encoding.ParsePolicy("translit"); err != nil || p != encoding.Transliterate || p.String() != "transliterate" {
		t.Errorf("ParsePolicy(translit) = %v, %v", p, err)
	}
	var e *encoding.Error
	if _, err := singlebyte.USASCII.AppendEncode(nil, []byte("é")); !errors.As(err, &e) {
		t.Errorf("the default policy still fails: %v", err)
	}
}

// TestTransliterateStateful checks that a transliteration the target
// cannot represent whole leaves a stateful encoder's shifts right: the
// output decodes back to the text with each character transliterated.
// (glibc's own ISO-2022-KR//TRANSLIT output is malformed here: it writes
// "?" while shifted out.)
func TestTransliterateStateful(t *testing.T) {
	dz, ok := encoding.Transliteration('ǅ')
	if !ok {
		dz = "?" // glibc has only the non-ASCII alternative "Dž"
	}
	for _, tc := range []struct {
		c        *encoding.Codec
		in, want string
	}{
		{korean.ISO2022KR, "가ǅ가é中\U0001F600", "가" + dz + "가e中?"},
		{japanese.ISO2022JP, "日ǅ日é€", "日" + dz + "日eEUR"},
		{simplifiedchinese.HZGB2312, "中ǅ中€", "中" + dz + "中EUR"},
	} {
		c := tc.c.With(encoding.Options{Unmappable: encoding.Transliterate})
		out, err := c.AppendEncode(nil, []byte(tc.in))
		if err != nil {
			t.Fatalf("%s: %v", tc.c, err)
		}
		back, err := tc.c.AppendDecode(nil, out)
		if err != nil || string(back) != tc.want {
			t.Errorf("%s: %q encodes to %q, which decodes to %q, %v; want %q", tc.c, tc.in, out, back, err, tc.want)
		}
	}
}
