package cli

import (
	"fmt"
	"unicode/utf8"

	"bytes"
	"encoding/json"
	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/detect"
	"os"
	"path/filepath"
	"regexp"
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
		{[]string{"--min-confidence", "0.995", p("liantong.txt")}, p("liantong.txt") + ": gbk (confidence 0.85, language zh-Hans)\n", ExitUnsure},
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

// misdecode returns text as a program that took its UTF-8 bytes for
// windows-1252 would save it: each byte decoded by the project's codec and
// the result written as UTF-8.
func misdecode(t *testing.T, text string) string {
	t.Helper()
	cs, err := charset.Lookup("windows-1252")
	if err != nil {
		t.Fatal(err)
	}
	out, err := cs.Codec.NewDecoder().String(text)
	if err != nil {
		t.Fatalf("decoding %q as windows-1252: %v", text, err)
	}
	return out
}

// noLanguage matches the language of a detection, in text and JSON.
var noLanguage = regexp.MustCompile(`, language [a-zA-Z-]+|"language":"[a-zA-Z-]*",`)

func TestDetectMojibakeHint(t *testing.T) {
	dir := t.TempDir()
	clean := "Le café est prêt.\nplain line\nVoilà, déjà vu: l’été à Noël.\n"
	double := misdecode(t, clean)
	triple := misdecode(t, double)
	if double == clean || triple == double || !utf8.ValidString(triple) {
		t.Fatalf("test texts not garbled as meant: %q %q", double, triple)
	}
	files := map[string]string{"clean.txt": clean, "double.txt": double, "triple.txt": triple,
		// Only the third line is mojibake; with a BOM, and no final LF.
		"mixed.txt": "\uFEFFplain line\nLe café est prêt.\n" + misdecode(t, "déjà vu")}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := func(n string) string { return filepath.Join(dir, n) }
	for _, tc := range []struct {
		file, text, json string
	}{
		{"clean.txt", ": utf-8 (confidence 0.99, language fr)\n",
			`{"file":"F","encoding":"utf-8","confidence":0.99,"language":"fr","bom":false}`},
		{"double.txt", ": utf-8 (confidence 0.99, language fr)\nF: looks like mojibake: ucs fix would change 2 of 3 lines, the first line 1\n",
			`{"file":"F","encoding":"utf-8","confidence":0.99,"language":"fr","bom":false,"mojibake":{"lines":2,"examined_lines":3,"first_line":1,"first_offset":0,"whole":true,"examined_from":0}}`},
		{"triple.txt", ": utf-8 (confidence 0.99, language fr)\nF: looks like mojibake: ucs fix would change 2 of 3 lines, the first line 1\n",
			`{"file":"F","encoding":"utf-8","confidence":0.99,"language":"fr","bom":false,"mojibake":{"lines":2,"examined_lines":3,"first_line":1,"first_offset":0,"whole":true,"examined_from":0}}`},
		{"mixed.txt", ": utf-8 (confidence 1.00, language fr)\nF: looks like mojibake: ucs fix would change 1 of 3 lines, the first line 3\n",
			`{"file":"F","encoding":"utf-8","confidence":1,"language":"fr","bom":true,"mojibake":{"lines":1,"examined_lines":3,"first_line":3,"first_offset":34,"whole":true,"examined_from":0}}`},
	} {
		// The language is the detector's guess for garbled text; what is
		// checked here is the hint.
		name := p(tc.file)
		out, errs, code := runDetectCLI(t, "", name)
		out = noLanguage.ReplaceAllString(out, "")
		want := name + noLanguage.ReplaceAllString(strings.ReplaceAll(tc.text, "F:", name+":"), "")
		if out != want || errs != "" || code != ExitOK {
			t.Errorf("ucs detect %s:\n got %q, stderr %q, exit %d\nwant %q", tc.file, out, errs, code, want)
		}
		out, errs, code = runDetectCLI(t, "", "--json", name)
		out = noLanguage.ReplaceAllString(out, "")
		fn, _ := json.Marshal(name)
		want = noLanguage.ReplaceAllString(strings.Replace(tc.json, `"F"`, string(fn), 1), "") + "\n"
		if out != want || errs != "" || code != ExitOK {
			t.Errorf("ucs detect --json %s:\n got %s stderr %q, exit %d\nwant %s", tc.file, out, errs, code, want)
		}
	}
	// The same through standard input.
	out, _, _ := runDetectCLI(t, double, "-")
	if !strings.Contains(out, "-: looks like mojibake: ucs fix would change 2 of 3 lines") {
		t.Errorf("stdin: got %q", out)
	}
}

// TestDetectMojibakeHintPartial checks that the count is said to cover
// only the examined part of a long input.
func TestDetectMojibakeHintPartial(t *testing.T) {
	dir := t.TempDir()
	line := misdecode(t, "Le café est prêt, voilà.") + "\n"
	var long strings.Builder
	for long.Len() < 3*detect.ReaderPrefix {
		long.WriteString(line)
	}
	ascii := strings.Repeat("plain ASCII line of a long head\n", 2*detect.ReaderPrefix/32)
	files := map[string]string{"long.txt": long.String(), "ascii-head.txt": ascii + "ok\n" + line}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, _, code := runDetectCLI(t, "", "--json", filepath.Join(dir, "long.txt"), filepath.Join(dir, "ascii-head.txt"))
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != ExitOK || len(lines) != 2 {
		t.Fatalf("got %q, exit %d", out, code)
	}
	var got [2]struct {
		Mojibake *struct {
			Lines, ExaminedLines, FirstLine int
			FirstOffset, ExaminedFrom       int64
			Whole                           bool
		} `json:"mojibake"`
	}
	for i := range lines {
		if err := json.Unmarshal([]byte(strings.NewReplacer("_", "").Replace(lines[i])), &got[i]); err != nil {
			t.Fatal(err)
		}
		if got[i].Mojibake == nil {
			t.Fatalf("no mojibake field in %s", lines[i])
		}
	}
	m := got[0].Mojibake
	if m.Whole || m.ExaminedFrom != 0 || m.Lines != m.ExaminedLines || m.FirstLine != 1 ||
		int64(m.ExaminedLines*len(line)) > detect.ReaderPrefix || m.ExaminedLines*len(line) >= long.Len() {
		t.Errorf("long file: %+v; want every examined line counted, at most %d bytes of %d", m, detect.ReaderPrefix, long.Len())
	}
	m = got[1].Mojibake
	if m.Whole || m.ExaminedFrom <= 0 || m.Lines != 1 || m.FirstLine != 0 || m.FirstOffset != int64(len(ascii)+3) {
		t.Errorf("after an ASCII head: %+v; want 1 line at byte %d, no line number", m, len(ascii)+3)
	}
	text, _, _ := runDetectCLI(t, "", filepath.Join(dir, "long.txt"), filepath.Join(dir, "ascii-head.txt"))
	for _, w := range []string{
		fmt.Sprintf("long.txt: looks like mojibake: ucs fix would change %d of the first %d lines (the part examined), the first line 1\n", got[0].Mojibake.Lines, got[0].Mojibake.ExaminedLines),
		fmt.Sprintf("ascii-head.txt: looks like mojibake: ucs fix would change 1 of %d line%s examined from byte %d, the first at byte %d\n", m.ExaminedLines, plural(m.ExaminedLines), m.ExaminedFrom, len(ascii)+3),
	} {
		if !strings.Contains(text, w) {
			t.Errorf("text output %q lacks %q", text, w)
		}
	}
}

// TestDetectNoMojibakeHintOnCleanText: correct UTF-8 text in many
// languages, including letters that mojibake is made of, gets no hint.
func TestDetectNoMojibakeHintOnCleanText(t *testing.T) {
	dir := t.TempDir()
	names, err := filepath.Glob("../../testdata/corpus/*.utf8.txt")
	if err != nil || len(names) == 0 {
		t.Fatalf("no committed corpus samples (%v)", err)
	}
	for i, text := range []string{
		"IRMÃ E IRMÃO: A MÃE DA IRMÃ\nNÃO, É ASSIM. Ação, coração, pão.\n",                           // Portuguese capitals
		"ÎN ROMÂNIA, Â ȘI Î SUNT LITERE. Câine, mâine, pâine.\n",                                     // Romanian
		"Ðórður og Þórður fóru í ÐANS. Eiður, bróðir, Æsa.\n",                                        // Icelandic
		"İSTANBUL'DA İKİ İNSAN: Işık, ığdır, şöyle, çünkü, ÖĞRENCİ.\n",                               // Turkish
		"Tiếng Việt có dấu: Nguyễn, Đặng, người, được.\n",                                            // Vietnamese
		"Prices: 5 € , £3, ¥100, ±2 °C, ½ × ¼, “quoted” — ‘single’ … ©®™\n",                          // symbols
		"┌──┬──┐\n│ab│cd│\n└──┴──┘\n👩‍👩‍👧 🇵🇹 👍🏽\n",                                                   // box drawing, emoji
		"Ã is a letter, and so are Â and Ð.\nŽ Š Đ Č Ć\n",                                            // letters that look like a lost A0
		"The file showed \"CafÃ©\" instead of \"Café\".\nMojibake turns é into Ã© and ’ into â€™.\n", // quoted mojibake
	} {
		name := filepath.Join(dir, fmt.Sprintf("clean%d.txt", i))
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	out, errs, _ := runDetectCLI(t, "", append([]string{"--json"}, names...)...)
	if errs != "" {
		t.Fatalf("stderr %q", errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(names) {
		t.Fatalf("%d lines for %d files: %q", len(lines), len(names), out)
	}
	for i, l := range lines {
		if !strings.Contains(l, `"encoding":"utf-8"`) && !strings.Contains(l, `"encoding":"us-ascii"`) {
			t.Errorf("%s: not detected as UTF-8, so not checked for mojibake: %s", names[i], l)
		}
		if strings.Contains(l, "mojibake") {
			t.Errorf("%s: correct text given a mojibake hint: %s", names[i], l)
		}
	}
	text, _, _ := runDetectCLI(t, "", names...)
	if strings.Contains(text, "mojibake") {
		t.Errorf("text output has a mojibake hint: %q", text)
	}
}

// TestMojibakeHintLimit checks that the hint looks at no more than
// hintLimit bytes of a sample, and says it did not see it all.
func TestMojibakeHintLimit(t *testing.T) {
	line := misdecode(t, "Le café est prêt, voilà.") + "\n"
	sample := []byte(strings.Repeat(line, 2*hintLimit/len(line)))
	m := mojibakeIn(detect.Candidate{Encoding: "utf-8"}, detect.Sample{Bytes: sample, Whole: true})
	if m == nil || m.Whole || m.Lines != m.ExaminedLines || m.ExaminedLines != hintLimit/len(line) {
		t.Errorf("got %+v; want the %d whole lines of the first %d bytes, not whole", m, hintLimit/len(line), hintLimit)
	}
	if m := mojibakeIn(detect.Candidate{Encoding: "utf-8", Invalid: 1}, detect.Sample{Bytes: sample, Whole: true}); m != nil {
		t.Errorf("UTF-8 with a malformed sequence: got %+v, want no hint", m)
	}
	if m := mojibakeIn(detect.Candidate{Encoding: "windows-1252"}, detect.Sample{Bytes: sample, Whole: true}); m != nil {
		t.Errorf("windows-1252: got %+v, want no hint", m)
	}
}
