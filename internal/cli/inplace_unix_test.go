//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
)

func TestConvertInPlaceRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "f.txt")
	os.WriteFile(f, []byte("x"), 0o644)
	// A temporary file of a process that no longer exists, one of a live
	// process (ours' parent), and one of another file.
	dead := filepath.Join(dir, ".f.txt.ucs-tmp-2147483646-1")
	live := filepath.Join(dir, ".f.txt.ucs-tmp-"+strconv.Itoa(os.Getppid())+"-2")
	other := filepath.Join(dir, ".g.txt.ucs-tmp-2147483646-3")
	for _, p := range []string{dead, live, other} {
		os.WriteFile(p, []byte("partial"), 0o600)
	}
	if err := syscall.Kill(2147483646, 0); err != syscall.ESRCH {
		t.Skipf("process 2147483646 unexpectedly exists: %v", err)
	}
	if _, errs, code := runCLI([]string{"convert", "-i", f}, nil); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if _, err := os.Stat(dead); !os.IsNotExist(err) {
		t.Errorf("stale temporary file not removed")
	}
	for _, p := range []string{live, other} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s removed: %v", p, err)
		}
	}
}
