package detect

import (
	"slices"
	"testing"

	xencoding "golang.org/x/text/encoding"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/encoding"
)

// TestCandidatesFromTraits checks that the multi-byte candidates come from
// the registry's traits: a charset registered with the MultiByte structure
// and a language is a candidate without a change to the detector, and one
// that extends a candidate (Charset.Extends) is not scored, listed or
// preferred when the candidate it extends decodes the input.
func TestCandidatesFromTraits(t *testing.T) {
	global := getTables() // built before the registry grows
	big5, err := charset.Lookup("big5")
	if err != nil {
		t.Skip("no Big5 codec")
	}
	gbk, err := charset.Lookup("gbk")
	if err != nil {
		t.Skip("no GBK codec")
	}
	for _, c := range []charset.Charset{
		{Name: "x-test-big5-variant", Codec: big5.Codec, Family: "chinese", Structure: charset.MultiByte, Language: "zh-Hant", Extends: "big5"},
		{Name: "x-test-big5-clone", Codec: big5.Codec, Family: "chinese", Structure: charset.MultiByte, Language: "zh-Hant"},
		// A "variant" of Big5 that decodes GBK, to see it scored when
		// Big5 does not decode the input.
		{Name: "x-test-big5-gbk-variant", Codec: gbk.Codec, Family: "chinese", Structure: charset.MultiByte, Language: "zh-Hant", Extends: "big5"},
	} {
		if _, err := charset.Lookup(c.Name); err == nil {
			continue // registered by an earlier run (-count)
		}
		if _, err := charset.Register(charset.Spec{Charset: c}); err != nil {
			t.Fatal(err)
		}
	}
	fresh := buildTables()
	names := map[string]*enc{}
	for _, e := range fresh.readings().multis {
		names[e.name] = e
	}
	if e := names["x-test-big5-variant"]; e == nil || e.base == nil || e.base.name != "big5" {
		t.Fatalf("the registered variant of Big5 is not a candidate that extends big5: %+v", e)
	}
	if e := names["x-test-big5-clone"]; e == nil || e.base != nil {
		t.Fatalf("the registered multi-byte charset is not a candidate of its own: %+v", e)
	}
	text, err := big5.Codec.NewEncoder().Bytes([]byte("這是一個測試，我們的系統可以正確地偵測繁體中文的編碼，並且告訴使用者結果。"))
	if err != nil {
		t.Fatal(err)
	}
	before := Detect(text)
	tab = fresh
	after := Detect(text)
	tab = global
	if before.Best().Encoding != "big5" || after.Best().Encoding != "big5" {
		t.Fatalf("Big5 text answered %s, then %s with the new charsets", before.Best().Encoding, after.Best().Encoding)
	}
	clone := false
	for _, c := range after.Candidates {
		switch c.Encoding {
		case "x-test-big5-variant", "x-test-big5-gbk-variant":
			t.Errorf("the variant of Big5 is listed although big5 decodes the input: %+v", after.Candidates)
		case "x-test-big5-clone":
			clone = true
		}
	}
	if !clone {
		t.Errorf("the registered multi-byte charset is not among the candidates: %+v", after.Candidates)
	}

	// GBK text that Big5 does not decode: the variant of Big5 is scored
	// and listed.
	gbkText, err := gbk.Codec.NewEncoder().Bytes([]byte("我们的系统可以正确地检测中文的编码，并且告诉使用者结果。"))
	if err != nil {
		t.Fatal(err)
	}
	if fresh.readings().encs["big5"].valid(gbkText, true) {
		t.Fatal("Big5 decodes the GBK text; choose another")
	}
	tab = fresh
	res := Detect(gbkText)
	tab = global
	listed := false
	for _, c := range res.Candidates {
		listed = listed || c.Encoding == "x-test-big5-gbk-variant"
	}
	if !listed || res.Best().Encoding != "gbk" {
		t.Errorf("GBK text: want gbk first and the variant of Big5 listed, got %+v", res.Candidates)
	}
}

// TestStatefulVariantFromTraits checks that a stateful charset registered
// as an extension of ISO-2022-JP (as ISO-2022-JP-2 and -3 are) is answered
// for text with the escapes of the extensions that ISO-2022-JP does not
// decode, and is not answered for text that ISO-2022-JP decodes.
func TestStatefulVariantFromTraits(t *testing.T) {
	global := getTables()
	if global.readings().encs["iso-2022-jp"] == nil {
		t.Skip("no ISO-2022-JP codec")
	}
	const name = "x-test-iso-2022-jp-variant"
	if _, err := charset.Lookup(name); err != nil {
		// A stand-in that decodes any bytes as themselves.
		c := charset.Charset{Name: name, Codec: encoding.FromXText(name, xencoding.Nop), Family: "japanese",
			Structure: charset.Stateful, Language: "ja", Extends: "iso-2022-jp"}
		if _, err := charset.Register(charset.Spec{Charset: c}); err != nil {
			t.Fatal(err)
		}
	}
	fresh := buildTables()
	var names []string
	for _, v := range fresh.readings().variants7["iso-2022-jp"] {
		names = append(names, v.name)
	}
	if !slices.Contains(names, name) {
		t.Fatalf("the registered extension of ISO-2022-JP is not a variant: %v", names)
	}
	tab = fresh
	defer func() { tab = global }()
	plain := []byte("\x1b$B$3$s$K$A$O\x1b(B, world\n") // こんにちは
	if got := Detect(plain).Best(); got.Encoding != "iso-2022-jp" {
		t.Errorf("ISO-2022-JP text answered %+v", got)
	}
	// The built-in extensions come first in the registry's order, so they
	// answer for the designations they decode; the stand-in answers only
	// where none is built in.
	for _, c := range []struct {
		text, builtin string
	}{
		{"\x1b$(Q!!\x1b(B, world\n", "iso-2022-jp-3"}, // a JIS X 0213 designation
		{"\x1b$(C!!\x1b(B, world\n", "iso-2022-jp-2"}, // KS C 5601, RFC 1554
	} {
		want := name
		if slices.Contains(names, c.builtin) {
			want = c.builtin
		}
		if got := Detect([]byte(c.text)).Best(); got.Encoding != want {
			t.Errorf("%q answered %+v, want %s", c.text, got, want)
		}
	}
}
