package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var manPath = filepath.Join("..", "..", "docs", "ucs.1")

// TestManPageUpToDate checks that docs/ucs.1 is what 'ucs man' prints;
// run "go test ./internal/cli -run ManPage -update" after changing help.
func TestManPageUpToDate(t *testing.T) {
	got := manPage()
	if *update {
		os.MkdirAll(filepath.Dir(manPath), 0o755)
		if err := os.WriteFile(manPath, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(manPath)
	if err != nil {
		t.Fatalf("%v (generate it with: go test ./internal/cli -run ManPage -update)", err)
	}
	if string(want) != got {
		t.Errorf("docs/ucs.1 is stale: run go test ./internal/cli -run ManPage -update")
	}
	for _, c := range Commands() {
		if !strings.Contains(got, `.SS "ucs `+c.Name+`"`) {
			t.Errorf("the man page has no section for %s", c.Name)
		}
	}
}

// TestManPageRenders renders the page with groff and fails on warnings.
func TestManPageRenders(t *testing.T) {
	if _, err := exec.LookPath("groff"); err != nil {
		t.Skip("no groff")
	}
	cmd := exec.Command("groff", "-man", "-Tutf8", "-ww", "-K", "utf8", "-z")
	cmd.Stdin = strings.NewReader(manPage())
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil || errb.Len() > 0 {
		t.Errorf("groff: %v\n%s", err, errb.String())
	}
}

// TestEveryCommandHasExamples checks the help of every command: a usage
// line, examples and exit status.
func TestEveryCommandHasExamples(t *testing.T) {
	for _, c := range Commands() {
		for _, want := range []string{"Usage: ucs " + c.Name, "Examples:", "Exit status:"} {
			if !strings.Contains(c.Usage, want) {
				t.Errorf("%s: help lacks %q", c.Name, want)
			}
		}
		out, _, code := runCLI([]string{c.Name, "--help"}, nil)
		if code != 0 || out != c.Usage {
			t.Errorf("%s --help: exit %d", c.Name, code)
		}
	}
}

// TestBashCompletion runs the bash completion function on a few command
// lines.
func TestBashCompletion(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	script, _, code := runCLI([]string{"completion", "bash"}, nil)
	if code != 0 {
		t.Fatal(code)
	}
	for _, c := range []struct {
		words string
		want  string
	}{
		{"ucs con", "convert"},
		{"ucs convert --in", "--in-place --invalid"},
		{"ucs convert -f gb1", "gb18030 gb18030-2005 gb18030-2022"},
		{"ucs validate --normalized NFK", "NFKC NFKD"},
		{"ucs width --am", "--ambiguous"},
		{"ucs help ins", "inspect"},
	} {
		prog := script + `
COMP_WORDS=(` + c.words + `)
COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
_ucs
echo "${COMPREPLY[*]}"
`
		out, err := exec.Command("bash", "-c", prog).CombinedOutput()
		if err != nil || strings.TrimSpace(string(out)) != c.want {
			t.Errorf("%q: completions %q (%v), want %q", c.words, out, err, c.want)
		}
	}
}

func TestCompletionScripts(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish"} {
		out, errs, code := runCLI([]string{"completion", sh}, nil)
		if code != 0 || !strings.Contains(out, "convert") || !strings.Contains(out, "in-place") || !strings.Contains(out, "gb18030") {
			t.Errorf("%s: exit %d, %s", sh, code, errs)
		}
		if _, err := exec.LookPath(sh); err == nil {
			// -n: parse only.
			cmd := exec.Command(sh, "-n")
			cmd.Stdin = strings.NewReader(out)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s -n: %v\n%s", sh, err, b)
			}
		}
	}
}

// TestFishCompletion asks fish for completions with the script loaded.
func TestFishCompletion(t *testing.T) {
	if _, err := exec.LookPath("fish"); err != nil {
		t.Skip("no fish")
	}
	script, _, _ := runCLI([]string{"completion", "fish"}, nil)
	f := filepath.Join(t.TempDir(), "ucs.fish")
	os.WriteFile(f, []byte(script), 0o644)
	for _, c := range []struct{ line, want string }{
		{"ucs norm", "normalize\twrite text in a Unicode normalization form (NFC, NFD, NFKC, NFKD)"},
		{"ucs convert --in-p", "--in-place"},
		{"ucs convert -f gb18030-20", "gb18030-2005\ngb18030-2022"},
		{"ucs validate --normalized NFK", "NFKC\nNFKD"},
	} {
		out, err := exec.Command("fish", "--no-config", "-c", "source "+f+"; complete -C'"+c.line+"'").CombinedOutput()
		if err != nil || strings.TrimSpace(string(out)) != c.want {
			t.Errorf("%q: %q (%v), want %q", c.line, out, err, c.want)
		}
	}
}

// TestZshCompletion calls the zsh completion function with the
// completion system's builtins replaced by stubs that print what they
// are given (zsh filters by prefix itself, so the lists are whole).
func TestZshCompletion(t *testing.T) {
	if _, err := exec.LookPath("zsh"); err != nil {
		t.Skip("no zsh")
	}
	script, _, _ := runCLI([]string{"completion", "zsh"}, nil)
	f := filepath.Join(t.TempDir(), "_ucs")
	os.WriteFile(f, []byte(script), 0o644)
	stubs := `compdef() { :; }
compadd() { if [[ $1 == -a ]]; then print -l -- ${(P)2}; else print -l -- "$@"; fi }
_describe() { print -l -- ${(P)2} }
_files() { print FILES }
source ` + f + "\n"
	for _, c := range []struct {
		words   string
		current int
		prefix  string
		want    []string
		not     []string
	}{
		{"ucs conv", 2, "conv", []string{"convert:convert text between encodings (iconv-compatible flags)"}, nil},
		{"ucs convert --in", 3, "--in", []string{"--in-place", "--invalid"}, []string{"--json"}},
		{"ucs convert -f gb1", 4, "gb1", []string{"gb18030", "utf-8"}, []string{"--in-place"}},
		{"ucs validate --normalized N", 4, "N", []string{"NFKC"}, []string{"gb18030"}},
		{"ucs width x", 3, "x", []string{"FILES"}, nil},
	} {
		prog := stubs + "words=(" + c.words + "); CURRENT=" + strconv.Itoa(c.current) + "; PREFIX=" + c.prefix + "; _ucs\n"
		out, err := exec.Command("zsh", "-f", "-c", prog).CombinedOutput()
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if err != nil {
			t.Errorf("%q: %v: %s", c.words, err, out)
			continue
		}
		for _, w := range c.want {
			if !contains(lines, w) {
				t.Errorf("%q: %q not offered in %.300q", c.words, w, out)
			}
		}
		for _, w := range c.not {
			if contains(lines, w) {
				t.Errorf("%q: %q offered", c.words, w)
			}
		}
	}
}
