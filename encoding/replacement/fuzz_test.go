package replacement

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

var fuzzSamples = [][]byte{
	[]byte("plain"), []byte("\u3400\u4DFF\u4E00"), []byte("\xE3\x90"), {0xC0, 0xAF}, []byte("~{<:~}"), {0x1B, '$', ')', 'C'},
}

// FuzzUnicode11UTF8 checks the decoder's properties (enctest.CheckFuzz) and
// that it agrees with strict UTF-8 outside U+3400–U+4DFF.
func FuzzUnicode11UTF8(f *testing.F) {
	for _, s := range fuzzSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		enctest.CheckFuzz(t, Unicode11UTF8, data, nil)
		out, err := Unicode11UTF8.AppendDecode(nil, data)
		hangul := false
		for _, r := range string(data) {
			hangul = hangul || (r >= 0x3400 && r <= 0x4DFF)
		}
		if (err == nil) != (utf8.Valid(data) && !hangul) {
			t.Fatalf("% X: error %v, valid UTF-8 %v, Unicode 1.1 Hangul block %v", data, err, utf8.Valid(data), hangul)
		}
		if err == nil && !bytes.Equal(out, data) {
			t.Fatalf("% X decoded to % X", data, out)
		}
	})
}

// FuzzReplacement checks that any non-empty input is one error.
func FuzzReplacement(f *testing.F) {
	for _, s := range fuzzSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		enctest.CheckFuzz(t, Replacement, data, nil)
		out, err := Replacement.WithPolicy(encoding.Replace).AppendDecode(nil, data)
		want := "\uFFFD"
		if len(data) == 0 {
			want = ""
		}
		if err != nil || string(out) != want {
			t.Fatalf("% X: %q, %v", data, out, err)
		}
	})
}

// TestWriteFuzzSeeds writes the committed seed corpora (UCS_WRITE_SEEDS=1).
func TestWriteFuzzSeeds(t *testing.T) {
	enctest.WriteSeeds(t, "FuzzUnicode11UTF8", fuzzSamples)
	enctest.WriteSeeds(t, "FuzzReplacement", fuzzSamples)
}
