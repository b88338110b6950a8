package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf16"
)

func TestConvertOutputAtomic(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	out := filepath.Join(dir, "out.txt")
	os.WriteFile(in, []byte("good text\nthen \xC0\xAF bad"), 0o644)
	os.WriteFile(out, []byte("precious"), 0o600)
	_, errs, code := runCLI([]string{"convert", "-t", "utf-16le", "-o", out, in}, nil)
	if code != ExitInvalid {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	if !strings.Contains(errs, in+":2:6: byte 15: overlong (bytes C0)") {
		t.Errorf("stderr %q does not locate the error", errs)
	}
	if b, _ := os.ReadFile(out); string(b) != "precious" {
		t.Errorf("failed run changed -o file: %q", b)
	}
	if left := listDir(t, dir); len(left) != 2 {
		t.Errorf("temporary files left behind: %v", left)
	}
	// A successful run replaces it and keeps its permissions.
	os.WriteFile(in, []byte("fine\n"), 0o644)
	if _, errs, code := runCLI([]string{"convert", "-t", "utf-16be", "-o", out, in}, nil); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, _ := os.ReadFile(out)
	if !bytes.Equal(b, []byte{0, 'f', 0, 'i', 0, 'n', 0, 'e', 0, '\n'}) {
		t.Errorf("output % X", b)
	}
	if st, _ := os.Stat(out); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600 kept", st.Mode().Perm())
	}
	if left := listDir(t, dir); len(left) != 2 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

func TestConvertRefusesOutputOnInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	os.WriteFile(in, []byte("keep me"), 0o644)
	_, errs, code := runCLI([]string{"convert", "-t", "utf-16le", "-o", in, in}, nil)
	if code != ExitUsage || !strings.Contains(errs, "names an input file") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if b, _ := os.ReadFile(in); string(b) != "keep me" {
		t.Errorf("input changed: %q", b)
	}
}

func TestConvertUnwritableDirectory(t *testing.T) {
	if os.Getuid() == 0 {
		t.Skip("root can write anywhere; the permission check cannot fail")
	}
	dir := t.TempDir()
	os.Chmod(dir, 0o500)
	defer os.Chmod(dir, 0o700)
	_, errs, code := runCLI([]string{"convert", "-o", filepath.Join(dir, "x"), "-"}, []byte("a"))
	if code != ExitIO {
		t.Fatalf("exit %d: %s", code, errs)
	}
}

func TestConvertMissingDirectory(t *testing.T) {
	_, errs, code := runCLI([]string{"convert", "-o", "/nonexistent/dir/x", "-"}, []byte("a"))
	if code != ExitIO || !strings.Contains(errs, "/nonexistent/dir/x") {
		t.Fatalf("exit %d: %s", code, errs)
	}
}

func TestConvertSeveralFiles(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.WriteFile(a, []byte("\xEF\xBB\xBFone\n"), 0o644)
	os.WriteFile(b, []byte("\xEF\xBB\xBFtwo\n"), 0o644)
	out, errs, code := runCLI([]string{"convert", a, b}, nil)
	if code != 0 || out != "\uFEFFone\ntwo\n" {
		t.Fatalf("exit %d, out %q: %s", code, out, errs)
	}
}

func listDir(t *testing.T, dir string) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// cyclicReader yields block over and over, n bytes in all, in reads of
// awkward sizes so that characters straddle chunk boundaries.
type cyclicReader struct {
	block []byte
	pos   int
	left  int64
	step  int
}

func (r *cyclicReader) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	r.step = r.step*7%4093 + 1
	n := min(len(p), r.step*16+1)
	if int64(n) > r.left {
		n = int(r.left)
	}
	for i := 0; i < n; {
		k := copy(p[i:n], r.block[r.pos:])
		i += k
		r.pos = (r.pos + k) % len(r.block)
	}
	r.left -= int64(n)
	return n, nil
}

// cyclicChecker checks that what is written is want, over and over.
type cyclicChecker struct {
	want []byte
	pos  int
	n    int64
	bad  error
}

func (w *cyclicChecker) Write(p []byte) (int, error) {
	for i := 0; i < len(p); {
		k := min(len(p)-i, len(w.want)-w.pos)
		if !bytes.Equal(p[i:i+k], w.want[w.pos:w.pos+k]) && w.bad == nil {
			w.bad = fmt.Errorf("output differs from the expected text near byte %d", w.n+int64(i))
		}
		i += k
		w.pos = (w.pos + k) % len(w.want)
	}
	w.n += int64(len(p))
	return len(p), nil
}

// TestConvertStreamsGigabyte converts 1 GiB of generated UTF-8 to
// UTF-16LE through the command and checks every output byte and that the
// heap stays small: the command streams.
func TestConvertStreamsGigabyte(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: converts 1 GiB")
	}
	block := []byte(strings.Repeat("ASCII text, ", 40) + "héllo wörld, 汉字テキスト, \U0001F600!\n")
	var units []byte
	for _, u := range utf16.Encode([]rune(string(block))) {
		units = append(units, byte(u), byte(u>>8))
	}
	const total = 1 << 30
	reps := total / len(block)
	in := &cyclicReader{block: block, left: int64(reps * len(block))}
	out := &cyclicChecker{want: units}
	// What earlier tests left on the heap is not this conversion's: start
	// from a collected heap and count what it adds.
	runtime.GC()
	var ms0 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	var peak atomic.Uint64
	peak.Store(ms0.HeapInuse)
	done := make(chan struct{})
	go func() {
		var ms runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(50 * time.Millisecond):
			}
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
		}
	}()
	var errb bytes.Buffer
	start := time.Now()
	code := Main(&Env{Stdin: in, Stdout: out, Stderr: &errb}, []string{"convert", "-f", "utf-8", "-t", "utf-16le"})
	close(done)
	el := time.Since(start)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if out.bad != nil {
		t.Fatal(out.bad)
	}
	if want := int64(reps * len(units)); out.n != want {
		t.Fatalf("wrote %d bytes, want %d", out.n, want)
	}
	grew := peak.Load() - ms0.HeapInuse
	t.Logf("converted %d MiB in %v (%.0f MB/s), peak heap in use %.1f MiB over the %.1f MiB before",
		reps*len(block)>>20, el.Round(time.Millisecond), float64(reps*len(block))/el.Seconds()/1e6,
		float64(grew)/(1<<20), float64(ms0.HeapInuse)/(1<<20))
	if grew > 32<<20 {
		t.Errorf("the heap in use grew by %d bytes: the conversion does not stream", grew)
	}
}
