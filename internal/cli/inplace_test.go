package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestConvertInPlace(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(a, []byte("\xba\xba\xd7\xd6\r\n"), 0o640) // 汉字 in GBK
	os.WriteFile(bad, []byte("ok\n\x81"), 0o644)           // truncated
	old := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, p := range []string{a, bad} {
		os.Chtimes(p, old, old)
	}
	_, errs, code := runCLI([]string{"convert", "-f", "gbk", "--in-place", "--newline=lf", a, bad}, nil)
	if code != ExitInvalid {
		t.Fatalf("exit %d, want 1: %s", code, errs)
	}
	st, _ := os.Stat(a) // before reading it changes the access time
	if got, _ := os.ReadFile(a); string(got) != "汉字\n" {
		t.Errorf("a.txt = %q", got)
	}
	if got, _ := os.ReadFile(bad); string(got) != "ok\n\x81" {
		t.Errorf("bad.txt changed: %q", got)
	}
	if !strings.Contains(errs, bad+":2:1: byte 3: truncated") || !strings.Contains(errs, bad+" left unchanged") {
		t.Errorf("stderr does not locate the error or say the file is unchanged:\n%s", errs)
	}
	if st.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", st.Mode().Perm())
	}
	if !st.ModTime().Equal(old) {
		t.Errorf("mtime %v, want %v", st.ModTime(), old)
	}
	if at := accessTime(st); !at.Equal(old) {
		t.Errorf("atime %v, want %v", at, old)
	}
	if left := listDir(t, dir); len(left) != 2 {
		t.Errorf("files left: %v", left)
	}
}

func TestConvertInPlaceSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.txt")
	link := filepath.Join(dir, "link.txt")
	os.WriteFile(target, []byte("\xe9t\xe9"), 0o644)
	if err := os.Symlink("target.txt", link); err != nil {
		t.Skip(err)
	}
	_, errs, code := runCLI([]string{"convert", "-f", "latin1", "-i", link}, nil)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if got, _ := os.ReadFile(target); string(got) != "été" {
		t.Errorf("target = %q", got)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is no longer a symbolic link: %v %v", fi, err)
	}
	// Named twice (the link and its target): converted once.
	os.WriteFile(target, []byte("\xe9"), 0o644)
	_, errs, code = runCLI([]string{"convert", "-f", "latin1", "-i", link, target}, nil)
	if code != 0 || !strings.Contains(errs, "already converted") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if got, _ := os.ReadFile(target); string(got) != "é" {
		t.Errorf("converted twice: %q", got)
	}
}

func TestConvertInPlaceRefusesHardLinks(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a")
	os.WriteFile(a, []byte("\xe9"), 0o644)
	if err := os.Link(a, filepath.Join(dir, "b")); err != nil {
		t.Skip(err)
	}
	_, errs, code := runCLI([]string{"convert", "-f", "latin1", "-i", a}, nil)
	if code != ExitIO || !strings.Contains(errs, "has 2 hard links") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if got, _ := os.ReadFile(a); string(got) != "\xe9" {
		t.Errorf("changed: %q", got)
	}
}

func TestConvertInPlaceNotRegular(t *testing.T) {
	dir := t.TempDir()
	_, errs, code := runCLI([]string{"convert", "-i", dir}, nil)
	if code != ExitIO || !strings.Contains(errs, "not a regular file") {
		t.Fatalf("exit %d: %s", code, errs)
	}
}

// TestConvertNewlineChunks puts CR and LF at every place around the
// decoder's chunk boundaries and compares with a direct rewrite.
func TestConvertNewlineChunks(t *testing.T) {
	var in []byte
	for i := 0; len(in) < 3*chunkSize+100; i++ {
		switch i % 7 {
		case 0, 3:
			in = append(in, '\r')
		case 1, 5:
			in = append(in, '\n')
		default:
			in = append(in, "é"[:2]...)
		}
		if i%1000 == 999 {
			in = append(in, bytes.Repeat([]byte{'x'}, i%13)...)
		}
	}
	for shift := 0; shift < 3; shift++ {
		src := append(bytes.Repeat([]byte{'a'}, chunkSize-1-shift), in...)
		lf := bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
		var crlf []byte
		for i, c := range src {
			if c == '\n' && (i == 0 || src[i-1] != '\r') {
				crlf = append(crlf, '\r')
			}
			crlf = append(crlf, c)
		}
		for mode, want := range map[string][]byte{"lf": lf, "crlf": crlf, "keep": src} {
			out, errs, code := runCLI([]string{"convert", "--newline=" + mode}, src)
			if code != 0 {
				t.Fatalf("%s: exit %d: %s", mode, code, errs)
			}
			if !bytes.Equal([]byte(out), want) {
				t.Errorf("shift %d, --newline=%s: output differs (len %d, want %d)", shift, mode, len(out), len(want))
			}
		}
	}
}

func TestCodesetOf(t *testing.T) {
	for in, want := range map[string]string{
		"en_GB.UTF-8":            "utf-8",
		"en_US.utf8":             "utf-8",
		"de_DE.ISO-8859-1":       "iso-8859-1",
		"de_DE.iso88591":         "iso-8859-1",
		"de_DE.ISO-8859-15@euro": "iso-8859-15",
		"zh_CN.GB18030":          "gb18030",
		"zh_CN.GBK":              "gbk",
		"ja_JP.eucJP":            "euc-jp",
		"C":                      "utf-8",
		"POSIX":                  "utf-8",
		"en_US":                  "utf-8",
		"xx_XX.NO-SUCH-SET":      "utf-8",
	} {
		if got := codesetOf(in); got != want {
			t.Errorf("codesetOf(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestProgressBar(t *testing.T) {
	p := &progress{total: 200e6, done: 50e6}
	got := p.line(2 * time.Second)
	want := "[######------------------]  25%  50.0 MB / 200.0 MB  25.0 MB/s  ETA 0:06"
	if got != want {
		t.Errorf("line = %q, want %q", got, want)
	}
	p = &progress{total: -1, done: 1500}
	if got := p.line(time.Second); got != "1.5 kB  1.5 kB/s" {
		t.Errorf("line = %q", got)
	}
}

func TestProgressOnlyOnTerminal(t *testing.T) {
	defer func(d, i time.Duration) { progressDelay, progressInterval = d, i }(progressDelay, progressInterval)
	progressDelay, progressInterval = 0, 0
	dir := t.TempDir()
	f := filepath.Join(dir, "f")
	os.WriteFile(f, bytes.Repeat([]byte("text\n"), 100000), 0o644)
	cases := []struct {
		args []string
		vars map[string]string
		term []string
		bar  bool
	}{
		{[]string{"convert", f}, nil, []string{"stderr"}, true},
		{[]string{"convert", f}, map[string]string{"CI": "true"}, []string{"stderr"}, false},
		{[]string{"convert", f}, nil, []string{"stdout"}, false},
		{[]string{"convert", "--progress=never", f}, nil, []string{"stderr"}, false},
		{[]string{"convert", "--progress=always", f}, map[string]string{"CI": "1"}, nil, true},
	}
	for _, c := range cases {
		out, errs, code := runCLIEnv(c.args, nil, c.vars, c.term)
		if code != 0 || len(out) != 500000 {
			t.Fatalf("%v: exit %d, %d bytes: %s", c.args, code, len(out), errs)
		}
		if got := strings.Contains(errs, "%  "); got != c.bar {
			t.Errorf("%v %v term %v: bar shown %v, want %v: %q", c.args, c.vars, c.term, got, c.bar, errs)
		}
		if c.bar && !strings.HasSuffix(errs, "\r\x1b[K") {
			t.Errorf("the bar is not erased at the end: %q", errs)
		}
	}
}

func TestConvertOutputFollowsSymlink(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	target := filepath.Join(dir, "target")
	link := filepath.Join(dir, "link")
	os.WriteFile(in, []byte("é"), 0o644)
	os.WriteFile(target, []byte("old"), 0o600)
	if err := os.Symlink("target", link); err != nil {
		t.Skip(err)
	}
	if _, errs, code := runCLI([]string{"convert", "-t", "latin1", "-o", link, in}, nil); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if b, _ := os.ReadFile(target); string(b) != "\xe9" {
		t.Errorf("target = %q", b)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("-o replaced the link itself")
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600 kept", fi.Mode().Perm())
	}
}

func TestProgressErasedBeforeMessages(t *testing.T) {
	defer func(d, i time.Duration) { progressDelay, progressInterval = d, i }(progressDelay, progressInterval)
	progressDelay, progressInterval = 0, 0
	in := append(bytes.Repeat([]byte("text\n"), 100000), 0xFF)
	_, errs, code := runCLIEnv([]string{"convert", "--progress=always"}, in, nil, nil)
	if code != ExitInvalid {
		t.Fatalf("exit %d", code)
	}
	i := strings.Index(errs, "<stdin>:100001:1: byte 500000: invalid-byte")
	if i < 0 || !strings.HasSuffix(errs[:i], "\r\x1b[K") {
		t.Errorf("the message does not start a clean line: %q", errs[max(0, i-80):])
	}
}

// TestConvertLocatesAcrossChunks puts an unencodable character far into
// a large input, after many line ends, with each newline mode and with a
// multi-byte source encoding.
func TestConvertLocatesAcrossChunks(t *testing.T) {
	lineText := "a line of text\r\n"
	lines := 3*chunkSize/len(lineText) + 7
	in := append(bytes.Repeat([]byte(lineText), lines), "ok é"...)
	wantAt := fmt.Sprintf("<stdin>:%d:4: byte %d: unmappable", lines+1, len(in)-2)
	for _, nl := range []string{"keep", "lf", "crlf"} {
		_, errs, code := runCLI([]string{"convert", "-t", "ascii", "--newline=" + nl}, in)
		if code != ExitInvalid || !strings.HasPrefix(errs, wantAt) {
			t.Errorf("--newline=%s: exit %d, %q, want %q", nl, code, errs, wantAt)
		}
	}
	// From UTF-16LE: the byte offset counts input bytes.
	var u16 []byte
	for _, r := range string(in) {
		u16 = append(u16, byte(r), byte(r>>8))
	}
	wantAt = fmt.Sprintf("<stdin>:%d:4: byte %d: unmappable", lines+1, len(u16)-2)
	_, errs, code := runCLI([]string{"convert", "-f", "utf-16le", "-t", "ascii", "--newline=lf"}, u16)
	if code != ExitInvalid || !strings.HasPrefix(errs, wantAt) {
		t.Errorf("utf-16le: exit %d, %q, want %q", code, errs, wantAt)
	}
}
