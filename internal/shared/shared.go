// Package shared locates the project's shared data folder, ../shared
// beside the repository root: conformance vectors (testdata), the
// benchmark corpus (bench/corpus) and the detection corpora (corpus).
package shared

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Root returns the path of the shared folder: $UCS_SHARED when set, else
// ../shared beside the directory that holds the repository's top go.mod.
func Root() (string, error) {
	if d := os.Getenv("UCS_SHARED"); d != "" {
		return d, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	top := ""
	for d := wd; ; d = filepath.Dir(d) {
		if fileExists(filepath.Join(d, "go.mod")) && fileExists(filepath.Join(d, "README.md")) && dirExists(filepath.Join(d, ".ci")) {
			top = d
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	if top == "" {
		return "", errors.New("cannot find the repository root (a folder with go.mod, README.md and .ci)")
	}
	return filepath.Join(filepath.Dir(top), "shared"), nil
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

func dirExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// Path returns the path of rel inside the shared folder, failing the test
// with a clear message when it is missing.
func Path(tb testing.TB, rel string) string {
	tb.Helper()
	root, err := Root()
	if err != nil {
		tb.Fatalf("shared data: %v", err)
	}
	p := filepath.Join(root, rel)
	if _, err := os.Stat(p); err != nil {
		tb.Fatalf("shared data missing: %s (%v). The tests read ../shared beside the project root; "+
			"check it out there or set UCS_SHARED", p, err)
	}
	return p
}

// ReadFile reads rel inside the shared folder, failing the test when it
// cannot.
func ReadFile(tb testing.TB, rel string) []byte {
	tb.Helper()
	b, err := os.ReadFile(Path(tb, rel))
	if err != nil {
		tb.Fatalf("shared data: %v", err)
	}
	return b
}

// Testdata returns the path of rel inside shared/testdata.
func Testdata(tb testing.TB, rel string) string {
	tb.Helper()
	return Path(tb, filepath.Join("testdata", rel))
}

// Describe is a one-line explanation of where shared data is looked for.
func Describe() string {
	root, err := Root()
	if err != nil {
		return fmt.Sprintf("shared data not found: %v", err)
	}
	return "shared data at " + root
}
