package cli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestInputIsOutput runs each command that reads files and writes standard
// output with its standard output appended to one of its inputs ("ucs
// convert F >> F"). Each must refuse with exit 3, as GNU cat does, and
// leave the file as it was; before the check, convert and normalize read
// their own output forever. The child runs under a file size limit and a
// time limit, so that a regression fails instead of filling the disk.
func TestInputIsOutput(t *testing.T) {
	bin := buildUCS(t)
	dir := t.TempDir()
	// Larger than a read chunk (256 KiB), so that a command that does not
	// check reads what it wrote itself and goes on forever.
	text := bytes.Repeat([]byte("caf\xc3\xa9 e\xcc\x81 (cn=x)\n"), 40000)
	bad := bytes.Repeat([]byte("caf\xe9\n"), 100000)
	other := filepath.Join(dir, "other.txt")
	os.WriteFile(other, text, 0o644)
	for _, c := range []struct {
		name    string
		content []byte
		shell   string // F is the file; "$0" the command
	}{
		{"convert", text, `exec "$0" convert -t utf-16le F >> F`},
		{"convert-stdin", text, `exec "$0" convert < F >> F`},
		{"convert-dash", text, `exec "$0" convert other.txt - < F >> F`},
		{"convert-second", text, `exec "$0" convert -c other.txt F >> F`},
		{"normalize", text, `exec "$0" normalize --form NFD F >> F`},
		{"normalize-stdin", text, `exec "$0" normalize < F >> F`},
		{"validate", bad, `exec "$0" validate --max-errors 0 F >> F`},
		{"validate-json", bad, `exec "$0" validate --json F >> F`},
		{"inspect", text, `exec "$0" inspect --file F >> F`},
		{"inspect-stdin", text, `exec "$0" inspect < F >> F`},
		{"width", text, `exec "$0" width --file F >> F`},
		{"width-stdin", text, `exec "$0" width < F >> F`},
		{"detect", text, `exec "$0" detect F >> F`},
		{"ldap-match", []byte("dn: cn=x\ncn: x\n"), `exec "$0" ldap match --ldif F '(cn=x)' >> F`},
		{"ldap-schema", []byte("attributetypes: ( 2.5.4.3 NAME 'cn' )\n"), `exec "$0" ldap dn --schema F cn=x >> F`},
		{"bench", text, `exec "$0" bench --op validate-utf8 F >> F`},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := filepath.Join(dir, "F")
			if err := os.WriteFile(f, c.content, 0o644); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, "sh", "-c", "ulimit -f 2048 && "+c.shell, bin)
			cmd.Dir = dir
			var errb bytes.Buffer
			cmd.Stderr = &errb
			code := exitCode(cmd.Run())
			if code != ExitIO || !strings.Contains(errb.String(), "input file is output file") {
				t.Errorf("exit %d, want %d with \"input file is output file\"; stderr %q", code, ExitIO, errb.String())
			}
			if b, _ := os.ReadFile(f); !bytes.Equal(b, c.content) {
				t.Errorf("the file changed: %d bytes, was %d", len(b), len(c.content))
			}
		})
	}
	// Standard output appended to another file, or a device, is fine.
	for _, shell := range []string{
		`exec "$0" convert F >> other.txt`,
		`exec "$0" convert F > /dev/null`,
		`exec "$0" normalize < F >> other.txt`,
	} {
		f := filepath.Join(dir, "F")
		os.WriteFile(f, text, 0o644)
		cmd := exec.Command("sh", "-c", shell, bin)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: %v: %s", shell, err, out)
		}
	}
}
