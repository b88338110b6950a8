package cli

import (
	"bytes"
	"encoding/hex"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files' expected output")

// A golden case is a file under testdata/golden:
//
//	args: validate --json -
//	stdin: text (one line, \n and \xHH escapes allowed)
//	env: NAME=value (may repeat)
//	terminal: stdout stderr (the streams that are terminals)
//	exit: 1
//	-- stdout --
//	...
//	-- stderr --
//	...
//
// Run "go test ./internal/cli -run Golden -update" to rewrite the expected
// sections after a deliberate change, and review the diff.
type goldenCase struct {
	args   []string
	stdin  []byte
	exit   int
	stdout string
	stderr string
	env    map[string]string
	term   []string
	header []string
}

// splitArgs splits an args line at spaces; a "double-quoted" argument
// (Go syntax) may hold spaces and escapes.
func splitArgs(line string) ([]string, error) {
	var args []string
	for {
		line = strings.TrimLeft(line, " ")
		if line == "" {
			return args, nil
		}
		if line[0] == '"' {
			q, err := strconv.QuotedPrefix(line)
			if err != nil {
				return nil, err
			}
			a, _ := strconv.Unquote(q)
			args = append(args, a)
			line = line[len(q):]
			continue
		}
		a, rest, _ := strings.Cut(line, " ")
		args = append(args, a)
		line = rest
	}
}

func parseGolden(t *testing.T, path string) goldenCase {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var g goldenCase
	text := string(b)
	head, rest, _ := strings.Cut(text, "-- stdout --\n")
	out, errText, _ := strings.Cut(rest, "-- stderr --\n")
	g.stdout, g.stderr = out, errText
	for _, line := range strings.Split(strings.TrimRight(head, "\n"), "\n") {
		g.header = append(g.header, line)
		k, v, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		v = strings.TrimSpace(v)
		switch k {
		case "args":
			g.args, err = splitArgs(v)
			if err != nil {
				t.Fatalf("%s: args: %v", path, err)
			}
		case "env":
			if g.env == nil {
				g.env = map[string]string{}
			}
			name, val, _ := strings.Cut(v, "=")
			g.env[name] = val
		case "terminal":
			g.term = strings.Fields(v)
		case "stdin":
			s, err := strconv.Unquote(`"` + v + `"`)
			if err != nil {
				t.Fatalf("%s: stdin: %v", path, err)
			}
			g.stdin = []byte(s)
		case "stdin-hex":
			g.stdin, err = hex.DecodeString(strings.ReplaceAll(v, " ", ""))
			if err != nil {
				t.Fatalf("%s: stdin-hex: %v", path, err)
			}
		case "exit":
			g.exit, _ = strconv.Atoi(v)
		}
	}
	return g
}

func runCLI(args []string, stdin []byte) (string, string, int) {
	return runCLIEnv(args, stdin, nil, nil)
}

// runCLIEnv runs the command with environment variables vars and the
// streams named in term ("stdout", "stderr") posing as terminals.
func runCLIEnv(args []string, stdin []byte, vars map[string]string, term []string) (string, string, int) {
	var out, errb bytes.Buffer
	env := &Env{
		Stdin:  bytes.NewReader(stdin),
		Stdout: &out,
		Stderr: &errb,
		Getenv: func(k string) string { return vars[k] },
		IsTerminal: func(f any) bool {
			for _, s := range term {
				if (s == "stdout" && f == &out) || (s == "stderr" && f == &errb) {
					return true
				}
			}
			return false
		},
	}
	code := Main(env, args)
	return out.String(), errb.String(), code
}

func TestGolden(t *testing.T) {
	paths, _ := filepath.Glob("testdata/golden/*.txt")
	sort.Strings(paths)
	if len(paths) == 0 {
		t.Fatal("no golden files")
	}
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			g := parseGolden(t, p)
			out, errs, code := runCLIEnv(g.args, g.stdin, g.env, g.term)
			if *update {
				var b strings.Builder
				for _, h := range g.header {
					if strings.HasPrefix(h, "exit:") {
						continue
					}
					b.WriteString(h + "\n")
				}
				b.WriteString("exit: " + strconv.Itoa(code) + "\n-- stdout --\n" + out + "-- stderr --\n" + errs)
				os.WriteFile(p, []byte(b.String()), 0o644)
				return
			}
			if code != g.exit {
				t.Errorf("exit %d, want %d\nstderr: %s", code, g.exit, errs)
			}
			if out != g.stdout {
				t.Errorf("stdout:\n%s\nwant:\n%s", out, g.stdout)
			}
			if errs != g.stderr {
				t.Errorf("stderr:\n%s\nwant:\n%s", errs, g.stderr)
			}
		})
	}
}
