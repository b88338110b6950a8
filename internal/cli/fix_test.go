package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ucskit/ucs/fix"
)

func TestFixLines(t *testing.T) {
	in := "CafÃ© au lait\nplain ascii\r\nРџСЂРёРІРµС‚\nIRMÃ\nno newline at end: naÃ¯ve"
	want := "Café au lait\nplain ascii\r\nПривет\nIRMÃ\nno newline at end: naïve"
	out, errs, code := runCLI([]string{"fix", "--explain"}, []byte(in))
	if code != ExitOK || out != want {
		t.Fatalf("exit %d, out %q, stderr %q", code, out, errs)
	}
	for _, w := range []string{"<stdin>:1: utf-8 → read as windows-1252 → utf-8", "<stdin>:3: utf-8 → read as windows-1251 → utf-8", "<stdin>:5:"} {
		if !strings.Contains(errs, w) {
			t.Errorf("stderr %q lacks %q", errs, w)
		}
	}
	if strings.Contains(errs, ":4:") || strings.Contains(errs, ":2:") {
		t.Errorf("unchanged lines explained: %q", errs)
	}
}

func TestFixCheck(t *testing.T) {
	out, errs, code := runCLI([]string{"fix", "--check"}, []byte("ok\nCafÃ©\n"))
	if code != ExitInvalid || out != "" || !strings.Contains(errs, "1 line(s) would change") {
		t.Errorf("dirty: exit %d, out %q, stderr %q", code, out, errs)
	}
	out, errs, code = runCLI([]string{"fix", "--check"}, []byte("ok\nCafé IRMÃ\n"))
	if code != ExitOK || out != "" || errs != "" {
		t.Errorf("clean: exit %d, out %q, stderr %q", code, out, errs)
	}
}

func TestFixJSON(t *testing.T) {
	out, _, code := runCLI([]string{"fix", "--json"}, []byte("ok\nCafÃ©\nâ€œbb+â€? x\n"))
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 records, got %q", out)
	}
	var rec struct {
		File, Input, Output, Chain, Lossy string
		Line                              int
		Layers                            []fix.Layer
	}
	if err := json.Unmarshal([]byte(lines[0]), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Line != 2 || rec.Output != "Café" || rec.Chain != "utf-8 → read as windows-1252 → utf-8" || len(rec.Layers) != 1 || rec.Layers[0].ReadAs != "windows-1252" {
		t.Errorf("record %+v", rec)
	}
	if err := json.Unmarshal([]byte(lines[1]), &rec); err != nil || rec.Lossy == "" || rec.Line != 3 {
		t.Errorf("lossy record %q (%v)", lines[1], err)
	}
}

func TestFixFromEncoding(t *testing.T) {
	// "CafÃ©" saved as windows-1252: C3 A9 became the bytes of Ã and ©.
	in := []byte{'C', 'a', 'f', 0xC3, 0xA9, '\n'}
	out, errs, code := runCLI([]string{"fix", "-f", "windows-1252"}, in)
	if code != ExitOK || out != "Café\n" {
		t.Errorf("exit %d, out %q, stderr %q", code, out, errs)
	}
	_, errs, code = runCLI([]string{"fix"}, []byte("ok\n\xff\n"))
	if code != ExitInvalid || !strings.Contains(errs, "<stdin>:2:1") {
		t.Errorf("invalid UTF-8: exit %d, stderr %q", code, errs)
	}
}

func TestFixInPlace(t *testing.T) {
	dir := t.TempDir()
	dirty := filepath.Join(dir, "dirty.txt")
	clean := filepath.Join(dir, "clean.txt")
	os.WriteFile(dirty, []byte("CafÃ©\nok\n"), 0o640)
	os.WriteFile(clean, []byte("Café\n"), 0o600)
	before, _ := os.Stat(clean)
	_, errs, code := runCLI([]string{"fix", "--in-place", dirty, clean}, nil)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if b, _ := os.ReadFile(dirty); string(b) != "Café\nok\n" {
		t.Errorf("dirty.txt = %q", b)
	}
	if st, _ := os.Stat(dirty); st.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", st.Mode().Perm())
	}
	after, _ := os.Stat(clean)
	if !os.SameFile(before, after) {
		t.Errorf("clean.txt was replaced although nothing changed")
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("temporary files left: %v", ents)
	}
	if _, _, code := runCLI([]string{"fix", "--in-place", "-"}, nil); code != ExitUsage {
		t.Errorf("--in-place -: exit %d", code)
	}
	if _, _, code := runCLI([]string{"fix", "--in-place", "--check", dirty}, nil); code != ExitUsage {
		t.Errorf("--in-place --check: exit %d", code)
	}
	// Only plain UTF-8 files are repaired in place; UTF-8 with a BOM and
	// other encodings are not.
	for _, from := range []string{"latin1", "utf-8-bom", "utf-16le"} {
		if _, errs, code := runCLI([]string{"fix", "--in-place", "-f", from, dirty}, nil); code != ExitUsage || !strings.Contains(errs, "keeps files in UTF-8") {
			t.Errorf("--in-place -f %s: exit %d, %s", from, code, errs)
		}
	}
}

// TestFixStreams checks one output line per input line on input larger
// than a chunk, with a line longer than the line bound passed through.
func TestFixStreams(t *testing.T) {
	var in, want bytes.Buffer
	for i := 0; i < 40000; i++ {
		in.WriteString("naÃ¯ve line\n")
		want.WriteString("naïve line\n")
	}
	long := strings.Repeat("CafÃ© ", maxFixLine/6+10)
	in.WriteString(long + "\nend")
	want.WriteString(long + "\nend")
	out, errs, code := runCLI([]string{"fix"}, in.Bytes())
	if code != ExitOK || out != want.String() {
		t.Fatalf("exit %d, stderr %q, output differs (len %d, want %d)", code, errs, len(out), want.Len())
	}
}

func TestFixMissingFile(t *testing.T) {
	_, errs, code := runCLI([]string{"fix", "no-such-file.txt"}, nil)
	if code != ExitIO || !strings.Contains(errs, "no-such-file.txt") {
		t.Errorf("exit %d, stderr %q: want exit 3 naming the file", code, errs)
	}
}

// TestFixInPlaceCommitMessages checks that a failure while --in-place
// replaces a file speaks as ucs fix, names the file and says what went
// wrong (the atomic helpers it shares with convert once said "ucs
// convert:"). The failure is made by committing a temporary file that is
// already closed.
func TestFixInPlaceCommitMessages(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "dirty.txt")
	if err := os.WriteFile(target, []byte("CafÃ©\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(target)
	if err != nil {
		t.Fatal(err)
	}
	tmp, err := createTemp(target)
	if err != nil {
		t.Fatal(err)
	}
	tmp.Close()
	var errs bytes.Buffer
	x := &fixer{env: &Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &errs}}
	if code := x.commit(tmp, target, st); code != ExitIO {
		t.Fatalf("exit %d, want %d", code, ExitIO)
	}
	msg := errs.String()
	if !strings.HasPrefix(msg, "ucs fix: cannot keep the permissions of "+target+": ") || !strings.Contains(msg, "closed") || strings.Contains(msg, "convert") {
		t.Errorf("message %q, want ucs fix:, the file and the cause", msg)
	}
	if b, _ := os.ReadFile(target); string(b) != "CafÃ©\n" {
		t.Errorf("file changed to %q", b)
	}
	if _, err := os.Stat(tmp.Name()); !os.IsNotExist(err) {
		t.Errorf("temporary file left: %v", err)
	}
}
