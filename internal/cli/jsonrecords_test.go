package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ucskit/ucs/internal/report"
)

// TestJSONNotHTMLEscaped: every --json output names a file a<b>&c.txt as
// it is; detect used to write a\u003cb\u003e\u0026c.txt.
func TestJSONNotHTMLEscaped(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "a<b>&c.txt")
	if err := os.WriteFile(name, []byte("Le cafÃ© est prÃªt & <bon>.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"detect", "--json", name},
		{"detect", "--json", "--all", name},
		{"validate", "--json", name},
		{"fix", "--json", name},
	} {
		out, errOut, _ := runCLI(args, nil)
		if !strings.Contains(out, `"`+name+`"`) || strings.Contains(out, `\u003c`) || strings.Contains(out, `\u0026`) {
			t.Errorf("ucs %s: HTML-escaped or missing the name:\n%s%s", strings.Join(args, " "), out, errOut)
		}
	}
}

// TestJSONRecordsAreReports: each line of validate --json and detect
// --json decodes into the report records with no field left over, and
// the record encodes back to the same bytes: the command and the Beam
// transforms (which use the same types) write the same lines.
func TestJSONRecordsAreReports(t *testing.T) {
	dir := t.TempDir()
	files := map[string][]byte{
		"good.txt":  []byte("plain text\nand café\n"),
		"bad.txt":   []byte("ok\nbad \xC0\xAE here\xFF\n"),
		"bom.txt":   []byte("\xEF\xBB\xBFwith a BOM\n"),
		"moji.txt":  []byte("Le cafÃ© est prÃªt.\n"),
		"empty.txt": nil,
	}
	var names []string
	for n, b := range files {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, p)
	}
	check := func(args []string, rec func() any) {
		t.Helper()
		out, errOut, _ := runCLI(args, nil)
		lines := strings.SplitAfter(out, "\n")
		lines = lines[:len(lines)-1] // after the last newline
		if len(lines) != len(names) {
			t.Fatalf("ucs %s: %d lines for %d files:\n%s%s", args[0], len(lines), len(names), out, errOut)
		}
		for _, line := range lines {
			v := rec()
			dec := json.NewDecoder(strings.NewReader(line))
			dec.DisallowUnknownFields()
			if err := dec.Decode(v); err != nil {
				t.Fatalf("ucs %s: %v in %s", args[0], err, line)
			}
			var back []byte
			switch r := v.(type) {
			case *report.ValidateResult:
				back = r.JSON()
			case *report.DetectResult:
				back = r.JSON()
			}
			if !bytes.Equal(back, []byte(line)) {
				t.Errorf("ucs %s:\n got %s\nback %s", args[0], line, back)
			}
		}
	}
	check(append([]string{"validate", "--json", "--max-errors", "0"}, names...), func() any { return new(report.ValidateResult) })
	check(append([]string{"validate", "--json", "--normalized", "NFD"}, names...), func() any { return new(report.ValidateResult) })
	check(append([]string{"detect", "--json"}, names...), func() any { return new(report.DetectResult) })
	check(append([]string{"detect", "--json", "--all"}, names...), func() any { return new(report.DetectResult) })
}
