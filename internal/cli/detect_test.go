package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runDetectCLI(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	env := &Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}
	code = Main(env, append([]string{"detect"}, args...))
	return out.String(), errb.String(), code
}

func writeDetectFiles(t *testing.T) (dir string) {
	dir = t.TempDir()
	files := map[string][]byte{
		// 联通 in GBK, the classic bytes that look like UTF-8 and are not.
		"liantong.txt": {0xC1, 0xAA, 0xCD, 0xA8},
		"utf8.txt":     []byte("Grüße aus Köln, schöne Straße.\n"),
		"bom.txt":      []byte("\xEF\xBB\xBFThe quick brown fox jumps over the lazy dog.\n"),
		"ascii.txt":    []byte("Bush hid the facts"),
		// Russian in KOI8-R: "Привет, как дела? Всё хорошо, спасибо."
		"koi8.txt":     []byte("\xf0\xd2\xc9\xd7\xc5\xd4, \xcb\xc1\xcb \xc4\xc5\xcc\xc1? \xf7\xd3\xa3 \xc8\xcf\xd2\xcf\xdb\xcf, \xd3\xd0\xc1\xd3\xc9\xc2\xcf."),
		"one-byte.txt": {0xE9},
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestDetectPlain(t *testing.T) {
	dir := writeDetectFiles(t)
	p := func(n string) string { return filepath.Join(dir, n) }
	for _, tc := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{p("utf8.txt")}, p("utf8.txt") + ": utf-8 (confidence 0.99, language de)\n", ExitOK},
		{[]string{p("bom.txt")}, p("bom.txt") + ": utf-8 (confidence 1.00)\n", ExitOK},
		{[]string{p("ascii.txt")}, p("ascii.txt") + ": us-ascii (confidence 1.00)\n", ExitOK},
		{[]string{p("koi8.txt")}, p("koi8.txt") + ": koi8-r (confidence 1.00, language ru)\n", ExitOK},
		{[]string{"--min-confidence", "0.995", p("liantong.txt")}, p("liantong.txt") + ": gbk (confidence 0.98, language zh-Hans)\n", ExitUnsure},
	} {
		out, errs, code := runDetectCLI(t, "", tc.args...)
		if out != tc.want || code != tc.code || errs != "" {
			t.Errorf("ucs detect %q:\n got %q, stderr %q, exit %d\nwant %q, exit %d", tc.args, out, errs, code, tc.want, tc.code)
		}
	}
}

func TestDetectJSON(t *testing.T) {
	dir := writeDetectFiles(t)
	name := filepath.Join(dir, "liantong.txt")
	out, errs, code := runDetectCLI(t, "", "--json", "--all", name, "-")
	if code != ExitOK || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("want one line per file, got %q", out)
	}
	var got struct {
		File       string  `json:"file"`
		Encoding   string  `json:"encoding"`
		Confidence float64 `json:"confidence"`
		Language   string  `json:"language"`
		BOM        *bool   `json:"bom"`
		Candidates []struct {
			Encoding   string  `json:"encoding"`
			Confidence float64 `json:"confidence"`
		} `json:"candidates"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &got); err != nil {
		t.Fatalf("%v: %s", err, lines[0])
	}
	if got.File != name || got.Encoding != "gbk" || got.Language != "zh-Hans" || got.BOM == nil || *got.BOM {
		t.Errorf("got %+v", got)
	}
	if len(got.Candidates) < 2 || got.Candidates[0].Encoding != "gbk" {
		t.Errorf("--all: candidates %+v", got.Candidates)
	}
	for _, c := range got.Candidates {
		if c.Encoding == "utf-8" {
			t.Errorf("the GBK bytes of 联通 are not UTF-8, yet utf-8 is a candidate")
		}
	}
	// Standard input, named "-" as given; no candidates without --all.
	out, _, _ = runDetectCLI(t, "plain text\n", "--json", "-")
	if want := `{"file":"-","encoding":"us-ascii","confidence":1,"language":"","bom":false}` + "\n"; out != want {
		t.Errorf("stdin: got %q, want %q", out, want)
	}
}

func TestDetectUnsureAndErrors(t *testing.T) {
	dir := writeDetectFiles(t)
	one := filepath.Join(dir, "one-byte.txt")
	out, _, code := runDetectCLI(t, "", "--min-confidence", "0.99", one)
	if code != ExitUnsure || !strings.HasPrefix(out, one+": ") {
		t.Errorf("one byte: got %q, exit %d; want a guess and exit %d", out, code, ExitUnsure)
	}
	missing := filepath.Join(dir, "missing.txt")
	out, errs, code := runDetectCLI(t, "", missing, filepath.Join(dir, "utf8.txt"))
	if code != ExitIO || !strings.Contains(errs, missing) || !strings.Contains(out, "utf8.txt: utf-8") {
		t.Errorf("missing file: stdout %q, stderr %q, exit %d; want the other file reported and exit %d", out, errs, code, ExitIO)
	}
	for _, args := range [][]string{{}, {"--bogus", "x"}, {"--min-confidence", "2", "x"}, {"--min-confidence"}, {"--json=yes", "x"}} {
		_, errs, code := runDetectCLI(t, "", args...)
		if code != ExitUsage || errs == "" {
			t.Errorf("ucs detect %q: exit %d, stderr %q; want a usage error", args, code, errs)
		}
	}
	out, _, code = runDetectCLI(t, "", "--help")
	if code != ExitOK || !strings.Contains(out, "Usage: ucs detect") {
		t.Errorf("--help: exit %d, %q", code, out)
	}
}

func TestDetectAllPlain(t *testing.T) {
	dir := writeDetectFiles(t)
	name := filepath.Join(dir, "koi8.txt")
	out, _, code := runDetectCLI(t, "", "--all", name)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != ExitOK || len(lines) < 2 || lines[0] != name+": koi8-r (confidence 1.00, language ru)" {
		t.Fatalf("got %q, exit %d", out, code)
	}
	for _, l := range lines[1:] {
		if !strings.HasPrefix(l, "  ") || !strings.Contains(l, " (confidence ") {
			t.Errorf("candidate line %q: want an indented ENCODING (confidence X...)", l)
		}
	}
}
