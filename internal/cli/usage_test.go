package cli

import (
	"strings"
	"testing"
)

// TestEmptyEncodingIsUsageError: an empty -f or -t once meant UTF-8 in
// convert and inspect; every encoding flag now refuses an empty name.
func TestEmptyEncodingIsUsageError(t *testing.T) {
	for _, args := range [][]string{
		{"convert", "-f", "", "-"}, {"convert", "-t", "", "-"}, {"convert", "--from-code=", "-"}, {"convert", "--to-code=", "-"},
		{"convert", "-f", " ", "-"}, {"inspect", "-f", "", "--file", "-"}, {"validate", "-f", "", "-"},
		{"validate", "--encoding=", "-"}, {"normalize", "-f", "", "-"}, {"width", "-f", "", "--file", "-"},
	} {
		_, stderr, code := runCLI(args, []byte("abc"))
		if code != ExitUsage || !strings.Contains(stderr, "empty encoding name") {
			t.Errorf("%q: exit %d, stderr %q; want exit %d, an empty encoding name", args, code, stderr, ExitUsage)
		}
	}
}

// TestMinConfidenceNaN: NaN passed the range check (every comparison
// with NaN is false), and a 0.05 guess then exited 0.
func TestMinConfidenceNaN(t *testing.T) {
	for _, v := range []string{"NaN", "nan", "-NaN", "Inf", "-1", "1.5"} {
		_, stderr, code := runCLI([]string{"detect", "--min-confidence", v, "-"}, []byte("abc"))
		if code != ExitUsage || !strings.Contains(stderr, "between 0 and 1") {
			t.Errorf("--min-confidence %s: exit %d, stderr %q", v, code, stderr)
		}
	}
}

// TestUsageErrorsCutLongValues: a usage error once echoed a 120 KB flag
// value in full. The message keeps its start and end.
func TestUsageErrorsCutLongValues(t *testing.T) {
	huge := strings.Repeat("x", 120<<10)
	digits := strings.Repeat("9", 120<<10)
	for _, args := range [][]string{
		{"convert", "-f", huge, "-"}, {"convert", "-t", huge, "-"}, {"convert", "--invalid", huge, "-"},
		{"convert", "--bogus-" + huge}, {"validate", "--max-errors", digits, "-"}, {"validate", "--normalized", huge, "-"},
		{"detect", "--min-confidence", digits, "-"}, {"detect", "--" + huge}, {"inspect", "--color", huge},
		{"width", "--max", huge}, {"normalize", "--form", huge}, {huge}, {"help", huge}, {"bench", "--op", huge, "-"},
		{"validate", "-f", "é" + huge, "-"},
	} {
		_, stderr, code := runCLI(args, nil)
		if code != ExitUsage {
			t.Errorf("%.40q: exit %d, want %d", args, code, ExitUsage)
		}
		if len(stderr) > 1024 || !strings.Contains(stderr, "xxxx") && !strings.Contains(stderr, "9999") {
			t.Errorf("%.40q: %d bytes of message, want the value's start in at most 1 KiB: %.200q", args, len(stderr), stderr)
		}
	}
	if got := cutMiddle("é" + strings.Repeat("é", 400)); !strings.Contains(got, "left out") || strings.ToValidUTF8(got, "?") != got {
		t.Errorf("cutMiddle broke a character: %q", got)
	}
}

// TestWidthTextAndFileAgree: bad bytes in a TEXT argument once measured
// as if they were characters (exit 0) while the same bytes through --file
// stopped with exit 1. Both now stop with exit 1 and the same message.
func TestWidthTextAndFileAgree(t *testing.T) {
	for _, bad := range []string{"a\xffb", "\xc0\xaf", "x\xed\xa0\x80"} {
		for _, max := range [][]string{nil, {"--max", "3"}} {
			_, errText, codeText := runCLI(append(append([]string{"width"}, max...), "ok", bad), nil)
			_, errFile, codeFile := runCLI(append(append([]string{"width"}, max...), "--file", "-"), []byte(bad))
			if codeText != ExitInvalid || codeFile != ExitInvalid {
				t.Errorf("%+q %v: TEXT exit %d, --file exit %d; want %d for both", bad, max, codeText, codeFile, ExitInvalid)
			}
			if strings.Replace(errText, "TEXT 2:", "<stdin>:", 1) != errFile {
				t.Errorf("%+q %v: TEXT says %q, --file says %q", bad, max, errText, errFile)
			}
		}
	}
}
