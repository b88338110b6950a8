package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/ucskit/ucs/charset"
)

// The command on files large enough to be mapped and shared between two
// goroutines (a file of 3 MB, windows of 4 MiB, pieces of 256 KiB) must
// give the same output, messages and exit status as with one processor,
// where nothing runs beside the main goroutine: with bad bytes and an
// unencodable character in the pieces the second goroutine takes, from a
// file, from a pipe and in place.

func laneFiles(t *testing.T) (dir string, files map[string][]byte) {
	const piece = 256 << 10
	text := []byte(strings.Repeat("Grüne, 世界! Привет. abc def ghi\n", 3<<20/40))
	// Pieces 1, 3, 5... of a window are the lane's (the first of them is
	// often done by the main goroutine, which gets there before the lane
	// starts): a bad byte in the ninth piece comes after pieces the lane
	// took whole, one in the twelfth is in the lane's, one near the end is
	// in the last piece.
	bad := bytes.Clone(text)
	bad[8*piece+piece/2] = 0xFF
	bad[11*piece+piece/3] = 0xC3
	bad[len(bad)-piece/2] = 0x80
	emoji := bytes.Clone(text)
	at := 9*piece + 1000
	for emoji[at] != '\n' {
		at++
	}
	copy(emoji[at-4:], "😀") // over "def " or its like: four ASCII bytes
	gbk, err := charset.MustLookup("gbk").Codec.AppendEncode(nil, text)
	if err != nil {
		t.Fatal(err)
	}
	badGBK := bytes.Clone(gbk)
	badGBK[8*piece+piece/2] = 0x80
	badGBK[11*piece+piece/3] = 0xFF
	badGBK[len(badGBK)-piece/2] = 0xFF
	files = map[string][]byte{"clean.txt": text, "bad.txt": bad, "emoji.txt": emoji, "gbk.txt": gbk, "badgbk.txt": badGBK}
	dir = t.TempDir()
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, files
}

// withProcs runs fn with GOMAXPROCS n.
func withProcs[T any](n int, fn func() T) T {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(n))
	return fn()
}

type cliResult struct {
	out, err string
	code     int
}

func TestLargeFilesSameWithOneProcessor(t *testing.T) {
	dir, files := laneFiles(t)
	p := func(name string) string { return filepath.Join(dir, name) }
	cases := [][]string{
		{"convert", "-f", "utf-8", "-t", "utf-16le", p("clean.txt")},
		{"convert", "-f", "utf-8", "-t", "utf-16le", p("bad.txt")},
		{"convert", "-f", "utf-8", "-t", "utf-16le", "--invalid", "replace", p("bad.txt")},
		{"convert", "-f", "utf-8", "-t", "gbk", p("emoji.txt")},
		{"convert", "-f", "utf-8", "-t", "gbk", "--unmappable", "escape", p("emoji.txt")},
		{"convert", "-f", "utf-8", "-t", "utf-8", p("bad.txt")},
		{"convert", "-f", "gbk", "-t", "utf-8", p("gbk.txt")},
		{"convert", "-f", "gbk", "-t", "utf-8", p("badgbk.txt")},
		{"convert", "-f", "gbk", "-t", "utf-16le", "--invalid", "replace", p("badgbk.txt")},
		{"validate", p("clean.txt"), p("bad.txt")},
		{"validate", "--max-errors", "0", p("bad.txt")},
		{"validate", "-f", "gbk", p("badgbk.txt")},
	}
	for _, args := range cases {
		run := func() cliResult { o, e, c := runCLI(args, nil); return cliResult{o, e, c} }
		want := withProcs(1, run)
		got := withProcs(2, run)
		if got != want {
			t.Errorf("ucs %s: with two processors: %d bytes out, exit %d, %q; with one: %d bytes, exit %d, %q",
				strings.Join(args, " "), len(got.out), got.code, got.err, len(want.out), want.code, want.err)
		}
	}
	// From a pipe: read, not mapped.
	for _, name := range []string{"bad.txt", "badgbk.txt"} {
		from := "utf-8"
		if name == "badgbk.txt" {
			from = "gbk"
		}
		run := func() cliResult {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			go func() { w.Write(files[name]); w.Close() }()
			defer r.Close()
			var out, errb bytes.Buffer
			code := Main(&Env{Stdin: r, Stdout: &out, Stderr: &errb}, []string{"convert", "-f", from, "-t", "utf-16le", "--invalid", "replace"})
			return cliResult{out.String(), errb.String(), code}
		}
		if got, want := withProcs(2, run), withProcs(1, run); got != want {
			t.Errorf("%s from a pipe: with two processors: %d bytes out, exit %d, %q; with one: %d bytes, exit %d, %q",
				name, len(got.out), got.code, got.err, len(want.out), want.code, want.err)
		}
	}
	// In place: each run on its own copy of the files.
	for _, args := range [][]string{{"-f", "utf-8", "-t", "utf-16le"}, {"-f", "utf-8", "-t", "gbk"}, {"-f", "gbk", "-t", "utf-8", "--invalid", "replace"}} {
		run := func() cliResult {
			d := t.TempDir()
			var names []string
			for _, name := range []string{"clean.txt", "bad.txt", "emoji.txt", "badgbk.txt"} {
				os.WriteFile(filepath.Join(d, name), files[name], 0o644)
				names = append(names, filepath.Join(d, name))
			}
			_, e, code := runCLI(append(append([]string{"convert", "--in-place"}, args...), names...), nil)
			var sum strings.Builder
			for _, n := range names {
				b, _ := os.ReadFile(n)
				sum.WriteString(filepath.Base(n) + ":" + string(b) + "\n")
			}
			return cliResult{sum.String(), strings.ReplaceAll(e, d, "DIR"), code}
		}
		if got, want := withProcs(2, run), withProcs(1, run); got != want {
			t.Errorf("convert --in-place %s: with two processors: exit %d, %q; with one: exit %d, %q",
				strings.Join(args, " "), got.code, got.err, want.code, want.err)
		}
	}
}
