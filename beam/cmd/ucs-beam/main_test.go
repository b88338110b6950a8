package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
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
	// Prism logs each job's steps at level info: hundreds of lines.
	beamlog.LogLevel = "warn"
	code := ptest.MainRetWithDefault(m, "prism")
	os.RemoveAll(dir)
	os.Exit(code)
}

// runCommand runs the command with args, as `ucs-beam args...` would.
func runCommand(t *testing.T, args ...string) error {
	t.Helper()
	for _, name := range []string{"op", "input", "output", "from", "to", "max-errors", "split-size", "shards",
		"invalid", "unmappable", "c", "escape", "replacement", "bom", "newline", "no-legacy", "max-layers"} {
		flag.Set(name, flag.Lookup(name).DefValue)
	}
	flag.CommandLine.SetOutput(io.Discard) // the usage a usage error prints
	for _, a := range args {
		name, value, ok := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !ok {
			value = "true"
		}
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
		// One ucs process for all the files (the lines are one per
		// file); ucsbeam's tests check that a file alone gives the same.
		args := []string{op, "--json"}
		for _, f := range files {
			args = append(args, f.Path)
		}
		all, _, _ := ucs(t, args...)
		want := strings.SplitAfter(all, "\n")
		want = want[:len(want)-1]
		if len(want) != len(files) {
			t.Fatalf("ucs %s: %d lines for %d files", op, len(want), len(files))
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
		{"--op=frobnicate", "--input=x", "--output=y"},
		{"--op=convert", "--input=x", "--output=y", "--from=utf-8", "--to=nosuch"},
		{"--op=convert", "--input=x", "--output=y", "--from=utf-8", "--to=latin1", "--invalid=bogus"},
		{"--op=convert", "--input=x", "--output=y", "--from=utf-8", "--to=latin1", "--bom=add"},
		{"--op=validate", "--input=x", "--output=y", "--invalid=replace"},
		{"--op=validate", "--input=x", "--output=y", "-c"},
		{"--op=fix", "--input=x", "--output=y", "--to=utf-8"},
		{"--op=fix", "--input=x", "--output=y", "--from=nosuch"},
		{"--op=fix", "--input=x", "--output=y", "--max-layers=0"},
		{"--op=convert", "--input=x", "--output=y", "--from=utf-8", "--to=latin1", "--no-legacy"},
	} {
		err := runCommand(t, args...)
		if _, ok := err.(usageError); !ok {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
}

// TestCommandRefusesOutputInInput: convert and fix refuse an input glob
// that can match files in the output folder, before any work, whether or
// not such files exist yet.
func TestCommandRefusesOutputInInput(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("a\n"), 0o644)
	for _, args := range [][]string{
		{"--op=convert", "--from=utf-8", "--to=utf-16le", "--input=" + filepath.Join(dir, "*.txt"), "--output=" + dir},
		{"--op=convert", "--from=utf-8", "--to=utf-16le", "--input=" + filepath.Join(dir, "*", "*.txt"), "--output=" + filepath.Join(dir, "out")},
		{"--op=fix", "--input=" + filepath.Join(dir, "*"), "--output=" + dir + "/"},
	} {
		err := runCommand(t, args...)
		if _, ok := err.(usageError); !ok || !strings.Contains(err.Error(), "can match files in the output folder") {
			t.Errorf("%v: %v, want a refusal", args, err)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "a.txt")); string(got) != "a\n" {
		t.Errorf("a.txt changed: %q", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "_errors.jsonl")); err == nil {
		t.Error("the refused run wrote _errors.jsonl")
	}
}

// TestCommandConvertPoliciesAndFix: --op convert with the policy flags of
// ucs convert, and --op fix, against the ucs command.
func TestCommandConvertPoliciesAndFix(t *testing.T) {
	in := t.TempDir()
	files, err := testgen.Small(in, 52, 7)
	if err != nil {
		t.Fatal(err)
	}
	mojiDir := t.TempDir()
	moji, err := testgen.Mojibake(mojiDir, 40, 7)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	for i, c := range []struct {
		flags []string // ucs-beam's
		cli   []string // ucs's
		files []testgen.File
		glob  string
	}{
		{[]string{"--op=convert", "--from=utf-8", "--to=iso-8859-1", "--invalid=replace", "--unmappable=escape", "--escape=xml", "--newline=crlf"},
			[]string{"convert", "-f", "utf-8", "-t", "iso-8859-1", "--invalid=replace", "--unmappable=escape", "--escape=xml", "--newline=crlf"}, files, in},
		{[]string{"--op=convert", "--from=utf-8", "--to=koi8-r", "-c", "--bom=strip"},
			[]string{"convert", "-f", "utf-8", "-t", "koi8-r", "-c", "--bom=strip"}, files, in},
		{[]string{"--op=convert", "--from=shift_jis", "--to=utf-8", "--unmappable=fail", "--invalid=fail"},
			[]string{"convert", "-f", "shift_jis", "-t", "utf-8"}, files, in},
		{[]string{"--op=fix"}, []string{"fix"}, moji, mojiDir},
		{[]string{"--op=fix", "--no-legacy", "--max-layers=1"}, []string{"fix", "--no-legacy", "--max-layers=1"}, moji, mojiDir},
	} {
		dir := filepath.Join(out, fmt.Sprint("out", i))
		if err := runCommand(t, append(c.flags, "--input="+filepath.Join(c.glob, "*.txt"), "--output="+dir)...); err != nil {
			t.Fatalf("%v: %v", c.flags, err)
		}
		errs, err := os.ReadFile(filepath.Join(dir, "_errors.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		failed, changed := 0, 0
		for _, f := range c.files {
			stdout, stderr, code := ucs(t, append(c.cli, f.Path)...)
			got, rerr := os.ReadFile(filepath.Join(dir, filepath.Base(f.Path)))
			if code != 0 {
				failed++
				if rerr == nil {
					t.Errorf("%v: %s: written though ucs fails", c.flags, f.Path)
				}
				if !bytes.Contains(errs, []byte(`"file":"`+f.Path+`"`)) || !bytes.Contains(errs, []byte(strings.TrimSpace(strings.ReplaceAll(firstLine(stderr), `"`, `\"`)))) {
					t.Errorf("%v: %s: not in _errors.jsonl with the message %q", c.flags, f.Path, firstLine(stderr))
				}
				continue
			}
			if rerr != nil || string(got) != stdout {
				t.Errorf("%v: %s: output differs from ucs (%v)", c.flags, f.Path, rerr)
			}
			if orig, _ := os.ReadFile(f.Path); string(orig) != stdout {
				changed++
			}
		}
		if n := bytes.Count(errs, []byte("\n")); n != failed {
			t.Errorf("%v: _errors.jsonl has %d lines; %d files fail", c.flags, n, failed)
		}
		t.Logf("%v: %d files, %d changed, %d failed", c.flags, len(c.files), changed, failed)
		if changed == 0 {
			t.Errorf("%v: no file changed: the test checks too little", c.flags)
		}
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
