package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ucskit/ucs/internal/simd"
)

func runBenchCLI(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}
	code = Main(env, args)
	return out.String(), errb.String(), code
}

// fastBench shortens the timing rounds for the duration of a test.
func fastBench(t *testing.T) {
	r, n := benchRound, benchRounds
	benchRound, benchRounds = time.Millisecond, 2
	t.Cleanup(func() { benchRound, benchRounds = r, n })
}

func writeTemp(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestBenchJSON(t *testing.T) {
	fastBench(t)
	text := bytes.Repeat([]byte("Ça coûte 5 € — naïve café. "), 200)
	p := writeTemp(t, "fr.txt", text)
	out, errs, code := runBenchCLI(t, "bench", "--json", "--op", "validate-utf8", "--op=utf8-to-utf16le", "--op", "utf16le-to-utf8", p)
	if code != ExitOK {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("want 3 lines, got %q", out)
	}
	wantOps := []string{"validate-utf8", "utf8-to-utf16le", "utf16le-to-utf8"}
	wantBytes := []int{len(text), len(text), 2 * simd.UTF16LenFromUTF8(text)}
	for i, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %d %q: %v", i, l, err)
		}
		if len(m) != 5 {
			t.Errorf("line %q: want exactly the keys file, op, bytes, gbps, kernel", l)
		}
		if m["file"] != p || m["op"] != wantOps[i] || int(m["bytes"].(float64)) != wantBytes[i] || m["kernel"] != simd.Kernel() {
			t.Errorf("line %q: want file %s, op %s, bytes %d, kernel %s", l, p, wantOps[i], wantBytes[i], simd.Kernel())
		}
		if g, ok := m["gbps"].(float64); !ok || g <= 0 {
			t.Errorf("line %q: gbps must be a positive number", l)
		}
	}
}

func TestBenchTable(t *testing.T) {
	fastBench(t)
	p := writeTemp(t, "latin1.txt", []byte("caf\xE9 cr\xE8me br\xFBl\xE9e"))
	out, errs, code := runBenchCLI(t, "bench", "--op", "latin1-to-utf8", p)
	if code != ExitOK || !strings.Contains(out, "latin1-to-utf8") || !strings.Contains(out, simd.Kernel()) {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestBenchAllOpsSkipInvalid(t *testing.T) {
	fastBench(t)
	// Latin-1 bytes are not UTF-8: every op but validate-utf8 and
	// latin1-to-utf8 is skipped with a message naming the byte.
	p := writeTemp(t, "latin1.txt", []byte("caf\xE9"))
	out, errs, code := runBenchCLI(t, "bench", "--json", p)
	if code != ExitInvalid {
		t.Fatalf("exit %d; want %d (stderr %q)", code, ExitInvalid, errs)
	}
	if n := strings.Count(out, "\n"); n != 2 {
		t.Errorf("want 2 results, got %q", out)
	}
	if !strings.Contains(errs, "utf8-to-utf16le: not valid UTF-8: byte 3: truncated (skipped)") {
		t.Errorf("stderr %q does not explain the skip", errs)
	}
	// Text beyond Latin-1 cannot go to Latin-1.
	p = writeTemp(t, "euro.txt", []byte("5 €"))
	_, errs, code = runBenchCLI(t, "bench", "--op", "utf8-to-latin1", p)
	if code != ExitInvalid || !strings.Contains(errs, "byte 2: character above U+00FF") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestBenchUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"bench"}, ExitUsage, "no input file"},
		{[]string{"bench", "--op", "validate-utf9", "x"}, ExitUsage, `unknown operation "validate-utf9" (did you mean "validate-utf8"?)`},
		{[]string{"bench", "--op"}, ExitUsage, "--op needs an operation name"},
		{[]string{"bench", "--fast", "x"}, ExitUsage, "unknown flag --fast"},
		{[]string{"bench", filepath.Join(t.TempDir(), "missing.txt")}, ExitIO, "missing.txt"},
	} {
		_, errs, code := runBenchCLI(t, tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.err) {
			t.Errorf("ucs %v: exit %d, stderr %q; want exit %d and %q", tc.args, code, errs, tc.code, tc.err)
		}
	}
	out, _, code := runBenchCLI(t, "bench", "--help")
	if code != ExitOK || !strings.Contains(out, "--json") {
		t.Errorf("bench --help: exit %d, %q", code, out)
	}
}
