package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSourcesChecksums checks that every pinned file in data/ is listed in
// data/SOURCES.md with its SHA-256, and that the checksums still match.
func TestSourcesChecksums(t *testing.T) {
	md, err := os.ReadFile("data/SOURCES.md")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]string{}
	for _, line := range strings.Split(string(md), "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && len(f[0]) == 64 {
			listed[f[1]] = f[0]
		}
	}
	entries, err := os.ReadDir("data")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if e.Name() == "SOURCES.md" {
			continue
		}
		b, err := os.ReadFile(filepath.Join("data", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		want, ok := listed[e.Name()]
		if !ok {
			t.Errorf("data/%s is not listed in SOURCES.md", e.Name())
		} else if hex.EncodeToString(sum[:]) != want {
			t.Errorf("data/%s: SHA-256 %x, SOURCES.md says %s", e.Name(), sum, want)
		}
		n++
	}
	if n != len(listed) {
		t.Errorf("SOURCES.md lists %d files, data/ holds %d", len(listed), n)
	}
}
