package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// mostlyUTF8 is Russian UTF-8 text with one stray byte, and the offset,
// line and column of that byte.
func mostlyUTF8() ([]byte, int, int, int) {
	line := "Съешь же ещё этих мягких французских булок, да выпей чаю.\n"
	text := strings.Repeat(line, 50)
	at := len(line)*3 + len("Съешь")
	b := append(append([]byte(text[:at]), 0xFF), text[at:]...)
	return b, at, 4, utf8.RuneCountInString("Съешь") + 1
}

// TestAutoMostlyUTF8 checks that -f auto takes UTF-8 with a stray byte for
// UTF-8 and stops at the byte with the strict decoder's error, instead of
// converting it as a legacy code page.
func TestAutoMostlyUTF8(t *testing.T) {
	b, at, line, col := mostlyUTF8()
	_, errs, code := runCLI([]string{"convert", "-f", "auto", "-t", "utf-16le"}, b)
	if code != ExitInvalid {
		t.Fatalf("exit %d, want %d:\n%s", code, ExitInvalid, errs)
	}
	if !strings.Contains(errs, "detected utf-8") || !strings.Contains(errs, "1 malformed sequence, the first at byte "+itoa(at)) {
		t.Errorf("stderr does not name the guess and its malformed byte:\n%s", errs)
	}
	if want := "<stdin>:" + itoa(line) + ":" + itoa(col) + ": byte " + itoa(at) + ":"; !strings.Contains(errs, want) {
		t.Errorf("stderr lacks the strict error %q:\n%s", want, errs)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestAutoInPlaceUnsure checks that -f auto --in-place leaves a file alone
// on a guess below 0.9 unless --force is given.
func TestAutoInPlaceUnsure(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	b, _, _, _ := mostlyUTF8()
	os.WriteFile(p, b, 0o644)
	_, errs, code := runCLI([]string{"convert", "-f", "auto", "--in-place", p}, nil)
	if code != ExitUnsure || !strings.Contains(errs, "not rewriting the file on a guess") {
		t.Errorf("exit %d, want %d:\n%s", code, ExitUnsure, errs)
	}
	if got, _ := os.ReadFile(p); !bytes.Equal(got, b) {
		t.Error("the file changed")
	}
	// With --force the guess is taken, and the strict decoder stops.
	_, errs, code = runCLI([]string{"convert", "-f", "auto", "--force", "--in-place", p}, nil)
	if code != ExitInvalid {
		t.Errorf("--force: exit %d, want %d:\n%s", code, ExitInvalid, errs)
	}
	if got, _ := os.ReadFile(p); !bytes.Equal(got, b) {
		t.Error("--force: the file changed")
	}
	// A sure guess is acted on.
	q := filepath.Join(dir, "b.txt")
	os.WriteFile(q, []byte(strings.Repeat("Grüße aus Köln, schöne Stadt. ", 20)), 0o644)
	if _, errs, code := runCLI([]string{"convert", "-f", "auto", "-t", "utf-16le", "--in-place", q}, nil); code != ExitOK {
		t.Errorf("sure guess: exit %d:\n%s", code, errs)
	}
}

// TestAutoASCIIHead checks that -f auto decides from the text after a
// long ASCII head.
func TestAutoASCIIHead(t *testing.T) {
	head := strings.Repeat("2026-11-25 INFO plain ASCII log line\n", 3000)
	gbk := []byte("\xba\xba\xd7\xd6\xba\xcd\xd6\xd0\xce\xc4\xce\xc4\xb1\xbe\xa3\xac\xd5\xe2\xca\xc7\xd2\xbb\xb8\xf6\xb2\xe2\xca\xd4\xa1\xa3")
	in := append([]byte(head), bytes.Repeat(gbk, 10)...)
	out, errs, code := runCLI([]string{"convert", "-f", "auto"}, in)
	if code != ExitOK || !strings.Contains(errs, "detected gbk") {
		t.Fatalf("exit %d:\n%s", code, errs)
	}
	if want := head + strings.Repeat("汉字和中文文本，这是一个测试。", 10); out != want {
		t.Errorf("output differs from the text (%d bytes, want %d)", len(out), len(want))
	}
}

// TestDetectInvalidJSON checks the JSON field that counts and locates the
// malformed sequences of mostly-UTF-8 text.
func TestDetectInvalidJSON(t *testing.T) {
	b, at, _, _ := mostlyUTF8()
	out, errs, code := runCLI([]string{"detect", "--json", "-"}, b)
	if code != ExitOK {
		t.Fatalf("exit %d:\n%s", code, errs)
	}
	if want := `"encoding":"utf-8"`; !strings.Contains(out, want) {
		t.Errorf("%s lacks %s", out, want)
	}
	if want := `"invalid":{"count":1,"first_offset":` + itoa(at) + `}`; !strings.Contains(out, want) {
		t.Errorf("%s lacks %s", out, want)
	}
}

// TestDetectHugeASCIIHead checks that ucs detect finds the text at the end
// of a regular file whose first 9 MiB are ASCII, reading a bounded part.
func TestDetectHugeASCIIHead(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big.log")
	head := bytes.Repeat([]byte("2026-11-25 INFO plain ASCII log line\n"), 9<<20/37)
	sjis := []byte("\x93\xfa\x96\x7b\x8c\xea\x82\xcc\x95\xb6\x8f\xcd\x82\xc5\x82\xb7\x81\x42") // 日本語の文章です。
	os.WriteFile(p, append(head, bytes.Repeat(append(sjis, '\n'), 20)...), 0o644)
	out, errs, code := runCLI([]string{"detect", p}, nil)
	if code != ExitOK || !strings.Contains(out, "shift_jis") {
		t.Errorf("exit %d, got %q:\n%s", code, out, errs)
	}
}

// TestAutoHugeASCIIHead checks that convert -f auto samples the rest of a
// regular file whose first 9 MiB are ASCII, and converts the whole file.
func TestAutoHugeASCIIHead(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big.log")
	head := bytes.Repeat([]byte("2026-11-25 INFO plain ASCII log line\n"), 9<<20/37)
	sjis := []byte("\x93\xfa\x96\x7b\x8c\xea\x82\xcc\x95\xb6\x8f\xcd\x82\xc5\x82\xb7\x81\x42\n") // 日本語の文章です。
	os.WriteFile(p, append(head, bytes.Repeat(sjis, 20)...), 0o644)
	out, errs, code := runCLI([]string{"convert", "-f", "auto", p}, nil)
	if code != ExitOK || !strings.Contains(errs, "detected shift_jis") {
		t.Fatalf("exit %d:\n%s", code, errs)
	}
	if want := string(head) + strings.Repeat("日本語の文章です。\n", 20); out != want {
		t.Errorf("output differs from the text (%d bytes, want %d)", len(out), len(want))
	}
}

// TestAutoISO2022CN converts ISO-2022-CN and -EXT text (as glibc's iconv
// writes it: GB 2312, CNS 11643 planes 1, 2 and 3) with -f auto.
func TestAutoISO2022CN(t *testing.T) {
	for _, tc := range []struct{ in, want, name string }{
		{"\x1b$)A\x0eVPND\x0f \x1b$)G\x0eT/\x0f \x1b$*H\x1bN!!\x0f\nabc \x1b$)A\x0eVP\x0f\n", "中文 們 乂\nabc 中\n", "iso-2022-cn"},
		{"a\x1b$+I\x1bO!.\n\x1b$)A\x0eVP\x0f\n", "", "iso-2022-cn-ext"},
	} {
		out, errs, code := runCLI([]string{"convert", "-f", "auto", "-t", "utf-8"}, []byte(tc.in))
		if code != 0 || !strings.Contains(errs, "detected "+tc.name) {
			t.Errorf("%q: exit %d:\n%s", tc.in, code, errs)
		}
		if tc.want != "" && out != tc.want {
			t.Errorf("%q: %q, want %q", tc.in, out, tc.want)
		}
	}
}
