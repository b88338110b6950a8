package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/ucskit/ucs/beam/internal/testgen"
)

var ucsBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "ucs-beam-test-")
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

// runCommand runs the command with args, as `ucs-beam args...` would.
func runCommand(t *testing.T, args ...string) error {
	t.Helper()
	for _, name := range []string{"op", "input", "output", "from", "to", "max-errors", "split-size", "shards"} {
		flag.Set(name, flag.Lookup(name).DefValue)
	}
	for _, a := range args {
		name, value, _ := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if err := flag.Set(name, value); err != nil {
			t.Fatal(err)
		}
	}
	return run()
}

func ucs(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	o, e, code, err := testgen.Run(ucsBin, args...)
	if err != nil {
		t.Fatal(err)
	}
	return string(o), string(e), code
}

// TestCommandForms runs the three forms of the command on generated files
// and compares with the ucs command: the lines of validate and detect
// (sorted, in files named PREFIX-...), and the outputs and _errors.jsonl
// of convert.
func TestCommandForms(t *testing.T) {
	in := t.TempDir()
	files, err := testgen.Small(in, 60, 5)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	glob := filepath.Join(in, "*.txt")
	for _, op := range []string{"validate", "detect"} {
		if err := runCommand(t, "--op="+op, "--input="+glob, "--output="+filepath.Join(out, op)); err != nil {
			t.Fatal(err)
		}
		names, _ := filepath.Glob(filepath.Join(out, op) + "*")
		if len(names) != 1 {
			t.Fatalf("%s: result files %v, want one", op, names)
		}
		got, _ := os.ReadFile(names[0])
		var want []string
		for _, f := range files {
			line, _, _ := ucs(t, op, "--json", f.Path)
			want = append(want, line)
		}
		sort.Strings(want)
		if string(got) != strings.Join(want, "") {
			t.Errorf("%s: %s differs from the ucs command's lines:\n got %.500s\nwant %.500s", op, names[0], got, strings.Join(want, ""))
		}
	}

	dir := filepath.Join(out, "converted")
	if err := runCommand(t, "--op=convert", "--from=utf-8", "--to=utf-16be", "--input="+glob, "--output="+dir); err != nil {
		t.Fatal(err)
	}
	errs, err := os.ReadFile(filepath.Join(dir, "_errors.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	failed := 0
	for _, f := range files {
		stdout, stderr, code := ucs(t, "convert", "-f", "utf-8", "-t", "utf-16be", f.Path)
		got, rerr := os.ReadFile(filepath.Join(dir, filepath.Base(f.Path)))
		if code != 0 {
			failed++
			if rerr == nil {
				t.Errorf("%s: written though ucs convert fails", f.Path)
			}
			if !bytes.Contains(errs, []byte(`"file":"`+f.Path+`"`)) {
				t.Errorf("%s: not in _errors.jsonl (%s)", f.Path, strings.TrimSpace(stderr))
			}
			continue
		}
		if rerr != nil || string(got) != stdout {
			t.Errorf("%s: output differs from ucs convert (%v)", f.Path, rerr)
		}
	}
	if n := bytes.Count(errs, []byte("\n")); n != failed || failed == 0 {
		t.Errorf("_errors.jsonl has %d lines; %d files fail", n, failed)
	}

	// No error: _errors.jsonl is there, empty (a stale one is replaced).
	os.WriteFile(filepath.Join(in, "ok.text"), []byte("fine\n"), 0o644)
	if err := runCommand(t, "--op=convert", "--from=utf-8", "--to=utf-16be", "--input="+filepath.Join(in, "*.text"), "--output="+dir); err != nil {
		t.Fatal(err)
	}
	if errs, err := os.ReadFile(filepath.Join(dir, "_errors.jsonl")); err != nil || len(errs) != 0 {
		t.Errorf("_errors.jsonl after a clean run: %q, %v", errs, err)
	}
}

// TestCommandUsage: a missing or unknown flag value is a usage error.
func TestCommandUsage(t *testing.T) {
	for _, args := range [][]string{
		{"--op=validate"},
		{"--op=convert", "--input=x", "--output=y", "--from=utf-8"},
		{"--op=fix", "--input=x", "--output=y"},
		{"--op=convert", "--input=x", "--output=y", "--from=utf-8", "--to=nosuch"},
	} {
		err := runCommand(t, args...)
		if _, ok := err.(usageError); !ok {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
}
