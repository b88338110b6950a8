package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"unicode/utf8"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/fix"
	"github.com/ucskit/ucs/internal/report"
	"github.com/ucskit/ucs/transcode"
)

const fixUsage = `Usage: ucs fix [flags] [FILE...]
       ucs fix --in-place FILE...

Repair mojibake: text that was decoded with the wrong encoding (perhaps
twice) and saved, such as "CafÃ©" for "Café", "РџСЂРёРІРµС‚" for
"Привет" or "鏂囧瓧" for "文字". Each line of the FILEs (standard input
when there is none, or for "-") is written to standard output as UTF-8,
repaired when a chain of wrong decodings explains it better than the line
as it stands, else byte for byte as it was. One output line per input
line; it streams, memory stays bounded.

Only encodings are repaired: quotes, normalization, HTML entities and
line ends are left as they are. Correct text is never changed on purpose;
mojibake that lost bytes (U+FFFD, '?' for dropped bytes) is left alone.

Flags:
  -f, --from-code ENC   encoding of the input (default utf-8); malformed
                        input stops with its place, as ucs convert does
  --explain             print, on standard error, the chain of wrong
                        decodings found for each changed line, e.g.
                        "notes.txt:3: utf-8 → read as windows-1252 → utf-8"
  --json                instead of the text, print one JSON object per
                        changed or lossy line (file, line, input, output,
                        chain, layers, lossy)
  --check               write no text; exit 1 when some line would change
  -i, --in-place        repair each FILE into itself, atomically (as ucs
                        convert --in-place: a temporary file renamed over
                        the original, keeping its permissions); files with
                        nothing to repair are not touched
  --no-legacy           do not try legacy text read as another legacy page
  --max-layers N        undo at most N wrong decodings per line (default 4)

Examples:
  ucs fix scraped.txt > repaired.txt
  ucs fix --explain --check *.csv
  ucs fix -f windows-1252 old.txt
  ucs fix --in-place notes.txt

Exit status: 0 done (with --check: nothing to change), 1 invalid input or,
with --check, something would change, 2 usage error, 3 input/output error.
`

func init() {
	register(&Command{Name: "fix", Summary: "repair mojibake: undo wrong decodings, line by line", Usage: fixUsage, Run: runFix})
}

// maxFixLine bounds the bytes of one line held in memory; a longer line is
// written out unchanged in pieces.
const maxFixLine = 1 << 20

type fixFlags struct {
	from                 string
	explain, json, check bool
	inPlace, noLegacy    bool
	maxLayers            int
}

type fixer struct {
	env   *Env
	f     fixFlags
	cs    *charset.Charset
	opts  fix.Options
	out   *bufio.Writer
	name  string // display name of the current input
	lineN int64
	line  []byte
	long  bool // the current line outgrew maxFixLine
	// changed counts the lines changed in the current input.
	changed int
	errw    error
}

// fixRecord is one line of --json output.
type fixRecord struct {
	File   string      `json:"file"`
	Line   int64       `json:"line"`
	Input  string      `json:"input"`
	Output string      `json:"output"`
	Chain  string      `json:"chain,omitempty"`
	Layers []fix.Layer `json:"layers,omitempty"`
	Lossy  string      `json:"lossy,omitempty"`
}

func runFix(env *Env, args []string) int {
	fs := newFlagSet("fix")
	var f fixFlags
	fs.StringVar(&f.from, "f", "utf-8", "")
	fs.StringVar(&f.from, "from-code", "utf-8", "")
	fs.BoolVar(&f.explain, "explain", false, "")
	fs.BoolVar(&f.json, "json", false, "")
	fs.BoolVar(&f.check, "check", false, "")
	fs.BoolVar(&f.inPlace, "i", false, "")
	fs.BoolVar(&f.inPlace, "in-place", false, "")
	fs.BoolVar(&f.noLegacy, "no-legacy", false, "")
	fs.IntVar(&f.maxLayers, "max-layers", fix.DefaultMaxLayers, "")
	files, err := parseArgs(fs, args)
	if err != nil {
		return flagError(env, "fix", err, fixUsage)
	}
	cs, err := charset.Lookup(f.from)
	if err != nil {
		return usageError(env, "fix", "-f: %v", err)
	}
	if f.maxLayers < 1 {
		return usageError(env, "fix", "--max-layers must be at least 1")
	}
	if f.inPlace {
		switch {
		case len(files) == 0:
			return usageError(env, "fix", "--in-place needs at least one FILE")
		case f.check || f.json:
			return usageError(env, "fix", "--in-place writes files; it excludes --check and --json")
		case !plainUTF8(cs.Codec):
			return usageError(env, "fix", "--in-place keeps files in UTF-8; to repair %s text, write it to standard output", cs.Name)
		}
		for _, name := range files {
			if name == "-" {
				return usageError(env, "fix", "--in-place cannot repair standard input (\"-\"); name a file")
			}
		}
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	x := &fixer{env: env, f: f, cs: cs, opts: fix.Options{MaxLayers: f.maxLayers, NoLegacy: f.noLegacy}}
	code := ExitOK
	if f.inPlace {
		for _, name := range files {
			code = max(code, x.fixInPlace(name))
		}
		return code
	}
	var sink io.Writer = env.Stdout
	if f.check && !f.json {
		sink = io.Discard
	}
	x.out = bufio.NewWriterSize(sink, chunkSize)
	anyChanged := false
	for _, name := range files {
		rc := x.fixStream(name)
		code = max(code, rc)
		if x.changed > 0 {
			anyChanged = true
			if f.check {
				fmt.Fprintf(env.Stderr, "ucs fix: %s: %d line(s) would change\n", displayName(name), x.changed)
			}
		}
		if rc != ExitOK {
			break
		}
	}
	if err := x.out.Flush(); err != nil && code == ExitOK {
		fmt.Fprintf(env.Stderr, "ucs fix: writing standard output: %v\n", err)
		code = ExitIO
	}
	if code == ExitOK && f.check && anyChanged {
		code = ExitInvalid
	}
	return code
}

// fixStream repairs one input (name "-": standard input) into x.out.
func (x *fixer) fixStream(name string) int {
	var in io.Reader = x.env.Stdin
	if name != "-" {
		fh, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(x.env.Stderr, "ucs fix: %s: %v\n", name, plainError(err))
			return ExitIO
		}
		defer fh.Close()
		in = fh
	}
	return x.fixReader(in, displayName(name))
}

func (x *fixer) fixReader(in io.Reader, dn string) int {
	x.name, x.lineN, x.line, x.long, x.changed, x.errw = dn, 1, x.line[:0], false, 0, nil
	d := transcode.Decoder{Name: dn, From: x.cs.Codec, Invalid: x.cs.Codec.Options().Invalid, Escape: x.cs.Codec.Options().Escape}
	if _, err := d.Decode(in, x.take); err != nil {
		if x.errw != nil {
			fmt.Fprintf(x.env.Stderr, "ucs fix: writing: %v\n", x.errw)
			return ExitIO
		}
		return reportRunError(x.env, "fix", x.cs.Name, err)
	}
	if len(x.line) > 0 || x.long {
		x.endLine(false)
	}
	if x.errw != nil {
		fmt.Fprintf(x.env.Stderr, "ucs fix: writing: %v\n", x.errw)
		return ExitIO
	}
	return ExitOK
}

// take receives decoded text and hands out whole lines.
func (x *fixer) take(b []byte, _ transcode.Position) error {
	for len(b) > 0 {
		i := indexByte(b, '\n')
		if i < 0 {
			x.grow(b)
			break
		}
		x.grow(b[:i])
		x.endLine(true)
		b = b[i+1:]
	}
	if x.errw != nil {
		return &ioError{x.errw}
	}
	return nil
}

func indexByte(b []byte, c byte) int {
	for i, v := range b {
		if v == c {
			return i
		}
	}
	return -1
}

// grow adds text to the current line; past maxFixLine the line is written
// out unchanged, up to a character boundary.
func (x *fixer) grow(b []byte) {
	x.line = append(x.line, b...)
	if len(x.line) <= maxFixLine {
		return
	}
	cut := len(x.line)
	for cut > 0 && cut > len(x.line)-utf8.UTFMax && !utf8.RuneStart(x.line[cut-1]) {
		cut--
	}
	if cut > 0 && !utf8.FullRune(x.line[cut-1:]) {
		cut--
	}
	x.write(x.line[:cut])
	x.line = append(x.line[:0], x.line[cut:]...)
	x.long = true
}

// endLine repairs and writes the current line, with its LF when nl.
func (x *fixer) endLine(nl bool) {
	line := x.line
	if x.long {
		// Too long to judge as a whole: written as it came.
		x.write(line)
	} else {
		out, exp := fix.Bytes(line, x.opts)
		x.report(line, out, exp)
		x.write(out)
	}
	if nl {
		x.write([]byte{'\n'})
	}
	x.line, x.long = x.line[:0], false
	x.lineN++
}

func (x *fixer) report(in, out []byte, exp fix.Explanation) {
	if exp.Changed() {
		x.changed++
	}
	if !exp.Changed() && exp.Lossy == "" {
		return
	}
	if x.f.explain {
		if exp.Changed() {
			fmt.Fprintf(x.env.Stderr, "%s:%d: %s\n", x.name, x.lineN, exp)
		} else {
			fmt.Fprintf(x.env.Stderr, "%s:%d: left alone: %s\n", x.name, x.lineN, exp.Lossy)
		}
	}
	if x.f.json {
		rec := fixRecord{File: x.name, Line: x.lineN, Input: string(in), Output: string(out), Chain: exp.String(), Layers: exp.Layers, Lossy: exp.Lossy}
		b, err := report.Marshal(rec)
		if err == nil {
			x.out.Write(b)
			x.out.WriteByte('\n')
		}
	}
}

func (x *fixer) write(b []byte) {
	if x.f.json || x.errw != nil {
		return
	}
	if _, err := x.out.Write(b); err != nil {
		x.errw = err
	}
}

// fixInPlace repairs a file into itself with convert's atomic rules: a
// temporary file beside it, renamed over it only when every line was read
// and written, keeping its permissions, owner and times. A file with
// nothing to repair is left untouched.
func (x *fixer) fixInPlace(name string) int {
	if _, err := os.Stat(name); err != nil {
		fmt.Fprintf(x.env.Stderr, "ucs fix: %s: %v\n", name, plainError(err))
		return ExitIO
	}
	target, err := filepath.EvalSymlinks(name)
	if err != nil {
		fmt.Fprintf(x.env.Stderr, "ucs fix: %s: %v\n", name, plainError(err))
		return ExitIO
	}
	st, err := os.Stat(target)
	if err != nil {
		fmt.Fprintf(x.env.Stderr, "ucs fix: %v\n", err)
		return ExitIO
	}
	if !st.Mode().IsRegular() {
		fmt.Fprintf(x.env.Stderr, "ucs fix: %s: not a regular file; --in-place repairs regular files only\n", name)
		return ExitIO
	}
	if n := linkCount(st); n > 1 {
		fmt.Fprintf(x.env.Stderr, "ucs fix: %s: has %d hard links; replacing it would leave the other names with the old text, so it is left unchanged\n", name, n)
		return ExitIO
	}
	removeStaleTemps(target)
	tmp, err := createTemp(target)
	if err != nil {
		fmt.Fprintf(x.env.Stderr, "ucs fix: cannot repair %s in place: %v\n", name, err)
		return ExitIO
	}
	x.out = bufio.NewWriterSize(tmp, chunkSize)
	fh, err := os.Open(target)
	if err != nil {
		discardTemp(tmp)
		fmt.Fprintf(x.env.Stderr, "ucs fix: %s: %v\n", name, plainError(err))
		return ExitIO
	}
	rc := x.fixReader(fh, name)
	fh.Close()
	if rc == ExitOK {
		if err := x.out.Flush(); err != nil {
			fmt.Fprintf(x.env.Stderr, "ucs fix: writing %s: %v\n", name, err)
			rc = ExitIO
		}
	}
	if rc != ExitOK || x.changed == 0 {
		discardTemp(tmp)
		if rc != ExitOK {
			fmt.Fprintf(x.env.Stderr, "ucs fix: %s left unchanged\n", name)
		}
		return rc
	}
	if rc = x.commit(tmp, target, st); rc != ExitOK {
		fmt.Fprintf(x.env.Stderr, "ucs fix: %s left unchanged\n", name)
		return rc
	}
	if x.f.explain {
		fmt.Fprintf(x.env.Stderr, "ucs fix: %s: %d line(s) repaired\n", name, x.changed)
	}
	return ExitOK
}

// commit renames the repaired temporary file over path with convert's
// atomic rules (commitTemp), which speak as convert: their messages are
// given fix's name.
func (x *fixer) commit(tmp *os.File, path string, keep os.FileInfo) int {
	env := *x.env
	env.Stderr = &renamedMessages{w: x.env.Stderr, from: []byte("ucs convert: "), to: []byte("ucs fix: ")}
	return commitTemp(&env, tmp, path, keep)
}

// renamedMessages writes messages to w, each written whole in one call,
// with the prefix from replaced by to.
type renamedMessages struct {
	w        io.Writer
	from, to []byte
}

func (r *renamedMessages) Write(p []byte) (int, error) {
	if rest, ok := bytes.CutPrefix(p, r.from); ok {
		if _, err := r.w.Write(append(r.to[:len(r.to):len(r.to)], rest...)); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return r.w.Write(p)
}
