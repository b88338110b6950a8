package transcode

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/utf"
)

// piece is one call of Decode's function.
type piece struct {
	text string
	at   Position
}

func decodeAll(t *testing.T, d *Decoder, in []byte) ([]piece, Stats, error) {
	t.Helper()
	var got []piece
	st, err := d.Decode(bytes.NewReader(in), func(text []byte, at Position) error {
		got = append(got, piece{string(text), at})
		return nil
	})
	return got, st, err
}

// lineCol computes the line and column after text the slow way.
func lineCol(text string) (int64, int64) {
	line, col := int64(1), int64(1)
	for _, r := range text {
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

// checkPieces asserts that the pieces join to want and that each starts at
// the line and column of the text before it; offsets, when off is set, are
// off of that text.
func checkPieces(t *testing.T, name string, got []piece, want string, off func(before string) int64) {
	t.Helper()
	var sb strings.Builder
	for i, p := range got {
		before := sb.String()
		line, col := lineCol(before)
		if p.at.Line != line || p.at.Column != col {
			t.Fatalf("%s: piece %d at %d:%d, want %d:%d", name, i, p.at.Line, p.at.Column, line, col)
		}
		if off != nil && p.at.Offset != off(before) {
			t.Fatalf("%s: piece %d at byte %d, want %d", name, i, p.at.Offset, off(before))
		}
		sb.WriteString(p.text)
	}
	if sb.String() != want {
		t.Fatalf("%s: decoded text differs (%d bytes, want %d)", name, sb.Len(), len(want))
	}
}

// Chunks that cross the read size start where the text before them ends,
// in line, column and input offset, whatever the encoding.
func TestDecodePositionsAcrossChunks(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() < 3*chunkSize+1000; i++ {
		fmt.Fprintf(&b, "%d Grüße, 世界 😀\r\n", i)
		if i%7 == 0 {
			b.WriteString(strings.Repeat("ü", i%300)) // long lines, odd splits
		}
	}
	text := b.String()
	u16 := func(s string) int64 { return int64(2 * len(utf16Units(s))) }
	for _, c := range []struct {
		enc string
		off func(string) int64
	}{
		{"utf-8", func(s string) int64 { return int64(len(s)) }},
		{"utf-16le", u16},
		{"gb18030", nil},
		{"utf-7", nil},
	} {
		from := cs(c.enc)
		in, err := from.AppendEncode(nil, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		got, st, err := decodeAll(t, &Decoder{From: from}, in)
		if err != nil {
			t.Fatalf("%s: %v", c.enc, err)
		}
		if len(got) < 2 {
			t.Fatalf("%s: %d pieces, want the text in several", c.enc, len(got))
		}
		if st.In != int64(len(in)) || st.Out != int64(len(text)) || st.Fixed != 0 {
			t.Errorf("%s: stats %+v", c.enc, st)
		}
		checkPieces(t, c.enc, got, text, c.off)
	}
}

func utf16Units(s string) []uint16 {
	var u []uint16
	for _, r := range s {
		if r >= 0x10000 {
			u = append(u, 0, 0)
		} else {
			u = append(u, 0)
		}
	}
	return u
}

// A bad byte on either side of the read boundary is located exactly,
// under Fail (the error) and under Replace (the report).
func TestDecodeErrorAcrossChunks(t *testing.T) {
	line := "ab ü 世\r\n"
	base := strings.Repeat(line, 3*chunkSize/len(line)+2)
	for _, at := range []int{0, chunkSize - 2, chunkSize - 1, chunkSize, chunkSize + 1, 2*chunkSize + 3, len(base) - 1} {
		for !utf8.RuneStart(base[at]) {
			at++
		}
		in := base[:at] + "\xFF" + base[at:]
		line, col := lineCol(base[:at])
		d := Decoder{From: utf.UTF8, Name: "f.txt"}
		_, err := d.Decode(strings.NewReader(in), func([]byte, Position) error { return nil })
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("at %d: %v, want an *Error", at, err)
		}
		want := fmt.Sprintf("f.txt:%d:%d: byte %d: %s (bytes FF)", line, col, at, encoding.InvalidByte)
		if e.Error() != want || e.Kind != encoding.InvalidByte || e.Encoding != "utf-8" {
			t.Errorf("at %d: %q (%+v), want %q", at, e.Error(), e, want)
		}
		var reps []Error
		d = Decoder{From: utf.UTF8, Invalid: encoding.Replace, Report: func(e *Error) error {
			reps = append(reps, *e)
			return nil
		}}
		got, st, err := decodeAll(t, &d, []byte(in))
		if err != nil || st.Fixed != 1 || len(reps) != 1 {
			t.Fatalf("at %d: %v, %+v, %d reports", at, err, st, len(reps))
		}
		if r := reps[0]; r.Offset != int64(at) || r.Line != line || r.Column != col {
			t.Errorf("at %d: reported %+v, want byte %d at %d:%d", at, r, at, line, col)
		}
		checkPieces(t, "replace", got, base[:at]+"\uFFFD"+base[at:], nil)
	}
}

// CR LF ends one line, a lone CR ends none; positions after them count
// characters of the decoded text.
func TestDecodeLines(t *testing.T) {
	in := "ab\r\ncd\rë\xFFx\n\r\n\xFE"
	var reps []string
	d := Decoder{From: utf.UTF8, Invalid: encoding.Replace, Name: "n", Report: func(e *Error) error {
		reps = append(reps, e.Error())
		return nil
	}}
	if _, _, err := decodeAll(t, &d, []byte(in)); err != nil {
		t.Fatal(err)
	}
	ib := encoding.InvalidByte.String()
	want := []string{"n:2:5: byte 9: " + ib + " (bytes FF)", "n:4:1: byte 14: " + ib + " (bytes FE)"}
	if strings.Join(reps, "|") != strings.Join(want, "|") {
		t.Errorf("reports %q, want %q", reps, want)
	}
	p := Position{Line: 1, Column: 1, Offset: 7}
	p.Advance([]byte("ab\r\ncd\rë"))
	if p != (Position{Offset: 7, Line: 2, Column: 5}) {
		t.Errorf("Advance: %+v", p)
	}
}

// Each policy gives the text the codec gives on the whole input, and
// reports what it handled.
func TestDecodePolicies(t *testing.T) {
	for enc, bad := range map[string]string{"utf-8": "\xFF\xFF", "utf-16le": "\x00\xDC", "shift_jis": "\xFF\xFF"} {
		from := cs(enc)
		good, _ := from.AppendEncode(nil, []byte("日本\nabc"))
		in := append(append(append([]byte{}, good...), bad...), good...)
		for _, pol := range []encoding.Policy{encoding.Fail, encoding.Replace, encoding.Skip, encoding.Escape} {
			name := fmt.Sprintf("%s/%v", enc, pol)
			n := 0
			d := Decoder{From: from, Invalid: pol, Escape: encoding.EscapeXML, Report: func(*Error) error { n++; return nil }}
			got, st, err := decodeAll(t, &d, in)
			if pol == encoding.Fail {
				var e *Error
				if !errors.As(err, &e) || e.Offset != int64(len(good)) || e.Line != 2 || e.Column != 4 {
					t.Errorf("%s: %v, want an error at byte %d, 2:4", name, err, len(good))
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			want, _, werr := transform.Bytes(from.With(encoding.Options{Invalid: pol, Escape: encoding.EscapeXML}).NewDecoder(), in)
			if werr != nil {
				t.Fatal(werr)
			}
			checkPieces(t, name, got, string(want), nil)
			if n == 0 || st.Fixed != int64(n) {
				t.Errorf("%s: %d reports, Fixed %d", name, n, st.Fixed)
			}
		}
	}
}

// An error of Report or of the function stops Decode and comes back as it
// is; an encoding's own policy is replaced by the Decoder's.
func TestDecodeStops(t *testing.T) {
	stop := errors.New("enough")
	in := strings.Repeat("a\xFF", 10)
	n := 0
	d := Decoder{From: utf.UTF8, Invalid: encoding.Replace, Report: func(*Error) error {
		if n++; n == 3 {
			return stop
		}
		return nil
	}}
	if _, _, err := decodeAll(t, &d, []byte(in)); err != stop || n != 3 {
		t.Errorf("Report: %v after %d reports", err, n)
	}
	d = Decoder{From: utf.UTF8.WithPolicy(encoding.Replace)}
	if _, err := d.Decode(strings.NewReader("abc"), func([]byte, Position) error { return stop }); err != stop {
		t.Errorf("fn: %v", err)
	}
	if _, _, err := decodeAll(t, &d, []byte(in)); err == nil {
		t.Errorf("a Replace codec under a Fail Decoder passed bad input")
	}
}

// Extended lets the 31-bit forms' values beyond Unicode through; a codec
// that consumes its BOM says so in Stats.
func TestDecodeExtendedAndBOM(t *testing.T) {
	in := []byte{0x00, 0x00, 0x00, 0x41, 0x7F, 0xFF, 0xFF, 0xFF}
	if _, _, err := decodeAll(t, &Decoder{From: utf.UCS4BE}, in); err == nil {
		t.Errorf("UCS-4 0x7FFFFFFF decoded strictly")
	}
	got, _, err := decodeAll(t, &Decoder{From: utf.UCS4BE, Extended: true}, in)
	if err != nil || len(got) == 0 || !strings.HasPrefix(got[0].text, "A") {
		t.Errorf("extended: %v, %+v", err, got)
	}
	got, st, err := decodeAll(t, &Decoder{From: utf.UTF16BOM}, []byte("\xFF\xFEa\x00"))
	if err != nil || !st.BOM || len(got) != 1 || got[0].text != "a" {
		t.Errorf("BOM: %v, %+v, %+v", err, st, got)
	}
	got, st, err = decodeAll(t, &Decoder{From: utf.UTF8}, []byte("\uFEFFa"))
	if err != nil || st.BOM || len(got) != 1 || got[0].text != "\uFEFFa" {
		t.Errorf("UTF-8 U+FEFF: %v, %+v, %+v", err, st, got)
	}
}

// Decode, the function, is Decoder.Decode under the options' policy.
func TestDecodeFunc(t *testing.T) {
	var reps []string
	var out strings.Builder
	st, err := Decode(strings.NewReader("x\xFF("), utf.UTF8, Options{Invalid: encoding.Replace, Report: func(e *Error) { reps = append(reps, e.Error()) }},
		func(text []byte, _ Position) error { out.Write(text); return nil })
	if err != nil || out.String() != "x\uFFFD(" || st.Fixed != 1 || len(reps) != 1 || reps[0] != "1:2: byte 1: "+encoding.InvalidByte.String()+" (bytes FF)" {
		t.Errorf("%v %q %+v %q", err, out.String(), st, reps)
	}
}
