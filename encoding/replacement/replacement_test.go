package replacement

import (
	"errors"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
)

func TestReplacement(t *testing.T) {
	got, err := Replacement.WithPolicy(encoding.Replace).AppendDecode(nil, []byte("~{<:Ky2;S{#,~}"))
	if err != nil || string(got) != "\uFFFD" {
		t.Fatalf("got %q, %v", got, err)
	}
	got, err = Replacement.AppendDecode(nil, nil)
	if err != nil || len(got) != 0 {
		t.Fatalf("empty input: %q, %v", got, err)
	}
	_, err = Replacement.AppendDecode(nil, []byte("abc"))
	var e *encoding.Error
	if !errors.As(err, &e) || e.Offset != 0 || e.Len != 0 {
		t.Fatalf("strict: %v", err)
	}
	if _, err := Replacement.AppendEncode(nil, []byte("a")); err == nil {
		t.Fatal("replacement encoded")
	}
	for _, in := range []string{"a", "\x1b$)Cabc", "~{"} {
		res := enctest.CheckStreaming(t, "replacement", Replacement.WithPolicy(encoding.Replace).DecodeTransformer, []byte(in))
		if string(res.Out) != "\uFFFD" {
			t.Errorf("%q: %q", in, res.Out)
		}
		// Under Fail, the error is the same in one piece and streamed
		// (its length was once the whole input from AppendDecode, the
		// first chunk when streaming).
		res = enctest.CheckStreaming(t, "replacement", Replacement.DecodeTransformer, []byte(in))
		if !errors.As(res.Err, &e) || e.Offset != 0 || e.Len != 0 {
			t.Errorf("%q: strict: %v", in, res.Err)
		}
	}
}

func TestUnicode11UTF8(t *testing.T) {
	got, err := Unicode11UTF8.AppendDecode(nil, []byte("abc é 汉 \U0001F600"))
	if err != nil || string(got) != "abc é 汉 \U0001F600" {
		t.Fatalf("got %q, %v", got, err)
	}
	_, err = Unicode11UTF8.AppendDecode(nil, []byte("ab\u3400"))
	var e *encoding.Error
	if !errors.As(err, &e) || e.Offset != 2 || e.Len != 3 {
		t.Fatalf("U+3400: %v", err)
	}
	enctest.TestMalformed(t, Unicode11UTF8, []enctest.Malformed{
		{Name: "hangul 1.1", Input: []byte("x\u4DFFy"), Replace: "x\uFFFDy", Offset: 1, Kind: encoding.InvalidSequence},
		{Name: "bad utf-8", Input: []byte("x\xC0\xAFy"), Replace: "x\uFFFD\uFFFDy", Offset: 1, Kind: encoding.Overlong},
		{Name: "truncated", Input: []byte("x\xE4\xB8"), Replace: "x\uFFFD", Offset: 1, Kind: encoding.Truncated},
	})
	if got, err := Unicode11UTF8.AppendDecode(nil, []byte("\u4E00\u4DC0"[:3])); err != nil || string(got) != "一" {
		t.Fatalf("U+4E00: %q %v", got, err)
	}
}
