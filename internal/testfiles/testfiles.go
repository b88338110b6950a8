// Package testfiles finds the files that the module's tests read.
//
// Three places hold them:
//   - testdata/ at the module root: the conformance data (UTF vectors,
//     Kuhn's files, WHATWG and WPT vectors, LDAP vectors, a sample of the
//     benchmark corpus). It ships with the module, so these tests run on a
//     fresh clone and from the module cache. [Testdata] fails the test when
//     a file is missing there, since that is a broken checkout.
//   - other folders of the module, such as the pinned mapping tables in
//     internal/gen/data ([Module]).
//   - the shared folder beside the repository, ../shared (or $UCS_SHARED):
//     the full benchmark corpus and the detection corpora, too large to
//     ship. [Shared] skips the test with the reason when it is absent, and
//     fails it instead when $UCS_REQUIRE_SHARED is set, so that a run that
//     is meant to be complete cannot pass by skipping.
//
// The package is imported by tests only. It takes the few methods it needs
// of testing.TB rather than importing package testing.
package testfiles

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"sync"
)

// TB is the part of testing.TB that the helpers call.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Skipf(format string, args ...any)
}

const modulePath = "github.com/ucskit/ucs"

var root struct {
	once sync.Once
	dir  string
	err  error
}

// Root returns the module's root folder: the nearest folder at or above
// the working directory whose go.mod declares github.com/ucskit/ucs. Tests
// run in their package's folder, so this works in a clone and in the
// module cache alike.
func Root() (string, error) {
	root.once.Do(func() {
		wd, err := os.Getwd()
		if err != nil {
			root.err = err
			return
		}
		for d := wd; ; d = filepath.Dir(d) {
			if declares(filepath.Join(d, "go.mod")) {
				root.dir = d
				return
			}
			if filepath.Dir(d) == d {
				break
			}
		}
		root.err = errors.New("no go.mod of " + modulePath + " at or above " + wd)
	})
	return root.dir, root.err
}

// declares reports whether the go.mod file at p is the module's own.
func declares(p string) bool {
	b, err := os.ReadFile(p)
	if err != nil {
		return false
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := bytes.Fields(sc.Bytes())
		if len(f) == 2 && string(f[0]) == "module" && string(bytes.Trim(f[1], `"`)) == modulePath {
			return true
		}
	}
	return false
}

// Module returns the path of rel, a slash-separated path from the module
// root, failing the test when the file is not there.
func Module(tb TB, rel string) string {
	tb.Helper()
	dir, err := Root()
	if err != nil {
		tb.Fatalf("test files: %v", err)
	}
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		tb.Fatalf("test file missing from the module: %v", err)
	}
	return p
}

// ReadModule reads the file that [Module] locates.
func ReadModule(tb TB, rel string) []byte {
	tb.Helper()
	return read(tb, Module(tb, rel))
}

// Testdata returns the path of rel inside the module's testdata folder.
func Testdata(tb TB, rel string) string {
	tb.Helper()
	return Module(tb, "testdata/"+rel)
}

// ReadTestdata reads rel inside the module's testdata folder.
func ReadTestdata(tb TB, rel string) []byte {
	tb.Helper()
	return read(tb, Testdata(tb, rel))
}

// SharedRoot returns the shared folder ($UCS_SHARED, else ../shared beside
// the module root) and whether it exists.
func SharedRoot() (string, bool) {
	dir := os.Getenv("UCS_SHARED")
	if dir == "" {
		r, err := Root()
		if err != nil {
			return "", false
		}
		dir = filepath.Join(filepath.Dir(r), "shared")
	}
	st, err := os.Stat(dir)
	return dir, err == nil && st.IsDir()
}

// Shared returns the path of rel inside the shared folder. When it is not
// there the test is skipped with the reason, or fails if
// $UCS_REQUIRE_SHARED is set.
func Shared(tb TB, rel string) string {
	tb.Helper()
	dir, _ := SharedRoot()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("UCS_REQUIRE_SHARED") != "" {
			tb.Fatalf("shared data missing: %s (%v), and UCS_REQUIRE_SHARED is set", p, err)
		}
		tb.Skipf("needs %s from the shared data folder, which is absent "+
			"(it is ../shared beside the repository, or $UCS_SHARED)", rel)
	}
	return p
}

// ReadShared reads the file that [Shared] locates.
func ReadShared(tb TB, rel string) []byte {
	tb.Helper()
	return read(tb, Shared(tb, rel))
}

// Corpus reads name, a file of the benchmark corpus (bench/corpus in the
// shared folder). Without the shared folder it reads the committed sample
// of the same file in testdata/corpus (the first few kilobytes of each
// UTF-8 file), so tests of real text still run; a file with no sample is
// skipped as [Shared] does.
func Corpus(tb TB, name string) []byte {
	tb.Helper()
	dir, shared := corpusDir(tb)
	p := filepath.Join(dir, filepath.FromSlash(name))
	if !shared && !exists(p) {
		return ReadShared(tb, "bench/corpus/"+name)
	}
	return read(tb, p)
}

// CorpusNames lists the names of the corpus files matching pattern (a
// filepath.Match pattern such as "*.utf8.txt"), sorted: those of the
// shared corpus when it is there, else those of the committed sample.
func CorpusNames(tb TB, pattern string) []string {
	tb.Helper()
	dir, _ := corpusDir(tb)
	m, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil || len(m) == 0 {
		tb.Fatalf("no corpus files %s in %s", pattern, dir)
	}
	names := make([]string, len(m))
	for i, p := range m {
		names[i] = filepath.Base(p)
	}
	return names
}

// corpusDir returns the folder of the corpus files and whether it is the
// shared one: the shared corpus when it exists or is required, else the
// committed sample.
func corpusDir(tb TB) (string, bool) {
	tb.Helper()
	if d, ok := SharedRoot(); ok && exists(filepath.Join(d, "bench", "corpus")) {
		return filepath.Join(d, "bench", "corpus"), true
	}
	if os.Getenv("UCS_REQUIRE_SHARED") != "" {
		return Shared(tb, "bench/corpus"), true
	}
	return Testdata(tb, "corpus"), false
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func read(tb TB, p string) []byte {
	tb.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		tb.Fatalf("test files: %v", err)
	}
	return b
}
