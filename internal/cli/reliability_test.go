//go:build linux

package cli

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"
)

// The reliability tests run the real command in a child process: a write
// that fails half way (disk full, file size limit), a SIGKILL at random
// moments of an in-place conversion, a directory the command may not
// write, and streams of 2 GiB whose peak memory is measured.
func TestReliability(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: builds the command and converts gigabytes")
	}
	bin := buildUCS(t)
	t.Run("StdoutFailsAfterNBytes", func(t *testing.T) { testStdoutFails(t) })
	t.Run("DevFull", func(t *testing.T) { testDevFull(t, bin) })
	t.Run("FileSizeLimit", func(t *testing.T) { testFileSizeLimit(t, bin) })
	t.Run("KillDuringConversion", func(t *testing.T) { testKill(t, bin) })
	t.Run("Interrupt", func(t *testing.T) { testInterrupt(t, bin) })
	t.Run("UnwritableDirectory", func(t *testing.T) { testUnwritable(t, bin) })
	t.Run("BoundedMemoryConvert", func(t *testing.T) { testBoundedMemory(t, bin, "convert") })
	t.Run("BoundedMemoryValidate", func(t *testing.T) { testBoundedMemory(t, bin, "validate") })
	t.Run("BoundedMemoryTextCommands", func(t *testing.T) { testBoundedText(t, bin) })
}

// buildUCS builds the command into a temporary directory that every user
// may read (the unwritable-directory test runs it as another user).
func buildUCS(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	os.Chmod(filepath.Dir(dir), 0o755)
	os.Chmod(dir, 0o755)
	bin := filepath.Join(dir, "ucs")
	cmd := exec.Command("go", "build", "-o", bin, "github.com/ucskit/ucs/cmd/ucs")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// failAfter accepts n bytes, then fails every write as a full disk does.
type failAfter struct{ n int }

var errDiskFull = errors.New("no space left on device")

func (w *failAfter) Write(p []byte) (int, error) {
	if len(p) <= w.n {
		w.n -= len(p)
		return len(p), nil
	}
	k := w.n
	w.n = 0
	return k, errDiskFull
}

// sampleText returns n bytes of UTF-8 text with lines, mixed scripts and
// characters of every length, cut at a character boundary.
func sampleText(n int) []byte {
	block := []byte("ASCII line, Ünïcödé, Ελληνικά, 汉字テキスト, \U0001F600 emoji\r\n")
	out := bytes.Repeat(block, n/len(block)+1)[:n]
	for !utf8.Valid(out) {
		out = out[:len(out)-1]
	}
	return out
}

func utf16le(b []byte) []byte {
	var out []byte
	for _, u := range utf16.Encode([]rune(string(b))) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

func testStdoutFails(t *testing.T) {
	for _, n := range []int{0, 1, 1000, 70000, 300000} {
		var errb bytes.Buffer
		env := &Env{Stdin: bytes.NewReader(sampleText(1 << 20)), Stdout: &failAfter{n: n}, Stderr: &errb}
		code := Main(env, []string{"convert", "-t", "utf-16le"})
		if code != ExitIO || !strings.Contains(errb.String(), "writing standard output: no space left on device") {
			t.Errorf("fail after %d bytes: exit %d, stderr %q", n, code, errb.String())
		}
	}
}

func testDevFull(t *testing.T, bin string) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer full.Close()
	cmd := exec.Command(bin, "convert", "-t", "utf-16le")
	cmd.Stdin = bytes.NewReader(sampleText(1 << 20))
	cmd.Stdout = full
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err = cmd.Run()
	if code := exitCode(err); code != ExitIO || !strings.Contains(errb.String(), "no space left on device") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
}

// testFileSizeLimit runs the command with a file size limit (ulimit -f),
// so that writing -o or --in-place fails half way with EFBIG.
func testFileSizeLimit(t *testing.T, bin string) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	text := sampleText(4 << 20)
	os.WriteFile(in, text, 0o644)
	out := filepath.Join(dir, "out.txt")
	os.WriteFile(out, []byte("precious"), 0o644)
	for _, args := range [][]string{
		{"convert", "-t", "utf-16le", "-o", out, in},
		{"convert", "-t", "utf-16le", "--in-place", in},
	} {
		// Limit 2048 blocks: 1 MiB (512-byte blocks) or 2 MiB (1 KiB
		// blocks), less than the 8 MiB of output either way.
		cmd := exec.Command("sh", append([]string{"-c", `ulimit -f 2048 && exec "$0" "$@"`, bin}, args...)...)
		var errb bytes.Buffer
		cmd.Stderr = &errb
		err := cmd.Run()
		code := exitCode(err)
		if code != ExitIO {
			t.Errorf("%v: exit %d, want %d; stderr %q", args, code, ExitIO, errb.String())
		}
		if !strings.Contains(errb.String(), "file too large") {
			t.Errorf("%v: stderr does not say what failed: %q", args, errb.String())
		}
		if b, _ := os.ReadFile(in); !bytes.Equal(b, text) {
			t.Errorf("%v: input changed", args)
		}
		if b, _ := os.ReadFile(out); string(b) != "precious" {
			t.Errorf("%v: -o file changed", args)
		}
		if left := listDir(t, dir); len(left) != 2 {
			t.Errorf("%v: temporary files left: %v", args, left)
		}
	}
}

// testKill kills in-place conversions and -o conversions at random
// moments: the file is always either the old text or the whole new text,
// at most the killed run's temporary file is left, named for its process,
// and the next run removes it.
func testKill(t *testing.T, bin string) {
	dir := t.TempDir()
	file := filepath.Join(dir, "big.txt")
	out := filepath.Join(dir, "out.txt")
	text := sampleText(24 << 20)
	oldSum := sha256.Sum256(text)
	newSum := sha256.Sum256(utf16le(text))
	os.WriteFile(file, text, 0o644)
	os.WriteFile(out, []byte("precious"), 0o644)
	preciousSum := sha256.Sum256([]byte("precious"))

	// How long a whole run takes, to kill within it.
	start := time.Now()
	if b, err := exec.Command(bin, "convert", "-t", "utf-16le", "-o", out, file).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	full := time.Since(start)
	os.WriteFile(out, []byte("precious"), 0o644)
	rng := rand.New(rand.NewPCG(1, uint64(time.Now().UnixNano())))
	killedMidway := 0
	killed := map[string]bool{}
	for i := 0; i < 10; i++ {
		target, args, before := file, []string{"convert", "-t", "utf-16le", "--in-place", file}, oldSum
		if i%2 == 1 {
			target, args, before = out, []string{"convert", "-t", "utf-16le", "-o", out, file}, preciousSum
		}
		cmd := exec.Command(bin, args...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		delay := time.Duration(rng.Int64N(int64(full) * 15 / 10))
		time.Sleep(delay)
		cmd.Process.Signal(syscall.SIGKILL)
		err := cmd.Wait()
		b, rerr := os.ReadFile(target)
		if rerr != nil {
			t.Fatalf("kill after %v: %v", delay, rerr)
		}
		sum := sha256.Sum256(b)
		switch sum {
		case before:
			killedMidway++
			if exitCode(err) == 0 {
				t.Errorf("kill after %v: exit 0 but nothing written", delay)
			}
		case newSum:
		default:
			t.Fatalf("kill after %v (%v): %s is neither the old nor the new text (%d bytes)", delay, err, target, len(b))
		}
		// A kill can leave a temporary file; it must be named for the
		// killed process and the file it was to replace.
		killed[fmt.Sprintf(".%s.ucs-tmp-%d-", filepath.Base(target), cmd.Process.Pid)] = true
		for _, name := range listDir(t, dir) {
			if !strings.HasPrefix(name, ".") {
				continue
			}
			prefix, _, _ := strings.Cut(name[1:], ".ucs-tmp-")
			pid, _, _ := strings.Cut(strings.TrimPrefix(name[1:], prefix+".ucs-tmp-"), "-")
			if !killed["."+prefix+".ucs-tmp-"+pid+"-"] {
				t.Errorf("kill after %v: temporary file %s is not named for a killed run", delay, name)
			}
		}
		// Put the files back for the next round.
		os.WriteFile(file, text, 0o644)
		os.WriteFile(out, []byte("precious"), 0o644)
	}
	t.Logf("10 kills within %v runs: %d before the rename", full, killedMidway)
	// The next runs remove what the killed ones left.
	for _, args := range [][]string{
		{"convert", "-t", "utf-16le", "-o", out, file},
		{"convert", "-t", "utf-16le", "--in-place", file},
	} {
		if b, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %v: %s", args, err, b)
		}
	}
	if left := listDir(t, dir); len(left) != 2 {
		t.Errorf("after clean runs, files left: %v", left)
	}
	for _, p := range []string{file, out} {
		if b, _ := os.ReadFile(p); sha256.Sum256(b) != newSum {
			t.Errorf("%s: not the converted text", p)
		}
	}
}

// testInterrupt sends SIGINT, SIGTERM and SIGHUP during conversions: the
// command stops, removes its temporary file and leaves the target as it
// was.
func testInterrupt(t *testing.T, bin string) {
	dir := t.TempDir()
	file := filepath.Join(dir, "big.txt")
	text := sampleText(64 << 20)
	os.WriteFile(file, text, 0o644)
	sum := sha256.Sum256(text)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		cmd := exec.Command(bin, "convert", "-t", "utf-16le", "--in-place", file)
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait until the temporary file exists: the work has begun.
		for i := 0; i < 500 && len(listDir(t, dir)) < 2; i++ {
			time.Sleep(2 * time.Millisecond)
		}
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		b, _ := os.ReadFile(file)
		if sha256.Sum256(b) != sum {
			// The signal came too late to stop it: the file must be whole.
			if exitCode(err) != 0 || !bytes.Equal(b, utf16le(text)) {
				t.Fatalf("%v: file is neither old nor new; exit %d", sig, exitCode(err))
			}
			t.Logf("%v arrived after the conversion", sig)
			os.WriteFile(file, text, 0o644)
			continue
		}
		if code := exitCode(err); code != ExitIO || !strings.Contains(errb.String(), "interrupted") {
			t.Errorf("%v: exit %d, stderr %q", sig, code, errb.String())
		}
		if left := listDir(t, dir); len(left) != 1 {
			t.Errorf("%v: files left: %v", sig, left)
		}
	}
}

// testUnwritable converts into a directory the command may not write: as
// root, the child runs as nobody.
func testUnwritable(t *testing.T, bin string) {
	dir := t.TempDir()
	os.Chmod(filepath.Dir(dir), 0o755)
	ro := filepath.Join(dir, "ro")
	os.Mkdir(ro, 0o755)
	in := filepath.Join(ro, "in.txt")
	text := []byte("caf\xc3\xa9\n")
	os.WriteFile(in, text, 0o666) // the file itself is writable
	os.Chmod(ro, 0o555)
	defer os.Chmod(ro, 0o755)
	// A read-only file in a writable directory: -o refuses to replace it.
	rofile := filepath.Join(dir, "ro.txt")
	os.WriteFile(rofile, []byte("precious"), 0o444)
	for _, args := range [][]string{
		{"convert", "-t", "utf-16le", "--in-place", in},
		{"convert", "-t", "utf-16le", "-o", filepath.Join(ro, "out.txt"), in},
		{"convert", "-t", "utf-16le", "-o", rofile, in},
	} {
		cmd := exec.Command(bin, args...)
		if os.Getuid() == 0 {
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		}
		var errb bytes.Buffer
		cmd.Stderr = &errb
		err := cmd.Run()
		t.Logf("%v: %s", args, strings.TrimSpace(errb.String()))
		if code := exitCode(err); code != ExitIO || !strings.Contains(errb.String(), "permission denied") {
			t.Errorf("%v: exit %d (%v), stderr %q", args, code, err, errb.String())
		}
		if b, _ := os.ReadFile(in); !bytes.Equal(b, text) {
			t.Errorf("%v: input changed", args)
		}
		if left := listDir(t, ro); len(left) != 1 {
			t.Errorf("%v: files left: %v", args, left)
		}
		if b, _ := os.ReadFile(rofile); string(b) != "precious" {
			t.Errorf("%v: read-only file replaced", args)
		}
	}
}

// repeatReader yields block over and over without newlines between, n
// bytes in all, then tail.
type repeatReader struct {
	block []byte
	pos   int
	left  int64
	tail  []byte
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.left <= 0 {
		if len(r.tail) == 0 {
			return 0, io.EOF
		}
		n := copy(p, r.tail)
		r.tail = r.tail[n:]
		return n, nil
	}
	if int64(len(p)) > r.left {
		p = p[:r.left]
	}
	n := 0
	for n < len(p) {
		k := copy(p[n:], r.block[r.pos:])
		n += k
		r.pos = (r.pos + k) % len(r.block)
	}
	r.left -= int64(n)
	return n, nil
}

// countWriter counts what is written.
type countWriter struct{ n int64 }

func (w *countWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

// testBoundedMemory streams 2 GiB of text that is one single line (no
// newline anywhere) through the command and checks its peak resident set
// size; validate also finds a bad byte at the very end and locates it.
func testBoundedMemory(t *testing.T, bin, command string) {
	const total int64 = 2 << 30
	const limit = 32 << 20
	block := []byte(" ASCII, Ünïcödé, Ελληνικά, 汉字テキスト, \U0001F600 emoji")
	reps := total / int64(len(block))
	var args []string
	var tail []byte
	var wantOut int64
	switch command {
	case "convert":
		args = []string{"convert", "-f", "utf-8", "-t", "utf-16le"}
		wantOut = reps * int64(len(utf16le(block)))
	case "validate":
		args = []string{"validate", "-"}
		tail = []byte{0xFF}
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdin = &repeatReader{block: block, left: reps * int64(len(block)), tail: tail}
	out := &countWriter{}
	var stdout bytes.Buffer
	if command == "convert" {
		cmd.Stdout = out
	} else {
		cmd.Stdout = &stdout
	}
	var errb bytes.Buffer
	cmd.Stderr = &errb
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The child's own high-water mark, from /proc while it runs: its
	// rusage ru_maxrss would also count this test process's memory,
	// which the child shared until it called exec.
	var peak int64
	stop := make(chan struct{})
	polled := make(chan struct{})
	go func() {
		defer close(polled)
		for {
			if hwm := vmHWM(cmd.Process.Pid); hwm > peak {
				peak = hwm
			}
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	err := cmd.Wait()
	close(stop)
	<-polled
	el := time.Since(start)
	code := exitCode(err)
	if peak == 0 {
		t.Fatal("could not read the child's VmHWM from /proc")
	}
	t.Logf("%s of %d MiB in one line: %v, peak RSS %.1f MiB", command, reps*int64(len(block))>>20, el.Round(time.Millisecond), float64(peak)/(1<<20))
	switch command {
	case "convert":
		if code != 0 || out.n != wantOut {
			t.Errorf("exit %d, %d bytes out, want %d: %s", code, out.n, wantOut, errb.String())
		}
	case "validate":
		chars := reps * int64(utf8.RuneCount(block))
		want := fmt.Sprintf("<stdin>:1:%d: byte %d: invalid-byte (bytes FF)\n", chars+1, reps*int64(len(block)))
		if code != ExitInvalid || stdout.String() != want {
			t.Errorf("exit %d, stdout %q, want %q; stderr %s", code, stdout.String(), want, errb.String())
		}
	}
	if peak > limit {
		t.Errorf("peak RSS %d bytes, over the %d limit", peak, limit)
	}
}

// testBoundedText runs the other streaming commands over one long line
// (64 MiB; 8 MiB for the hex dump, which writes five times its input)
// and checks their peak memory.
func testBoundedText(t *testing.T, bin string) {
	block := []byte(" ASCII, Ünïcödé e\u0301, Ελληνικά, 汉字テキスト, \U0001F600 emoji ﬁ")
	for _, c := range []struct {
		args  []string
		total int64
		exit  int
	}{
		{[]string{"normalize", "--form", "NFKC"}, 64 << 20, 0},
		{[]string{"validate", "--normalized", "NFC", "--max-errors", "0"}, 64 << 20, 1},
		{[]string{"width"}, 64 << 20, 0},
		{[]string{"width", "--max", "1000"}, 64 << 20, 0},
		{[]string{"convert", "--newline=crlf", "-t", "utf-16le"}, 64 << 20, 0},
		{[]string{"inspect", "--file", "-"}, 8 << 20, 0},
	} {
		reps := c.total / int64(len(block))
		cmd := exec.Command(bin, c.args...)
		cmd.Stdin = &repeatReader{block: block, left: reps * int64(len(block))}
		out := &countWriter{}
		cmd.Stdout = out
		var errb bytes.Buffer
		cmd.Stderr = &errb
		start := time.Now()
		peak, err := runMeasured(cmd)
		if err != nil && exitCode(err) < 0 {
			t.Fatal(err)
		}
		t.Logf("%v of %d MiB in one line: %v, %d MiB out, peak RSS %.1f MiB", c.args, c.total>>20, time.Since(start).Round(time.Millisecond), out.n>>20, float64(peak)/(1<<20))
		if code := exitCode(err); code != c.exit || out.n == 0 {
			t.Errorf("%v: exit %d, want %d, %d bytes out: %.300s", c.args, code, c.exit, out.n, errb.String())
		}
		if peak > 32<<20 {
			t.Errorf("%v: peak RSS %d bytes, over 32 MiB", c.args, peak)
		}
	}
}

// runMeasured runs cmd and returns the child's peak resident set size,
// read from /proc while it runs (see testBoundedMemory).
func runMeasured(cmd *exec.Cmd) (int64, error) {
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	var peak int64
	stop := make(chan struct{})
	polled := make(chan struct{})
	go func() {
		defer close(polled)
		for {
			if hwm := vmHWM(cmd.Process.Pid); hwm > peak {
				peak = hwm
			}
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	err := cmd.Wait()
	close(stop)
	<-polled
	return peak, err
}

// vmHWM returns the peak resident set size of process pid in bytes, from
// /proc/PID/status, or 0 when it cannot be read.
func vmHWM(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kb int64
			fmt.Sscanf(strings.TrimSpace(rest), "%d kB", &kb)
			return kb * 1024
		}
	}
	return 0
}

// exitCode returns the exit status of a finished child (-1 when it was
// killed or did not run).
func exitCode(err error) int {
	if err == nil {
		return 0
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	return -1
}
