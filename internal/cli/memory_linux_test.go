package cli

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// memoryCeiling is the peak resident set size every command must stay
// under, whatever its input and flags. A command that keeps something per
// error or per character of an input of several MiB goes far over it (the
// JSON report of validate --max-errors 0 once took about 525 bytes per
// error: 2 GB for 4 MiB of random bytes).
const memoryCeiling = 64 << 20

// TestBoundedMemoryBadInput runs every command that reads a stream with
// its most output-heavy flags over large bad inputs made at test time,
// and checks the child's peak RSS. The child is killed as soon as it goes
// over the ceiling, so a regression costs no more than the ceiling.
//
// Not covered: "ucs bench" loads its files into memory by design (its
// help says so).
func TestBoundedMemoryBadInput(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and feeds it several MiB per case")
	}
	if vmHWM(os.Getpid()) == 0 {
		t.Skip("no /proc/PID/status VmHWM on this system")
	}
	bin := buildUCS(t)
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(13, 1))
	// Random bytes: about one malformed sequence every two bytes. The
	// inspect cases, which write tens of bytes per input byte, read 1 MiB.
	random := make([]byte, 6<<20)
	for i := range random {
		random[i] = byte(r.Uint32())
	}
	// Valid UTF-8 that every text check complains about: decomposed
	// letters (not NFC), compatibility characters (not NFKC), controls,
	// wide and zero-width characters, and no newline.
	block := "e\u0301\ufb01\u0007\u200b汉\U0001F600a\u0308"
	text := []byte(strings.Repeat(block, (6<<20)/len(block)))
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	rnd := write("random", random)
	txt := write("text", text)
	small := write("random-small", random[:1<<20])
	smallText := write("text-small", text[:(1<<20)/len(block)*len(block)])
	// Lines of double-encoded text for fix: every line is repaired and
	// explained.
	moji := []byte(strings.Repeat("CafÃ© crÃ¨me, Ð\u009fÑ\u0080Ð¸Ð²ÐµÑ\u0082, â\u0080\u009cquotedâ\u0080\u009d\n", (6<<20)/60))
	mojibake := write("mojibake", moji)
	// A directory dump whose entries all match, written back as LDIF, and
	// one entry with an 8 MiB photo folded over 140,000 lines.
	var ldif strings.Builder
	for i := 0; ldif.Len() < 6<<20; i++ {
		fmt.Fprintf(&ldif, "dn: cn=user%d,dc=example,dc=com\nobjectClass: inetOrgPerson\ncn: user%d\nsn: Ünïcödé %d\ndescription: %s\n\n", i, i, i, strings.Repeat("x", 100))
	}
	dump := write("dump.ldif", []byte(ldif.String()))
	photo := base64.StdEncoding.EncodeToString(random[:6<<20])
	var folded strings.Builder
	folded.WriteString("dn: cn=photo,dc=example,dc=com\nobjectClass: inetOrgPerson\ncn: photo\nsn: photo\njpegPhoto:: ")
	for i := 0; i < len(photo); i += 76 {
		if i > 0 {
			folded.WriteString("\n ")
		}
		folded.WriteString(photo[i:min(i+76, len(photo))])
	}
	folded.WriteString("\n\n")
	photoLDIF := write("photo.ldif", []byte(folded.String()))
	for _, c := range []struct {
		args []string
		exit int
	}{
		{[]string{"fix", "--explain", mojibake}, ExitOK},
		{[]string{"fix", "--json", mojibake}, ExitOK},
		{[]string{"ldap", "match", "--output", "ldif", "--ldif", dump, "(objectClass=person)"}, ExitOK},
		{[]string{"ldap", "match", "--json", "--ldif", dump, "(cn=*)"}, ExitOK},
		{[]string{"ldap", "match", "--output", "ldif", "--ldif", photoLDIF, "(cn=photo)"}, ExitOK},
		{[]string{"validate", "--json", "--max-errors", "0", rnd}, ExitInvalid},
		{[]string{"validate", "--max-errors", "0", rnd}, ExitInvalid},
		{[]string{"validate", "--json", "--max-errors", "0", "-f", "utf-16le", rnd}, ExitInvalid},
		{[]string{"validate", "--json", "--max-errors", "0", "--normalized", "NFKD", txt}, ExitInvalid},
		{[]string{"validate", "--max-errors", "0", "--normalized", "NFC", txt}, ExitInvalid},
		{[]string{"convert", "--invalid", "escape", "-t", "utf-16le", rnd}, ExitOK},
		{[]string{"convert", "--invalid", "replace", "--newline", "crlf", rnd}, ExitOK},
		{[]string{"convert", "-c", "-t", "ascii", txt}, ExitOK},
		{[]string{"convert", "--unmappable", "escape", "--escape", "uplus", "-t", "latin1", txt}, ExitOK},
		{[]string{"normalize", "--form", "NFKD", txt}, ExitOK},
		{[]string{"width", "--file", txt}, ExitOK},
		{[]string{"width", "--max", "1", "--file", txt}, ExitOK},
		{[]string{"inspect", "--json", "--file", small}, ExitInvalid},
		{[]string{"inspect", "--file", small}, ExitInvalid},
		{[]string{"inspect", "--json", "--file", smallText}, ExitOK},
		{[]string{"detect", "--all", "--json", rnd, txt}, -2},
	} {
		cmd := exec.Command(bin, c.args...)
		out := &countWriter{}
		cmd.Stdout = out
		var errb bytes.Buffer
		cmd.Stderr = &errb
		start := time.Now()
		peak, killed, err := runUnderCeiling(cmd, memoryCeiling)
		code := exitCode(err)
		name := strings.Join(c.args[:len(c.args)-1], " ")
		t.Logf("%s: exit %d in %v, %d KiB out, peak RSS %.1f MiB", name, code, time.Since(start).Round(time.Millisecond), out.n>>10, float64(peak)/(1<<20))
		if killed {
			t.Errorf("%s: peak RSS over %d MiB: killed", name, memoryCeiling>>20)
			continue
		}
		if c.exit != -2 && code != c.exit {
			t.Errorf("%s: exit %d, want %d: %.300s", name, code, c.exit, errb.String())
		}
		if peak == 0 {
			// The child ended before the first look at /proc: it ran
			// for a few milliseconds, too short to build up memory.
			t.Logf("%s: ended before its peak RSS could be read", name)
		}
	}
}

// runUnderCeiling runs cmd, polling the child's peak RSS from /proc, and
// kills it once the peak passes limit.
func runUnderCeiling(cmd *exec.Cmd, limit int64) (peak int64, killed bool, err error) {
	if err := cmd.Start(); err != nil {
		return 0, false, err
	}
	stop := make(chan struct{})
	polled := make(chan struct{})
	go func() {
		defer close(polled)
		for {
			if hwm := vmHWM(cmd.Process.Pid); hwm > peak {
				peak = hwm
			}
			if peak > limit && !killed {
				killed = true
				cmd.Process.Kill()
			}
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	err = cmd.Wait()
	close(stop)
	<-polled
	return peak, killed, err
}
