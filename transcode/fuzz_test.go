package transcode

import (
	"bytes"
	"errors"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"golang.org/x/text/transform"
)

// FuzzCopy converts arbitrary bytes between a few encodings under each
// policy: no panic, Fail stops with a located *Error inside the input,
// and Replace gives what the codecs give on the whole input at once.
func FuzzCopy(f *testing.F) {
	for _, s := range []string{"abc", "a\xFFb\r\n", "\xEF\xBB\xBFx\r", "\xFF\xFEa\x00", "\x81\x30\x81\x30", "+AGE-", "\xC3"} {
		f.Add([]byte(s), byte(0))
	}
	encs := []string{"utf-8", "utf-16le", "utf-16", "gb18030", "shift_jis", "iso-8859-1", "utf-7", "utf-8-bom"}
	f.Fuzz(func(t *testing.T, in []byte, sel byte) {
		from, to := cs(encs[int(sel)%len(encs)]), cs(encs[int(sel/8)%len(encs)])
		newline := Newline(sel/64) % 3
		var out bytes.Buffer
		st, err := Copy(&out, bytes.NewReader(in), from, to, Options{Newline: newline})
		var e *Error
		if err != nil {
			if !errors.As(err, &e) {
				t.Fatalf("%s→%s % X: %v", from.Name(), to.Name(), in, err)
			}
			if e.Offset < 0 || e.Offset > int64(len(in)) || e.Line < 1 || e.Column < 1 {
				t.Fatalf("%s→%s % X: misplaced %+v", from.Name(), to.Name(), in, e)
			}
		} else if st.In != int64(len(in)) || st.Out != int64(out.Len()) {
			t.Fatalf("stats %+v for %d in, %d out", st, len(in), out.Len())
		}
		// Replace everywhere, no newline or BOM change: the streaming
		// result is the whole-input result.
		opts := Options{Invalid: encoding.Replace, Unmappable: encoding.Replace}
		out.Reset()
		if _, err := Copy(&out, bytes.NewReader(in), from, to, opts); err != nil {
			t.Fatalf("replace %s→%s % X: %v", from.Name(), to.Name(), in, err)
		}
		text, err := from.WithPolicy(encoding.Replace).AppendDecode(nil, in)
		if err != nil {
			t.Fatal(err)
		}
		if len(text) >= 3 && string(text[:3]) == "\uFEFF" && true {
			return // a leading U+FEFF is a BOM to Copy, content to AppendDecode
		}
		want, err := to.WithPolicy(encoding.Replace).AppendEncode(nil, text)
		if err == nil && !bytes.Equal(out.Bytes(), want) && from.Name() != "utf-16" && from.Name() != "utf-8-bom" {
			t.Fatalf("replace %s→%s % X: %q, want %q", from.Name(), to.Name(), in, out.Bytes(), want)
		}
	})
}

// FuzzDecode decodes arbitrary bytes in a few encodings under each policy:
// no panic; Fail stops with a located *Error inside the input or gives the
// whole-input text; the other policies give the whole-input text, and each
// piece starts at the line and column of the text before it.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"abc", "a\xFFb\r\n", "\xEF\xBB\xBFx\r", "\xFF\xFEa\x00", "\x81\x30\x81\x30", "+AGE-", "\xC3", "\x00\xDC\n\x00"} {
		f.Add([]byte(s), byte(0))
	}
	encs := []string{"utf-8", "utf-16le", "utf-16", "gb18030", "shift_jis", "utf-7", "ucs-4be"}
	pols := []encoding.Policy{encoding.Fail, encoding.Replace, encoding.Skip, encoding.Escape}
	f.Fuzz(func(t *testing.T, in []byte, sel byte) {
		from := cs(encs[int(sel)%len(encs)])
		pol := pols[int(sel/8)%len(pols)]
		d := Decoder{From: from, Invalid: pol, Extended: sel&0x80 != 0}
		var got []piece
		st, err := d.Decode(bytes.NewReader(in), func(text []byte, at Position) error {
			got = append(got, piece{string(text), at})
			return nil
		})
		if err != nil {
			var e *Error
			if pol != encoding.Fail || !errors.As(err, &e) {
				t.Fatalf("%s %v % X: %v", from.Name(), pol, in, err)
			}
			if e.Offset < 0 || e.Offset > int64(len(in)) || e.Line < 1 || e.Column < 1 {
				t.Fatalf("%s % X: misplaced %+v", from.Name(), in, e)
			}
			return
		}
		if st.In != int64(len(in)) {
			t.Fatalf("stats %+v for %d bytes", st, len(in))
		}
		codec := from.With(encoding.Options{Invalid: pol})
		tr := codec.DecodeTransformer()
		if d.Extended {
			tr = codec.DecodePivotTransformer()
		}
		want, _, werr := transform.Bytes(tr, in)
		if werr != nil {
			t.Fatalf("%s %v % X: the codec fails (%v) where Decode did not", from.Name(), pol, in, werr)
		}
		checkPieces(t, from.Name(), got, string(want), nil)
	})
}
