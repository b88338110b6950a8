//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
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

// TestConvertInPlaceKeepsOwner needs root to give the file away first.
func TestConvertInPlaceKeepsOwner(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("only root can give a file to another user")
	}
	f := filepath.Join(t.TempDir(), "f")
	os.WriteFile(f, []byte("\xe9"), 0o600)
	os.Chmod(f, 0o664) // past the umask
	if err := os.Chown(f, 65534, 65534); err != nil {
		t.Skip(err)
	}
	if _, errs, code := runCLI([]string{"convert", "-f", "latin1", "-i", f}, nil); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	st, _ := os.Stat(f)
	s := st.Sys().(*syscall.Stat_t)
	if s.Uid != 65534 || s.Gid != 65534 || st.Mode().Perm() != 0o664 {
		t.Errorf("owner %d:%d mode %v, want 65534:65534 0664", s.Uid, s.Gid, st.Mode().Perm())
	}
	if b, _ := os.ReadFile(f); string(b) != "é" {
		t.Errorf("content %q", b)
	}
}

// TestConvertOutputDevice writes -o /dev/null directly: nothing is renamed
// over a device, and no temporary file appears in /dev.
func TestConvertOutputDevice(t *testing.T) {
	before, _ := os.ReadDir("/dev")
	if _, errs, code := runCLI([]string{"convert", "-t", "utf-16le", "-o", "/dev/null"}, []byte("text")); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	st, err := os.Stat("/dev/null")
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("/dev/null is no longer a device: %v %v", st, err)
	}
	if after, _ := os.ReadDir("/dev"); len(after) != len(before) {
		t.Errorf("/dev has %d entries, had %d", len(after), len(before))
	}
	_, errs, code := runCLI([]string{"convert", "-o", t.TempDir()}, []byte("text"))
	if code != ExitIO || !strings.Contains(errs, "is a directory") {
		t.Errorf("-o DIR: exit %d: %s", code, errs)
	}
}
