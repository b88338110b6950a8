package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/transcode"
	"github.com/ucskit/ucs/width"
	"golang.org/x/text/unicode/norm"
)

var fuzzEncodings = []string{"utf-8", "utf-16le", "utf-16", "gbk", "gb18030", "shift_jis", "iso-2022-jp", "utf-7", "big5", "windows-1252"}

// FuzzStepper checks that inspect's character stepper covers the input
// byte for byte and decodes it as the codec does in one go.
func FuzzStepper(f *testing.F) {
	f.Add([]byte("a\xc3\xa9\xe6\xb1\x89\xff\xc0\xaf"), uint8(0))
	f.Add([]byte("\x1b$B0!\x1b(Bx"), uint8(6))
	f.Add([]byte("\xba\xba\x81\x30\x81\x30\x81"), uint8(4))
	f.Add([]byte("+AGEAYgBj-x+"), uint8(7))
	f.Fuzz(func(t *testing.T, in []byte, which uint8) {
		cs, err := charset.Lookup(fuzzEncodings[int(which)%len(fuzzEncodings)])
		if err != nil {
			t.Skip(err)
		}
		st := newStepper(bytes.NewReader(in), cs.Codec)
		var text []byte
		off := int64(0)
		for {
			s, ok := st.next()
			if !ok {
				break
			}
			if s.Offset != off {
				t.Fatalf("%s: step at %d, want %d", cs.Name, s.Offset, off)
			}
			if len(s.In) == 0 && len(s.Text) == 0 {
				t.Fatalf("%s: empty step at %d", cs.Name, off)
			}
			off += int64(len(s.In))
			text = append(text, s.Text...)
		}
		if off != int64(len(in)) {
			t.Fatalf("%s: steps cover %d of %d bytes", cs.Name, off, len(in))
		}
		want, err := cs.Codec.WithPolicy(encoding.Replace).AppendDecode(nil, in)
		if err != nil {
			t.Fatalf("%s: %v", cs.Name, err)
		}
		if !bytes.Equal(text, want) {
			t.Fatalf("%s: steps decode to %+q, the codec to %+q", cs.Name, text, want)
		}
	})
}

// FuzzNewline compares convert --newline with rewriting the whole text.
func FuzzNewline(f *testing.F) {
	f.Add([]byte("a\r\nb\rc\n\r\n\n\r"))
	f.Fuzz(func(t *testing.T, in []byte) {
		if !utf8.Valid(in) {
			return
		}
		lf := bytes.ReplaceAll(in, []byte("\r\n"), []byte("\n"))
		var crlf []byte
		for i, c := range in {
			if c == '\n' && (i == 0 || in[i-1] != '\r') {
				crlf = append(crlf, '\r')
			}
			crlf = append(crlf, c)
		}
		for mode, want := range map[string][]byte{"lf": lf, "crlf": crlf} {
			out, errs, code := runCLI([]string{"convert", "--newline=" + mode}, in)
			if code != 0 || out != string(want) {
				t.Fatalf("--newline=%s of %+q: exit %d, %+q, want %+q: %s", mode, in, code, out, want, errs)
			}
		}
	})
}

// FuzzLineWidths feeds lineWidths in pieces and compares with measuring
// each line whole.
func FuzzLineWidths(f *testing.F) {
	f.Add("ab\r\n汉字\ne\u0301\u0301\n\U0001F1EC\U0001F1E7\U0001F1EC", uint16(3), uint8(2))
	f.Fuzz(func(t *testing.T, s string, split uint16, maxCols uint8) {
		if !utf8.ValidString(s) {
			return
		}
		for _, max := range []int{-1, int(maxCols % 8)} {
			var whole strings.Builder
			lines := strings.Split(s, "\n")
			if strings.HasSuffix(s, "\n") || s == "" {
				lines = lines[:len(lines)-1]
			}
			for _, l := range lines {
				l = strings.TrimSuffix(l, "\r")
				if max < 0 {
					fmt.Fprintln(&whole, width.String(l))
				} else {
					c, _ := width.Truncate(l, max)
					fmt.Fprintln(&whole, c)
				}
			}
			var got bytes.Buffer
			w := bufio.NewWriter(&got)
			lw := &lineWidths{max: max, w: w}
			// Split at a character boundary, as decoded chunks are.
			k := int(split) % (len(s) + 1)
			for k > 0 && k < len(s) && !utf8.RuneStart(s[k]) {
				k--
			}
			lw.feed([]byte(s[:k]), false)
			lw.feed([]byte(s[k:]), false)
			lw.feed(nil, true)
			w.Flush()
			if got.String() != whole.String() {
				t.Fatalf("max %d, split %d of %+q: %q, want %q", max, k, s, got.String(), whole.String())
			}
		}
	})
}

// FuzzNormChecker feeds the checker in two pieces and compares with
// checking segment by segment at once.
func FuzzNormChecker(f *testing.F) {
	f.Add("cafe\u0301 e\u0323\u0301 ﬁ 한", uint16(5))
	f.Fuzz(func(t *testing.T, s string, split uint16) {
		if !utf8.ValidString(s) {
			return
		}
		for _, form := range []norm.Form{norm.NFC, norm.NFD, norm.NFKC, norm.NFKD} {
			var got strings.Builder
			nc := newNormChecker(form, func(p transcode.Position, off int64, seg, want string) error {
				fmt.Fprintf(&got, "<stdin>:%d:%d: byte %d: not %s: %s (%s: %s)\n", p.Line, p.Column, off, formName(form), codePoints(seg), formName(form), codePoints(want))
				return nil
			})
			k := int(split) % (len(s) + 1)
			for k > 0 && k < len(s) && !utf8.RuneStart(s[k]) {
				k--
			}
			nc.feed([]byte(s[:k]), false)
			nc.feed([]byte(s[k:]), false)
			nc.feed(nil, true)
			if want := notNormalLines([]byte(s), form); got.String() != want {
				t.Fatalf("%s, split %d of %+q:\n%s\nwant:\n%s", formName(form), k, s, got.String(), want)
			}
		}
	})
}

// FuzzConvertLocates checks the place convert gives for the first bad
// sequence or unencodable character against a direct scan.
func FuzzConvertLocates(f *testing.F) {
	f.Add([]byte("ab\ncd\xc3\xa9"))
	f.Add([]byte("line\r\n\xe6\xb1"))
	f.Add([]byte("\xed\xa0\x80x"))
	f.Fuzz(func(t *testing.T, in []byte) {
		want, kind := -1, ""
		for i := 0; i < len(in); {
			r, size := utf8.DecodeRune(in[i:])
			if r == utf8.RuneError && size <= 1 {
				want, kind = i, "invalid"
				break
			}
			if r >= 0x80 {
				want, kind = i, "unmappable"
				break
			}
			i += size
		}
		out, errs, code := runCLI([]string{"convert", "-t", "us-ascii"}, in)
		if want < 0 {
			if code != 0 || out != string(in) {
				t.Fatalf("%+q: exit %d, %+q: %s", in, code, out, errs)
			}
			return
		}
		prefix := in[:want]
		line := 1 + bytes.Count(prefix, []byte{'\n'})
		col := 1 + utf8.RuneCount(prefix[bytes.LastIndexByte(prefix, '\n')+1:])
		at := fmt.Sprintf("<stdin>:%d:%d: byte %d: ", line, col, want)
		if code != ExitInvalid || !strings.HasPrefix(errs, at) {
			t.Fatalf("%+q: exit %d, stderr %q, want it to start with %q (%s)", in, code, errs, at, kind)
		}
		if kind == "unmappable" != strings.Contains(errs, "unmappable") {
			t.Fatalf("%+q: %q, want %s", in, errs, kind)
		}
		if out != string(prefix) {
			t.Fatalf("%+q: wrote %+q before stopping, want %+q", in, out, prefix)
		}
	})
}

// FuzzInspectDump checks that the hex dump never fails on any input and
// that each line starts with the offset of its first byte.
func FuzzInspectDump(f *testing.F) {
	f.Add([]byte("abc \xe6\xb1\x89\xff\n\xc0\xaf tail"), uint8(0))
	f.Add([]byte("\x1b$B0!\x1b(B"), uint8(6))
	f.Fuzz(func(t *testing.T, in []byte, which uint8) {
		enc := fuzzEncodings[int(which)%len(fuzzEncodings)]
		out, errs, code := runCLI([]string{"inspect", "--file", "-", "-f", enc}, in)
		if code != 0 && code != ExitInvalid {
			t.Fatalf("%s %+q: exit %d: %s", enc, in, code, errs)
		}
		// The dump lines, then a line per bad sequence (at most
		// maxListedBad), then "and N more bad sequences" when there were
		// more; every line ends with a newline.
		if out != "" && !strings.HasSuffix(out, "\n") {
			t.Fatalf("%s %+q: output does not end with a newline: %.80q", enc, in, out[max(0, len(out)-80):])
		}
		off, listed, more := 0, 0, false
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			switch {
			case more:
				t.Fatalf("%s %+q: line %q after the \"more bad sequences\" line", enc, in, l)
			case l == "":
			case strings.HasPrefix(l, "bad sequence at byte "):
				listed++
			case strings.HasPrefix(l, "and ") && strings.HasSuffix(l, " more bad sequences"):
				var n int
				if _, err := fmt.Sscanf(l, "and %d more bad sequences", &n); err != nil || n <= 0 || listed != maxListedBad {
					t.Fatalf("%s %+q: %q after %d listed bad sequences", enc, in, l, listed)
				}
				more = true
			case listed > 0:
				t.Fatalf("%s %+q: dump line %q after the bad sequences", enc, in, l)
			default:
				if want := fmt.Sprintf("%08x  ", off); !strings.HasPrefix(l, want) {
					t.Fatalf("%s %+q: line %q, want offset %s", enc, in, l, want)
				}
				off += 16
			}
		}
		if (len(in)+15)/16*16 != off {
			t.Fatalf("%s %+q: %d dump lines for %d bytes", enc, in, off/16, len(in))
		}
	})
}
