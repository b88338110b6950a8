package main

import (
	"strings"
	"testing"
)

// TestMissingTrainingText checks that a run without the training text says
// what is missing and where it comes from, rather than only "no such file".
func TestMissingTrainingText(t *testing.T) {
	dir := t.TempDir()
	_, err := readManifest(dir)
	if err == nil {
		t.Fatal("readManifest of an empty folder succeeded")
	}
	for _, want := range []string{dir, "manifest.csv", "corpus/train", "-train DIR", "model.bin"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
}
