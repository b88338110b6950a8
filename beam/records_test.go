package ucsbeam

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/ucskit/ucs/beam/internal/testgen"
)

func init() {
	beam.RegisterFunction(readRecord)
	beam.RegisterType(reflect.TypeOf((*writeRecordFn)(nil)).Elem())
	beam.RegisterFunction(convertErrorJSON)
}

// readRecord makes a byte record of the file at path, named by its path.
func readRecord(path string, emit func(string, []byte)) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	emit(path, data)
	return nil
}

// writeRecordFn writes each record into Dir under its base name.
type writeRecordFn struct{ Dir string }

func (f *writeRecordFn) ProcessElement(ctx context.Context, name string, data []byte) error {
	return os.WriteFile(filepath.Join(f.Dir, filepath.Base(name)), data, 0o644)
}

func convertErrorJSON(e ConvertError, emit func(string)) {
	emit(strings.TrimSuffix(string(e.JSON()), "\n"))
}

// TestRecordsMatchCLI runs ValidateRecords, DetectRecords and
// ConvertRecords over byte records made of generated files and compares
// with the ucs command on the files.
func TestRecordsMatchCLI(t *testing.T) {
	_, files := smallFiles(t, 80)
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Path
	}
	out := t.TempDir()
	conv := filepath.Join(out, "conv")
	os.Mkdir(conv, 0o755)
	p, s := beam.NewPipelineWithRoot()
	recs := beam.ParDo(s, readRecord, beam.CreateList(s, paths))
	WriteLines(s, filepath.Join(out, "validate"), beam.ParDo(s, ValidateJSON, ValidateRecords(s, recs, ValidateOptions{Encoding: "euc-jp"})), 1)
	WriteLines(s, filepath.Join(out, "detect"), beam.ParDo(s, DetectJSON, DetectRecords(s, recs)), 1)
	ok, failed := ConvertRecords(s, recs, ConvertOptions{From: "utf-8", To: "shift_jis"})
	beam.ParDo0(s, &writeRecordFn{Dir: conv}, ok)
	WriteFile(s, filepath.Join(out, "errors.jsonl"), beam.ParDo(s, convertErrorJSON, failed))
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	validated, detected := readResults(t, filepath.Join(out, "validate")), readResults(t, filepath.Join(out, "detect"))
	errs, _ := os.ReadFile(filepath.Join(out, "errors.jsonl"))
	failures := map[string]ConvertError{}
	for _, line := range strings.Split(strings.TrimSpace(string(errs)), "\n") {
		var e ConvertError
		if json.Unmarshal([]byte(line), &e) == nil {
			failures[e.File] = e
		}
	}
	nok, nfail := 0, 0
	detectWant := detectLines(t, paths)
	for _, f := range paths {
		if want, _, _ := ucs(t, "validate", "--json", "-f", "euc-jp", f); validated[f]+"\n" != want {
			t.Errorf("validate %s:\n got %s\nwant %s", f, validated[f], want)
		}
		if want := detectWant[f]; detected[f]+"\n" != want {
			t.Errorf("detect %s:\n got %s\nwant %s", f, detected[f], want)
		}
		stdout, stderr, code := ucs(t, "convert", "-f", "utf-8", "-t", "shift_jis", f)
		got, rerr := os.ReadFile(filepath.Join(conv, filepath.Base(f)))
		if code == 0 {
			nok++
			if rerr != nil || !bytes.Equal(got, []byte(stdout)) {
				t.Errorf("convert %s: record differs from ucs convert (%v)", f, rerr)
			}
			continue
		}
		nfail++
		if rerr == nil {
			t.Errorf("convert %s: a record came out though ucs convert fails", f)
		}
		if e, found := failures[f]; !found || e.Message != strings.TrimSpace(stderr) {
			t.Errorf("convert %s: failure %q, want %q", f, e.Message, strings.TrimSpace(stderr))
		}
	}
	if nok == 0 || nfail == 0 {
		t.Errorf("%d records converted, %d failed: the set tests too little", nok, nfail)
	}
}

// TestFixRecordsMatchCLI runs FixRecords over byte records of generated
// files with mojibake (and some malformed ones) and compares with `ucs
// fix FILE`.
func TestFixRecordsMatchCLI(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "in")
	os.Mkdir(dir, 0o755)
	files, err := testgen.Mojibake(dir, 48, 23)
	if err != nil {
		t.Fatal(err)
	}
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Path
	}
	out := t.TempDir()
	fixed := filepath.Join(out, "fixed")
	os.Mkdir(fixed, 0o755)
	p, s := beam.NewPipelineWithRoot()
	recs := beam.ParDo(s, readRecord, beam.CreateList(s, paths))
	ok, failed := FixRecords(s, recs, FixOptions{})
	beam.ParDo0(s, &writeRecordFn{Dir: fixed}, ok)
	WriteFile(s, filepath.Join(out, "errors.jsonl"), beam.ParDo(s, convertErrorJSON, failed))
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	errs, _ := os.ReadFile(filepath.Join(out, "errors.jsonl"))
	failures := map[string]ConvertError{}
	for _, line := range strings.Split(strings.TrimSpace(string(errs)), "\n") {
		var e ConvertError
		if json.Unmarshal([]byte(line), &e) == nil {
			failures[e.File] = e
		}
	}
	changed, nfail := 0, 0
	for _, f := range paths {
		stdout, stderr, code := ucs(t, "fix", f)
		got, rerr := os.ReadFile(filepath.Join(fixed, filepath.Base(f)))
		if code == 0 {
			if rerr != nil || !bytes.Equal(got, []byte(stdout)) {
				t.Errorf("fix %s: record differs from ucs fix (%v)", f, rerr)
			}
			if in, _ := os.ReadFile(f); !bytes.Equal(in, got) {
				changed++
			}
			continue
		}
		nfail++
		if rerr == nil {
			t.Errorf("fix %s: a record came out though ucs fix fails", f)
		}
		e, found := failures[f]
		if !found || e.Message != strings.TrimSpace(stderr) {
			t.Errorf("fix %s: failure %q, want %q", f, e.Message, strings.TrimSpace(stderr))
		} else if e.Offset == nil || e.Line == 0 || e.Kind == "" {
			t.Errorf("fix %s: the failure has no place: %+v", f, e)
		}
	}
	if changed == 0 || nfail == 0 {
		t.Errorf("%d records changed, %d failed: the set tests too little", changed, nfail)
	}
}
