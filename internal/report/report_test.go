package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/transcode"
)

func off(n int64) *int64 { return &n }

// TestValidateWriterIsJSON: the streamed record of ucs validate --json is
// byte for byte the encoding of ValidateResult, whatever its fields hold.
func TestValidateWriterIsJSON(t *testing.T) {
	for _, r := range []ValidateResult{
		{File: "a.txt", Encoding: "utf-8", Valid: true},
		{File: "dir/a<b>&c \"q\".txt", Encoding: "shift_jis", Errors: []ValidateError{
			{Offset: off(3), Line: 1, Column: 4, Kind: "invalid-byte", Bytes: "C0"},
			{Offset: off(1 << 40), Line: 9, Column: 1, Kind: "truncated", Bytes: "E282"},
		}},
		{File: "n.txt", Encoding: "utf-16le", Errors: []ValidateError{{Line: 2, Column: 7, Kind: "not-nfc", Text: "U+0065 U+0301", Want: "U+00E9"}}},
		{File: "é/ü.txt", Encoding: "utf-8", Error: "read é: input/output error <&>"},
	} {
		var b bytes.Buffer
		w := bufio.NewWriter(&b)
		vw := NewValidateWriter(w)
		vw.Begin(r.File, r.Encoding)
		for _, e := range r.Errors {
			vw.Add(e)
		}
		vw.End(r.Valid, r.Error)
		w.Flush()
		if got, want := b.String(), string(r.JSON()); got != want {
			t.Errorf("streamed:\n%s\nrecord:\n%s", got, want)
		}
		var back ValidateResult
		dec := json.NewDecoder(&b)
		dec.DisallowUnknownFields()
		if err := dec.Decode(&back); err != nil {
			t.Fatal(err)
		}
		if back.Errors == nil || len(r.Errors) == 0 {
			r.Errors = back.Errors
		}
		if !reflect.DeepEqual(back, r) {
			t.Errorf("round trip: %+v, want %+v", back, r)
		}
	}
}

// TestNoHTMLEscape: <, > and & stay as they are in every record.
func TestNoHTMLEscape(t *testing.T) {
	name := "a<b>&c.txt"
	for _, b := range [][]byte{
		ValidateResult{File: name}.JSON(),
		DetectResult{File: name, Encoding: "utf-8"}.JSON(),
		ConvertError{File: name, Message: name + ": bad"}.JSON(),
	} {
		if !bytes.Contains(b, []byte(`"`+name+`"`)) || bytes.Contains(b, []byte(`\u00`)) {
			t.Errorf("%s: HTML-escaped", b)
		}
	}
	m, err := Marshal(map[string]string{"k": "<&>"})
	if err != nil || string(m) != `{"k":"<&>"}` {
		t.Errorf("Marshal = %s, %v", m, err)
	}
}

func TestConvertErrorOf(t *testing.T) {
	e := &transcode.Error{Name: "<stdin>", Encoding: "utf-8", Offset: 10, Line: 2, Column: 3, Kind: encoding.InvalidByte, Bytes: []byte{0xC0, 0xAE}, Rune: -1}
	got := ConvertErrorOf("in.txt", e, "msg")
	if *got.Offset != 10 || got.Line != 2 || got.Column != 3 || got.Kind != e.Kind.String() || got.Bytes != "C0AE" || got.Text != "" || got.To != "" || got.Message != "msg" {
		t.Errorf("malformed: %+v", got)
	}
	u := &transcode.Error{Encoding: "iso-8859-1", Offset: 4, Line: 1, Column: 5, Kind: encoding.Unmappable, Bytes: []byte("€"), Rune: '€'}
	got = ConvertErrorOf("in.txt", u, "msg")
	if got.Kind != "unmappable" || got.Text != "U+20AC" || got.To != "iso-8859-1" || got.Bytes != "" {
		t.Errorf("unmappable: %+v", got)
	}
	if !strings.Contains(string(got.JSON()), `"text":"U+20AC","to":"iso-8859-1","error":"msg"`) {
		t.Errorf("JSON: %s", got.JSON())
	}
}

// TestNaNDoesNotPanic: a record JSON cannot carry still gives a line.
func TestNaNDoesNotPanic(t *testing.T) {
	nan := 0.0
	nan /= nan
	got := string(DetectResult{File: "f", Confidence: nan}.JSON())
	if !strings.HasPrefix(got, `{"error":"the record cannot be written as JSON: `) || !strings.HasSuffix(got, "}\n") {
		t.Errorf("got %q", got)
	}
}
