package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/ucskit/ucs/detect"
)

// asciiThenLatin1 is an input that cannot seek: n bytes of ASCII lines,
// made as they are read, then a line in windows-1252. Every MiB it reads,
// it collects garbage and records the largest live heap seen.
type asciiThenLatin1 struct {
	n, off  int
	tail    []byte
	maxHeap uint64
	nextGC  int
}

func (a *asciiThenLatin1) Read(p []byte) (int, error) {
	if a.off >= a.n+len(a.tail) {
		return 0, io.EOF
	}
	if a.off >= a.nextGC {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		a.maxHeap = max(a.maxHeap, ms.HeapAlloc)
		a.nextGC += 1 << 20
	}
	k := 0
	for k < len(p) && a.off < a.n {
		c := byte('a' + a.off%26)
		if a.off%64 == 63 {
			c = '\n'
		}
		p[k] = c
		k++
		a.off++
	}
	if k < len(p) && a.off >= a.n {
		m := copy(p[k:], a.tail[a.off-a.n:])
		k += m
		a.off += m
	}
	return k, nil
}

// TestInspectAutoPipeBoundedMemory checks that inspect -f auto on an input
// that cannot be read twice keeps a bounded part of it while detecting:
// it used to keep every byte the detector read, up to 8 MiB of an ASCII
// start.
func TestInspectAutoPipeBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 10 MiB")
	}
	in := &asciiThenLatin1{n: 10 << 20, tail: []byte("caf\xe9 cr\xe8me\n")}
	detect.Detect([]byte("caf\xe9")) // the detector's tables, made once per process
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var errb bytes.Buffer
	env := &Env{Stdin: in, Stdout: io.Discard, Stderr: &errb, Getenv: func(string) string { return "" }, IsTerminal: func(any) bool { return false }}
	code := Main(env, []string{"inspect", "-f", "auto", "--file", "-"})
	if code == ExitIO || code == ExitUsage {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if in.off != in.n+len(in.tail) {
		t.Errorf("read %d bytes of %d", in.off, in.n+len(in.tail))
	}
	if !strings.Contains(errb.String(), "detected from the first") {
		t.Errorf("stderr does not say that detection was limited: %q", errb.String())
	}
	grown := int64(in.maxHeap) - int64(before.HeapAlloc)
	t.Logf("live heap grew by at most %d KiB while reading", grown>>10)
	if grown > 4<<20 {
		t.Errorf("live heap grew by %d KiB while reading; want at most 4 MiB", grown>>10)
	}
}

// TestInspectAutoFileReadTwice checks that inspect -f auto on a file whose
// first 9 MiB are ASCII finds the encoding of what follows (the detector
// samples the rest of a file) and then shows the file from its start.
func TestInspectAutoFileReadTwice(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 9 MiB")
	}
	var b bytes.Buffer
	line := strings.Repeat("x", 63) + "\n"
	for b.Len() < 9<<20 {
		b.WriteString(line)
	}
	b.WriteString("caf\xe9 cr\xe8me br\xfbl\xe9e, \xe0 la fran\xe7aise\n")
	p := filepath.Join(t.TempDir(), "latin1.txt")
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }, IsTerminal: func(any) bool { return false }}
	code := Main(env, []string{"inspect", "-f", "auto", "--file", p})
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "detected ") || strings.Contains(errb.String(), "us-ascii") {
		t.Errorf("stderr: %q", errb.String())
	}
	if n := strings.Count(out.String(), "|\n"); n != (b.Len()+15)/16 {
		t.Errorf("%d dump lines, want %d", n, (b.Len()+15)/16)
	}
}
