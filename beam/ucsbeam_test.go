package ucsbeam

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/metrics"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/ucskit/ucs/beam/internal/testgen"
	"github.com/ucskit/ucs/charset"
)

// ucsBin is the ucs command of the parent module, built for the tests.
var ucsBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "ucsbeam-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	ucsBin, err = testgen.BuildUCS(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// Prism logs each job's steps at level info: hundreds of lines.
	beamlog.LogLevel = "warn"
	code := ptest.MainRetWithDefault(m, "prism")
	os.RemoveAll(dir)
	os.Exit(code)
}

func matchFiles(s beam.Scope, glob string) beam.PCollection {
	return fileio.ReadMatches(s, fileio.MatchFiles(s, glob), fileio.ReadUncompressed())
}

// readResults reads the JSON lines of the files PREFIX-*, keyed by their
// "file".
func readResults(t *testing.T, prefix string) map[string]string {
	t.Helper()
	names, _ := filepath.Glob(prefix + "-*.jsonl")
	if len(names) == 0 {
		t.Fatalf("no result files %s-*.jsonl", prefix)
	}
	out := map[string]string{}
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
			if line == "" {
				continue
			}
			var r struct{ File string }
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("%s: %q: %v", n, line, err)
			}
			if _, dup := out[r.File]; dup {
				t.Fatalf("two results for %s", r.File)
			}
			out[r.File] = line
		}
	}
	return out
}

func ucs(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	o, e, code, err := testgen.Run(ucsBin, args...)
	if err != nil {
		t.Fatal(err)
	}
	return string(o), string(e), code
}

func smallFiles(t *testing.T, n int) (string, []testgen.File) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "in")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	files, err := testgen.Small(dir, n, 19)
	if err != nil {
		t.Fatal(err)
	}
	return dir, files
}

// TestValidateMatchesCLI validates a few hundred files in many encodings,
// some damaged, against several encodings, and compares every line with
// `ucs validate --json`.
func TestValidateMatchesCLI(t *testing.T) {
	dir, files := smallFiles(t, 260)
	out := t.TempDir()
	encs := []string{"utf-8", "shift_jis", "utf-16le", "iso-2022-jp", "gb18030"}
	p, s := beam.NewPipelineWithRoot()
	in := matchFiles(s, filepath.Join(dir, "*.txt"))
	for _, enc := range encs {
		res := Validate(s, in, ValidateOptions{Encoding: enc})
		WriteLines(s, filepath.Join(out, enc), beam.ParDo(s, ValidateJSON, res), 3)
	}
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	for _, enc := range encs {
		got := readResults(t, filepath.Join(out, enc))
		if len(got) != len(files) {
			t.Errorf("%s: %d results for %d files", enc, len(got), len(files))
		}
		valid, invalid := 0, 0
		for _, f := range files {
			want, _, _ := ucs(t, "validate", "--json", "-f", enc, f.Path)
			if got[f.Path]+"\n" != want {
				t.Errorf("-f %s %s:\n got %s\nwant %s", enc, f.Path, got[f.Path], want)
			}
			if strings.Contains(want, `"valid":true`) {
				valid++
			} else {
				invalid++
			}
		}
		t.Logf("-f %s: %d valid, %d invalid", enc, valid, invalid)
		if valid == 0 || invalid == 0 {
			t.Errorf("-f %s: %d valid and %d invalid files: the set tests too little", enc, valid, invalid)
		}
	}
}

// TestDetectMatchesCLI compares every line with `ucs detect --json`.
func TestDetectMatchesCLI(t *testing.T) {
	dir, files := smallFiles(t, 260)
	out := t.TempDir()
	p, s := beam.NewPipelineWithRoot()
	res := Detect(s, matchFiles(s, filepath.Join(dir, "*.txt")))
	WriteLines(s, filepath.Join(out, "detect"), beam.ParDo(s, DetectJSON, res), 2)
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	got := readResults(t, filepath.Join(out, "detect"))
	if len(got) != len(files) {
		t.Errorf("%d results for %d files", len(got), len(files))
	}
	encs := map[string]bool{}
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Path
	}
	wants := detectLines(t, paths)
	for _, f := range files {
		want := wants[f.Path]
		if got[f.Path]+"\n" != want {
			t.Errorf("%s:\n got %s\nwant %s", f.Path, got[f.Path], want)
		}
		var r DetectResult
		json.Unmarshal([]byte(want), &r)
		encs[r.Encoding] = true
	}
	if len(encs) < 5 {
		t.Errorf("only %d distinct guesses: %v", len(encs), encs)
	}
}

// detectLines returns the line of `ucs detect --json FILE` for each of
// paths. Each ucs process spends about 0.1 s of CPU getting the detector
// ready, so the files go to one process (its lines are one per file, in
// order), and a few of them to a process of their own, to check that the
// lines are the same.
func detectLines(t *testing.T, paths []string) map[string]string {
	t.Helper()
	out, stderr, _ := ucs(t, append([]string{"detect", "--json"}, paths...)...)
	lines := strings.SplitAfter(out, "\n")
	lines = lines[:len(lines)-1]
	if len(lines) != len(paths) {
		t.Fatalf("ucs detect: %d lines for %d files: %s", len(lines), len(paths), stderr)
	}
	want := map[string]string{}
	for i, p := range paths {
		want[p] = lines[i]
		if i%(len(paths)/5+1) == 0 {
			if alone, _, _ := ucs(t, "detect", "--json", p); alone != lines[i] {
				t.Fatalf("ucs detect %s alone:\n%s\namong others:\n%s", p, alone, lines[i])
			}
		}
	}
	return want
}

// checkConverted compares the outputs in out and the lines of
// out/_errors.jsonl with what `ucs ARGS FILE` (convert or fix) does for
// each file.
func checkConverted(t *testing.T, out string, args []string, paths []string) (ok, failed int) {
	t.Helper()
	errs := map[string]ConvertError{}
	data, err := os.ReadFile(filepath.Join(out, "_errors.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if line == "" {
			continue
		}
		var e ConvertError
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("_errors.jsonl: %q: %v", line, err)
		}
		errs[e.File] = e
	}
	for _, p := range paths {
		stdout, stderr, code := ucs(t, append(args[:len(args):len(args)], p)...)
		cmd := strings.Join(args, " ")
		outPath := filepath.Join(out, filepath.Base(p))
		got, rerr := os.ReadFile(outPath)
		if code == 0 {
			ok++
			if rerr != nil {
				t.Errorf("%s: %s: no output: %v", cmd, p, rerr)
			} else if !bytes.Equal(got, []byte(stdout)) {
				t.Errorf("%s: %s: output differs from ucs (%d bytes, want %d)", cmd, p, len(got), len(stdout))
			}
			if e, bad := errs[p]; bad {
				t.Errorf("%s: reported as failed: %s", p, e.Message)
			}
			continue
		}
		failed++
		if rerr == nil {
			t.Errorf("%s: %s: ucs fails (%s) but an output was written", cmd, p, firstLine(stderr))
		}
		e, bad := errs[p]
		if !bad {
			t.Errorf("%s: %s: not in _errors.jsonl", cmd, p)
			continue
		}
		if e.Message != strings.TrimSpace(stderr) {
			t.Errorf("%s: %s:\n got %q\nwant %q", cmd, p, e.Message, strings.TrimSpace(stderr))
		}
		if !strings.HasPrefix(stderr, p+":") {
			// Not a positioned diagnostic (an unencodable byte order
			// mark is reported without line and column): the message
			// is all there is.
			continue
		}
		if e.Offset == nil || e.Line == 0 || e.Column == 0 || e.Kind == "" {
			t.Errorf("%s: error fields missing: %+v", p, e)
		} else if !strings.Contains(stderr, fmt.Sprintf("%s:%d:%d: byte %d: %s", p, e.Line, e.Column, *e.Offset, e.Kind)) {
			t.Errorf("%s: fields %d:%d: byte %d: %s not those of %q", p, e.Line, e.Column, *e.Offset, e.Kind, stderr)
		}
	}
	ents, _ := os.ReadDir(out)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
	return ok, failed
}

// TestConvertMatchesCLI converts a few hundred files between several
// pairs of encodings: every output is byte for byte that of `ucs
// convert`, every failure leaves no output and is in _errors.jsonl with
// the command's message and position.
func TestConvertMatchesCLI(t *testing.T) {
	dir, files := smallFiles(t, 260)
	cases := []struct {
		opts ConvertOptions
		args []string
		fail bool // some files fail, some not
	}{
		{ConvertOptions{From: "utf-8", To: "utf-16le"}, []string{"-f", "utf-8", "-t", "utf-16le"}, true},
		{ConvertOptions{From: "shift_jis", To: "utf-8"}, []string{"-f", "shift_jis", "-t", "utf-8"}, true},
		{ConvertOptions{From: "utf-8", To: "iso-8859-1"}, []string{"-f", "utf-8", "-t", "iso-8859-1"}, true},
		{ConvertOptions{From: "gbk", To: "gb18030"}, []string{"-f", "gbk", "-t", "gb18030"}, true},
		{ConvertOptions{From: "euc-kr", To: "utf-7"}, []string{"-f", "euc-kr", "-t", "utf-7"}, true},
		// The policies, with the command's flags.
		{ConvertOptions{From: "utf-8", To: "iso-8859-1", Invalid: "replace", Unmappable: "escape", Escape: "uplus"},
			[]string{"-f", "utf-8", "-t", "iso-8859-1", "--invalid=replace", "--unmappable=escape", "--escape=uplus"}, false},
		{ConvertOptions{From: "shift_jis", To: "utf-16be", Invalid: "escape", BOM: "add", Newline: "crlf"},
			[]string{"-f", "shift_jis", "-t", "utf-16be", "--invalid=escape", "--bom=add", "--newline=crlf"}, false},
		{ConvertOptions{From: "utf-8", To: "windows-1251", SkipAll: true, Newline: "lf"},
			[]string{"-f", "utf-8", "-t", "windows-1251", "-c", "--newline=lf"}, false},
		{ConvertOptions{From: "utf-8", To: "us-ascii//TRANSLIT", Replacement: "?", Invalid: "skip"},
			[]string{"-f", "utf-8", "-t", "us-ascii//TRANSLIT", "--replacement=?", "--invalid=skip"}, false},
		{ConvertOptions{From: "utf-16", To: "utf-8", Unmappable: "replace", BOM: "strip"},
			[]string{"-f", "utf-16", "-t", "utf-8", "--unmappable=replace", "--bom=strip"}, true},
	}
	outs := make([]string, len(cases))
	p, s := beam.NewPipelineWithRoot()
	in := matchFiles(s, filepath.Join(dir, "*.txt"))
	for i, c := range cases {
		if got := c.opts.Args(); strings.Join(got, " ") == "" {
			t.Fatalf("%+v: no flags", c.opts)
		}
		outs[i] = filepath.Join(t.TempDir(), "out")
		c.opts.OutputDir = outs[i]
		res := Convert(s, in, c.opts)
		WriteFile(s, filepath.Join(outs[i], "_errors.jsonl"), beam.ParDo(s, ErrorJSON, res))
	}
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Path
	}
	for i, c := range cases {
		args := append([]string{"convert"}, c.args...)
		ok, failed := checkConverted(t, outs[i], args, paths)
		t.Logf("%s: %d converted, %d failed", strings.Join(args, " "), ok, failed)
		if ok == 0 || (failed == 0) == c.fail {
			t.Errorf("%s: %d converted, %d failed: the set tests too little", strings.Join(args, " "), ok, failed)
		}
	}
}

// TestFixMatchesCLI repairs generated files, clean ones and ones with
// mojibake (text run through one or two wrong decodings with ucs's own
// codecs), and some with malformed bytes: every output is byte for byte
// that of `ucs fix FILE`, every failure is in _errors.jsonl with the
// command's message and position, and no output.
func TestFixMatchesCLI(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "in")
	os.Mkdir(dir, 0o755)
	files, err := testgen.Mojibake(dir, 120, 19)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		opts FixOptions
		args []string
	}{
		{FixOptions{}, nil},
		{FixOptions{NoLegacy: true, MaxLayers: 1}, []string{"--no-legacy", "--max-layers=1"}},
	}
	outs := make([]string, len(cases))
	p, s := beam.NewPipelineWithRoot()
	in := matchFiles(s, filepath.Join(dir, "*.txt"))
	for i, c := range cases {
		outs[i] = filepath.Join(t.TempDir(), "out")
		c.opts.OutputDir = outs[i]
		WriteFile(s, filepath.Join(outs[i], "_errors.jsonl"), beam.ParDo(s, ErrorJSON, Fix(s, in, c.opts)))
	}
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Path
	}
	for i, c := range cases {
		args := append([]string{"fix"}, c.args...)
		ok, failed := checkConverted(t, outs[i], args, paths)
		changed, same := 0, 0
		for _, f := range files {
			in, _ := os.ReadFile(f.Path)
			if out, err := os.ReadFile(filepath.Join(outs[i], filepath.Base(f.Path))); err == nil {
				if bytes.Equal(in, out) {
					same++
				} else {
					changed++
				}
			}
		}
		t.Logf("%s: %d repaired (%d changed, %d unchanged), %d failed", strings.Join(args, " "), ok, changed, same, failed)
		if changed == 0 || same == 0 || failed == 0 {
			t.Errorf("%s: %d changed, %d unchanged, %d failed: the set tests too little", strings.Join(args, " "), changed, same, failed)
		}
	}
}

// TestConvertInputInOutputDir: an input that lies in the output folder
// is not converted (its output would replace it) and is reported; the
// others are converted.
func TestConvertInputInOutputDir(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("a\n"), 0o644)
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "sub", "b.txt"), []byte("b\n"), 0o644)
	out := filepath.Join(dir, "out")
	p, s := beam.NewPipelineWithRoot()
	// The glob names the output folder by another path.
	in := matchFiles(s, filepath.Join(dir, "sub", "..", "*.txt"))
	res := Convert(s, in, ConvertOptions{From: "utf-8", To: "utf-16le", OutputDir: dir})
	res2 := Convert(s, matchFiles(s, filepath.Join(dir, "sub", "*.txt")), ConvertOptions{From: "utf-8", To: "utf-16le", OutputDir: out})
	WriteFile(s, filepath.Join(out, "_errors.jsonl"), beam.ParDo(s, ErrorJSON, beam.Flatten(s, res, res2)))
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "a.txt")); string(got) != "a\n" {
		t.Errorf("a.txt, in the output folder, was replaced: %q", got)
	}
	if got, _ := os.ReadFile(filepath.Join(out, "b.txt")); string(got) != "b\x00\n\x00" {
		t.Errorf("b.txt: %q", got)
	}
	data, _ := os.ReadFile(filepath.Join(out, "_errors.jsonl"))
	if n := strings.Count(string(data), "the input is in the output folder"); n != 1 || !strings.Contains(string(data), "a.txt") {
		t.Errorf("_errors.jsonl, want one refusal of a.txt:\n%s", data)
	}
}

func TestGlobReachesDir(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "out"), 0o755)
	os.Symlink(filepath.Join(dir, "out"), filepath.Join(dir, "link"))
	for _, c := range []struct {
		glob, dir string
		want      bool
	}{
		{dir + "/*.txt", dir, true},
		{dir + "/*.txt", dir + "/", true},
		{dir + "/*/*.txt", dir + "/out", true},
		{dir + "/o?t/*", dir + "/out", true},
		{dir + "/sub/../out/*", dir + "/out", true},
		{dir + "/link/*", dir + "/out", true},
		{dir + "/*.txt", dir + "/out", false},
		{dir + "/in/*.txt", dir + "/out", false},
		{"gs://b/in/*", "gs://b/in/", true},
		{"gs://b/**", "gs://b/x/out", true},
		{"gs://b/in/*", "gs://b/out", false},
	} {
		if got := GlobReachesDir(c.glob, c.dir); got != c.want {
			t.Errorf("GlobReachesDir(%q, %q) = %v", c.glob, c.dir, got)
		}
	}
}

// TestConvertSameNameFails: two inputs that would write the same output
// both fail, and neither is written.
func TestConvertSameNameFails(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"a", "b"} {
		os.Mkdir(filepath.Join(root, d), 0o755)
		os.WriteFile(filepath.Join(root, d, "x.txt"), []byte("text "+d+"\n"), 0o644)
	}
	os.WriteFile(filepath.Join(root, "a", "y.txt"), []byte("other\n"), 0o644)
	out := filepath.Join(root, "out")
	p, s := beam.NewPipelineWithRoot()
	res := Convert(s, matchFiles(s, filepath.Join(root, "*", "*.txt")), ConvertOptions{From: "utf-8", To: "utf-16le", OutputDir: out})
	WriteFile(s, filepath.Join(out, "_errors.jsonl"), beam.ParDo(s, ErrorJSON, res))
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "x.txt")); err == nil {
		t.Error("x.txt written though two inputs have that name")
	}
	if _, err := os.Stat(filepath.Join(out, "y.txt")); err != nil {
		t.Error("y.txt not written:", err)
	}
	data, _ := os.ReadFile(filepath.Join(out, "_errors.jsonl"))
	if n := strings.Count(string(data), "would write the same output"); n != 2 {
		t.Errorf("_errors.jsonl has %d clashes, want 2:\n%s", n, data)
	}
}

// bigFile writes a UTF-8 file of about size bytes with bad bytes at bad.
func bigFile(t *testing.T, size int, bad []int) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "big")
	os.Mkdir(dir, 0o755)
	p := filepath.Join(dir, "big.txt")
	if err := os.WriteFile(p, testgen.BigUTF8(size, bad, 7), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPlanPieces: a multi-MB file is cut after line feeds, never at a
// byte order mark, and skips a split point with no line feed near it.
func TestPlanPieces(t *testing.T) {
	p := bigFile(t, 6<<20, nil)
	data, _ := os.ReadFile(p)
	// A U+FEFF right after a line end where a cut would fall.
	i := bytes.IndexByte(data[2<<20:], '\n') + 2<<20 + 1
	copy(data[i:], "\uFEFF")
	os.WriteFile(p, data, 0o644)
	ps, err := planPieces(p, int64(len(data)), 1<<20, charset.MustLookup("utf-8"), func(off int64) (io.ReadCloser, error) {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		_, err = f.Seek(off, 0)
		return f, err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) < 4 {
		t.Fatalf("%d pieces, want at least 4", len(ps))
	}
	for k, pc := range ps {
		if pc.Index != k || pc.Count != len(ps) {
			t.Errorf("piece %d: %+v", k, pc)
		}
		if k == 0 {
			continue
		}
		if pc.Start != ps[k-1].End || pc.Start <= ps[k-1].Start {
			t.Errorf("piece %d starts at %d after [%d, %d)", k, pc.Start, ps[k-1].Start, ps[k-1].End)
		}
		if data[pc.Start-1] != '\n' {
			t.Errorf("piece %d starts at %d, not after a line feed", k, pc.Start)
		}
		if bytes.HasPrefix(data[pc.Start:], []byte("\uFEFF")) {
			t.Errorf("piece %d starts with U+FEFF", k)
		}
	}
	if ps[len(ps)-1].End != int64(len(data)) {
		t.Errorf("last piece ends at %d, want %d", ps[len(ps)-1].End, len(data))
	}
}

// badOffsets returns n offsets spread over size bytes, with some just
// around the 1 MiB marks where pieces are cut.
func badOffsets(size, n int) []int {
	var bad []int
	for m := 1 << 20; m < size; m += 1 << 20 {
		bad = append(bad, m-2, m-1, m, m+1, m+3)
	}
	for i := 0; len(bad) < n; i++ {
		bad = append(bad, (i*7919*131)%size)
	}
	return bad
}

// TestSplitValidateMatchesCLI validates a 6 MiB file in 1 MiB pieces: the
// offsets, lines and columns are those of `ucs validate --json` on the
// whole file, with and without the error limit.
func TestSplitValidateMatchesCLI(t *testing.T) {
	p := bigFile(t, 6<<20, badOffsets(6<<20, 160))
	out := t.TempDir()
	pl, s := beam.NewPipelineWithRoot()
	in := matchFiles(s, p)
	all := Validate(s, in, ValidateOptions{MaxErrors: -1, SplitSize: 1 << 20})
	WriteLines(s, filepath.Join(out, "all"), beam.ParDo(s, ValidateJSON, all), 1)
	capped := Validate(s, in, ValidateOptions{SplitSize: 1 << 20})
	WriteLines(s, filepath.Join(out, "capped"), beam.ParDo(s, ValidateJSON, capped), 1)
	whole := Validate(s, in, ValidateOptions{MaxErrors: -1, SplitSize: -1})
	WriteLines(s, filepath.Join(out, "whole"), beam.ParDo(s, ValidateJSON, whole), 1)
	pr, err := ptest.RunWithMetrics(pl)
	if err != nil {
		t.Fatal(err)
	}
	// Two of the three validations split the file, into at least four
	// pieces each.
	if f, n := counter(pr, "split-files"), counter(pr, "pieces"); f != 2 || n < 8 {
		t.Errorf("%d files split into %d pieces; want 2 files, at least 8 pieces", f, n)
	}
	wantAll, _, _ := ucs(t, "validate", "--json", "--max-errors", "0", p)
	wantCapped, _, _ := ucs(t, "validate", "--json", p)
	var r ValidateResult
	json.Unmarshal([]byte(wantAll), &r)
	if len(r.Errors) < 150 {
		t.Fatalf("the CLI finds %d errors; the test wants more than 100", len(r.Errors))
	}
	for name, want := range map[string]string{"all": wantAll, "capped": wantCapped, "whole": wantAll} {
		got := readResults(t, filepath.Join(out, name))[p]
		if got+"\n" != want {
			t.Errorf("%s: differs from the CLI:\n got %.300s...\nwant %.300s...", name, got, want)
		}
	}
}

// TestSplitConvertMatchesCLI converts a 6 MiB file in 1 MiB pieces: the
// output is that of `ucs convert`; with a bad byte in the fourth piece,
// the error's place is the CLI's and nothing is written.
func TestSplitConvertMatchesCLI(t *testing.T) {
	good := bigFile(t, 6<<20, nil)
	bad := bigFile(t, 6<<20, []int{3<<20 + 12345, 5 << 20})
	for _, tc := range []struct{ from, to, path string }{
		{"utf-8", "utf-16le", good},
		{"utf-8", "gb18030", good},
		{"utf-8", "utf-16le", bad},
		{"utf-8", "iso-8859-1", good}, // unmappable
	} {
		out := filepath.Join(t.TempDir(), "out")
		pl, s := beam.NewPipelineWithRoot()
		res := Convert(s, matchFiles(s, tc.path), ConvertOptions{From: tc.from, To: tc.to, OutputDir: out, SplitSize: 1 << 20})
		WriteFile(s, filepath.Join(out, "_errors.jsonl"), beam.ParDo(s, ErrorJSON, res))
		pr, err := ptest.RunWithMetrics(pl)
		if err != nil {
			t.Fatal(err)
		}
		if n := counter(pr, "pieces"); n < 4 {
			t.Errorf("%s -> %s: %d pieces, want at least 4", tc.from, tc.to, n)
		}
		checkConverted(t, out, []string{"convert", "-f", tc.from, "-t", tc.to}, []string{tc.path})
	}
}

// counter returns the committed value of the ucsbeam counter name.
func counter(pr beam.PipelineResult, name string) int64 {
	var n int64
	qr := pr.Metrics().Query(func(r metrics.SingleResult) bool { return r.Namespace() == "ucsbeam" && r.Name() == name })
	for _, c := range qr.Counters() {
		n += c.Result()
	}
	return n
}

// TestSplitValidateGB18030 splits a multi-MB GB18030 file (double- and
// four-byte sequences, bad bytes at the cuts): the result is the CLI's.
func TestSplitValidateGB18030(t *testing.T) {
	text := testgen.BigUTF8(5<<20, nil, 11)
	data, err := charset.MustLookup("gb18030").Codec.NewEncoder().Bytes(text)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range badOffsets(len(data), 120) {
		data[i] = 0xFF
	}
	p := filepath.Join(t.TempDir(), "big-gb18030.txt")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	pl, s := beam.NewPipelineWithRoot()
	res := Validate(s, matchFiles(s, p), ValidateOptions{Encoding: "gb18030", MaxErrors: -1, SplitSize: 1 << 20})
	WriteLines(s, filepath.Join(out, "v"), beam.ParDo(s, ValidateJSON, res), 1)
	pr, err := ptest.RunWithMetrics(pl)
	if err != nil {
		t.Fatal(err)
	}
	if n := counter(pr, "pieces"); n < 4 {
		t.Errorf("%d pieces, want at least 4", n)
	}
	want, _, _ := ucs(t, "validate", "--json", "-f", "gb18030", "--max-errors", "0", p)
	if got := readResults(t, filepath.Join(out, "v"))[p]; got+"\n" != want {
		t.Errorf("differs from the CLI:\n got %.300s...\nwant %.300s...", got, want)
	}
	if !strings.Contains(want, `"valid":false`) {
		t.Error("the file has no error: the test checks too little")
	}
}

// wideFile writes the text of BigUTF8 (with characters whose UTF-16 and
// UTF-32 units hold a 0A byte: U+0A0A, U+010A) in the fixed-order
// encoding enc, after bom, with bad code units (bad, a unit of the form)
// near the 1 MiB marks and a U+FEFF just after a line feed near one.
func wideFile(t *testing.T, name, enc string, bom []byte, bad uint32, size int) string {
	t.Helper()
	text := bytes.ReplaceAll(testgen.BigUTF8(size, nil, 13), []byte("lazy"), []byte("l\u0A0Az\u010Ay"))
	i := bytes.IndexByte(text[1<<19:], '\n') + 1<<19 + 1
	text = append(text[:i:i], append([]byte("\uFEFF"), text[i:]...)...)
	data, err := charset.MustLookup(enc).Codec.NewEncoder().Bytes(text)
	if err != nil {
		t.Fatal(err)
	}
	u := 2
	if strings.HasPrefix(enc, "utf-32") {
		u = 4
	}
	big := strings.HasSuffix(enc, "be")
	for m := 1 << 20; m < len(data); m += 1 << 20 {
		for _, d := range []int{-3 * u, -u, 0, u, 2 * u} {
			at := m + d - (m+d)%u
			for k := 0; k < u; k++ {
				shift := 8 * k
				if big {
					shift = 8 * (u - 1 - k)
				}
				data[at+k] = byte(bad >> shift)
			}
		}
	}
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, append(append([]byte(nil), bom...), data...), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSplitWideMatchesCLI validates UTF-16 and UTF-32 files of several
// MB in 1 MiB pieces, cut on code units after a line feed unit: with and
// without a BOM, little- and big-endian, and "utf-16"/"utf-32" reading
// the byte order from the BOM (big-endian without one), the offsets,
// lines and columns are those of `ucs validate --json` on the whole file;
// converting gives the CLI's output and error.
func TestSplitWideMatchesCLI(t *testing.T) {
	const size = 5 << 20 // of UTF-8; 1.5 MiB of it without a line feed
	files := []struct{ path, enc string }{
		{wideFile(t, "le.txt", "utf-16le", nil, 0xDC00, size), "utf-16le"},
		{wideFile(t, "be.txt", "utf-16be", nil, 0xD800, size), "utf-16be"},
		{wideFile(t, "bom-le.txt", "utf-16le", []byte{0xFF, 0xFE}, 0xDC00, size), "utf-16"},
		{wideFile(t, "bom-be.txt", "utf-16be", []byte{0xFE, 0xFF}, 0xDFFF, size), "utf-16"},
		{wideFile(t, "nobom.txt", "utf-16be", nil, 0xDC00, size), "utf-16"},
		{wideFile(t, "le32.txt", "utf-32le", nil, 0x110000, size*4/5), "utf-32le"},
		{wideFile(t, "bom-le32.txt", "utf-32le", []byte{0xFF, 0xFE, 0, 0}, 0xD800, size*4/5), "utf-32"},
		{wideFile(t, "nobom32.txt", "utf-32be", nil, 0x7FFFFFFF, size*4/5), "utf-32"},
	}
	// A last unit cut short.
	odd := files[2].path
	data, _ := os.ReadFile(odd)
	os.WriteFile(odd, append(data, 0x41), 0o644)

	out := t.TempDir()
	pl, s := beam.NewPipelineWithRoot()
	for i, f := range files {
		res := Validate(s, matchFiles(s, f.path), ValidateOptions{Encoding: f.enc, MaxErrors: -1, SplitSize: 1 << 20})
		WriteLines(s, filepath.Join(out, fmt.Sprint("v", i)), beam.ParDo(s, ValidateJSON, res), 1)
	}
	pr, err := ptest.RunWithMetrics(pl)
	if err != nil {
		t.Fatal(err)
	}
	if f, n := counter(pr, "split-files"), counter(pr, "pieces"); f != int64(len(files)) || n < 4*int64(len(files)) {
		t.Errorf("%d files split into %d pieces; want %d files, at least %d pieces", f, n, len(files), 4*len(files))
	}
	for i, f := range files {
		want, _, _ := ucs(t, "validate", "--json", "-f", f.enc, "--max-errors", "0", f.path)
		var r ValidateResult
		json.Unmarshal([]byte(want), &r)
		if len(r.Errors) < 10 || r.Errors[len(r.Errors)-1].Line < 1000 {
			t.Errorf("%s: the CLI finds %d errors: the test checks too little", f.path, len(r.Errors))
		}
		if got := readResults(t, filepath.Join(out, fmt.Sprint("v", i)))[f.path]; got+"\n" != want {
			t.Errorf("-f %s %s: differs from the CLI:\n got %.400s...\nwant %.400s...", f.enc, filepath.Base(f.path), got, want)
		}
	}

	// Convert: a good file with a BOM, and a bad one.
	good := filepath.Join(t.TempDir(), "good16.txt")
	text := bytes.ReplaceAll(testgen.BigUTF8(size, nil, 17), []byte("lazy"), []byte("l\u0A0Az\u010Ay"))
	enc, _ := charset.MustLookup("utf-16le").Codec.NewEncoder().Bytes(text)
	os.WriteFile(good, append([]byte{0xFF, 0xFE}, enc...), 0o644)
	for _, tc := range []struct{ from, to, path string }{
		{"utf-16", "utf-8", good},
		{"utf-16", "utf-32le", good},
		{"utf-16", "utf-8", files[4].path}, // no BOM, big-endian, bad units
		{"utf-32", "utf-16be", files[6].path},
	} {
		out := filepath.Join(t.TempDir(), "out")
		pl, s := beam.NewPipelineWithRoot()
		res := Convert(s, matchFiles(s, tc.path), ConvertOptions{From: tc.from, To: tc.to, OutputDir: out, SplitSize: 1 << 20})
		WriteFile(s, filepath.Join(out, "_errors.jsonl"), beam.ParDo(s, ErrorJSON, res))
		pr, err := ptest.RunWithMetrics(pl)
		if err != nil {
			t.Fatal(err)
		}
		if n := counter(pr, "pieces"); n < 4 {
			t.Errorf("%s -> %s: %d pieces, want at least 4", tc.from, tc.to, n)
		}
		checkConverted(t, out, []string{"convert", "-f", tc.from, "-t", tc.to}, []string{tc.path})
	}
}

// TestLineCounterWide: line feed units are counted on unit boundaries
// however the reads cut the units.
func TestLineCounterWide(t *testing.T) {
	text := "a\n\u0A0A\u010A\nb\u0A00\n\n"
	for _, enc := range []string{"utf-16le", "utf-16be", "utf-32le", "utf-32be"} {
		data, _ := charset.MustLookup(enc).Codec.NewEncoder().Bytes([]byte(text))
		for _, chunk := range []int{1, 2, 3, 5, 64} {
			c := newLineCounter(&iotest{data, chunk}, enc)
			io.Copy(io.Discard, c)
			if c.lines != 4 {
				t.Errorf("%s, reads of %d: %d lines, want 4", enc, chunk, c.lines)
			}
		}
	}
}

// iotest reads data n bytes at a time.
type iotest struct {
	data []byte
	n    int
}

func (r *iotest) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), r.n)], r.data)
	r.data = r.data[k:]
	return k, nil
}

// TestPlanPiecesWide: UTF-16 and UTF-32 files are cut on code unit
// boundaries of the whole file, just after a line feed unit, never before
// a U+FEFF unit; the pieces after the first are read in the file's byte
// order.
func TestPlanPiecesWide(t *testing.T) {
	for _, tc := range []struct {
		enc, cs, want string
		bom           []byte
		unit          int
		big           bool
	}{
		{"utf-16le", "utf-16", "utf-16le", []byte{0xFF, 0xFE}, 2, false},
		{"utf-16be", "utf-16", "utf-16be", nil, 2, true},
		{"utf-16be", "utf-16be", "utf-16be", nil, 2, true},
		{"utf-32le", "utf-32", "utf-32le", []byte{0xFF, 0xFE, 0, 0}, 4, false},
		{"utf-32be", "utf-32be", "utf-32be", nil, 4, true},
	} {
		p := wideFile(t, "w.txt", tc.enc, tc.bom, 0xDC00, 5<<20)
		data, _ := os.ReadFile(p)
		w := wide{tc.unit, tc.big}
		// A U+FEFF after the first line feed unit past the 2 MiB mark,
		// where the cut would fall.
		for i := 2 << 20; i+2*tc.unit <= len(data); i += tc.unit {
			if w.isUnit(data[i:], '\n') {
				feff, _ := charset.MustLookup(tc.enc).Codec.NewEncoder().Bytes([]byte("\uFEFF"))
				copy(data[i+tc.unit:], feff)
				break
			}
		}
		os.WriteFile(p, data, 0o644)
		ps, err := planPieces(p, int64(len(data)), 1<<20, charset.MustLookup(tc.cs), func(off int64) (io.ReadCloser, error) {
			f, err := os.Open(p)
			if err != nil {
				return nil, err
			}
			_, err = f.Seek(off, 0)
			return f, err
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) < 4 {
			t.Fatalf("%s: %d pieces, want at least 4", tc.enc, len(ps))
		}
		for k, pc := range ps {
			if pc.Wide != tc.want {
				t.Errorf("%s: piece %d read as %q, want %q", tc.enc, k, pc.Wide, tc.want)
			}
			if k == 0 {
				continue
			}
			if pc.Start != ps[k-1].End || pc.Start%int64(tc.unit) != 0 {
				t.Errorf("%s: piece %d starts at %d", tc.enc, k, pc.Start)
			}
			if !w.isUnit(data[pc.Start-int64(tc.unit):], '\n') {
				t.Errorf("%s: piece %d starts at %d, not after a line feed unit", tc.enc, k, pc.Start)
			}
			if w.isUnit(data[pc.Start:], 0xFEFF) {
				t.Errorf("%s: piece %d starts with U+FEFF", tc.enc, k)
			}
		}
	}
}
