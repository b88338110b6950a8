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
	for _, f := range files {
		want, _, _ := ucs(t, "detect", "--json", f.Path)
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

// checkConverted compares the outputs in out and the lines of
// out/_errors.jsonl with what `ucs convert -f from -t to FILE` does for
// each file.
func checkConverted(t *testing.T, out, from, to string, paths []string) (ok, failed int) {
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
		stdout, stderr, code := ucs(t, "convert", "-f", from, "-t", to, p)
		outPath := filepath.Join(out, filepath.Base(p))
		got, rerr := os.ReadFile(outPath)
		if code == 0 {
			ok++
			if rerr != nil {
				t.Errorf("%s -> %s: %s: no output: %v", from, to, p, rerr)
			} else if !bytes.Equal(got, []byte(stdout)) {
				t.Errorf("%s -> %s: %s: output differs from ucs convert (%d bytes, want %d)", from, to, p, len(got), len(stdout))
			}
			if e, bad := errs[p]; bad {
				t.Errorf("%s: reported as failed: %s", p, e.Message)
			}
			continue
		}
		failed++
		if rerr == nil {
			t.Errorf("%s -> %s: %s: ucs convert fails (%s) but an output was written", from, to, p, firstLine(stderr))
		}
		e, bad := errs[p]
		if !bad {
			t.Errorf("%s -> %s: %s: not in _errors.jsonl", from, to, p)
			continue
		}
		if e.Message != strings.TrimSpace(stderr) {
			t.Errorf("%s -> %s: %s:\n got %q\nwant %q", from, to, p, e.Message, strings.TrimSpace(stderr))
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
	pairs := [][2]string{{"utf-8", "utf-16le"}, {"shift_jis", "utf-8"}, {"utf-8", "iso-8859-1"}, {"gbk", "gb18030"}, {"euc-kr", "utf-7"}}
	outs := make([]string, len(pairs))
	p, s := beam.NewPipelineWithRoot()
	in := matchFiles(s, filepath.Join(dir, "*.txt"))
	for i, pr := range pairs {
		outs[i] = filepath.Join(t.TempDir(), "out")
		res := Convert(s, in, ConvertOptions{From: pr[0], To: pr[1], OutputDir: outs[i]})
		WriteFile(s, filepath.Join(outs[i], "_errors.jsonl"), beam.ParDo(s, ErrorJSON, res))
	}
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Path
	}
	for i, pr := range pairs {
		ok, failed := checkConverted(t, outs[i], pr[0], pr[1], paths)
		t.Logf("%s -> %s: %d converted, %d failed", pr[0], pr[1], ok, failed)
		if ok == 0 || failed == 0 {
			t.Errorf("%s -> %s: %d converted, %d failed: the set tests too little", pr[0], pr[1], ok, failed)
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
		checkConverted(t, out, tc.from, tc.to, []string{tc.path})
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
