package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/utf"
	"github.com/ucskit/ucs/transcode"
)

const convertUsage = `Usage: ucs convert [-f FROM] [-t TO] [flags] [FILE...]
       ucs convert [-f FROM] [-t TO] [flags] --in-place FILE...

Convert text from one encoding to another. Reads the FILEs one after the
other (standard input when there is none, or for "-") and writes standard
output, or OUT with -o, or each FILE itself with --in-place. It streams:
memory stays bounded whatever the size. Standard output appended to an
input (ucs convert F >> F) is refused, as cat refuses it: exit status 3,
F untouched.

By default ucs stops at the first malformed sequence or unencodable
character and says where it is: file, line, column and byte offset.

Flags:
  -f, --from-code ENC     encoding of the input (default utf-8); "auto"
                          detects it from the first 64 KiB (after skipping an
                          ASCII start), says on standard error what it chose,
                          and stops with exit status 4 when unsure
                          (confidence under 0.5, or under 0.9 with
                          --in-place; --force takes the best guess anyway)
  -t, --to-code ENC       encoding of the output; iconv's suffixes work:
                          TO//IGNORE skips what cannot be converted,
                          TO//TRANSLIT transliterates what TO cannot
                          represent (é to e, € to EUR, ß to ss, “” to "",
                          "?" for characters without an ASCII form, as
                          glibc's iconv), TO//TRANSLIT//IGNORE does both;
                          on FROM they are accepted and ignored, as
                          glibc does. Without -t, the
                          output is UTF-8, except that on a terminal it is
                          the terminal's encoding: the codeset of LC_ALL,
                          LC_CTYPE or LANG (the first set), as in
                          en_GB.UTF-8 or de_DE.ISO-8859-1
  -o, --output OUT        write OUT (atomically: a temporary file in the same
                          directory, renamed on success; OUT is untouched on
                          failure); refused when OUT is one of the inputs
                          or a file ucs may not write; a symbolic link OUT
                          is followed; a device or a pipe (-o /dev/null) is
                          written directly
  -i, --in-place          convert each FILE into itself, atomically: the text
                          goes to a temporary file in the same directory
                          (named .FILE.ucs-tmp-PID-N), which is synced and
                          renamed over FILE on success and removed on
                          failure; FILE keeps its permissions, owner and
                          group (where allowed), its access and
                          modification times and, on Linux, its extended
                          attributes and ACLs. A symbolic link is followed
                          and its target replaced (the link stays a link).
                          A file with more than one hard link is refused,
                          since the rename would split the links. As with
                          sed -i, the directory must be writable, the file
                          need not be. Temporary files left by a killed run
                          are removed by the next run on the same file.
                          --in-place /dev/stdin (or /dev/fd/N) is a link
                          too: with < F it rewrites F. Runs on the same
                          file at the same time are not serialized: each
                          renames its own result over FILE, the last one
                          wins and the others' work is lost (run one at a
                          time, or under a lock such as flock(1))
  --newline MODE          line ends of the output: keep (default), lf (CR LF
                          becomes LF), crlf (a lone LF becomes CR LF)
  --progress WHEN         a progress bar on standard error (bytes, rate,
                          time left): auto (default: only when standard
                          error is a terminal and CI is not set), always,
                          never
  --force                 with -f auto, convert even when unsure
  --invalid POLICY        malformed input: fail (default), replace (U+FFFD per
                          maximal subpart), skip (see -c), escape
  --unmappable POLICY     characters TO cannot represent: fail (default),
                          replace, skip, escape, transliterate (as
                          //TRANSLIT)
  -c                      skip both (as iconv -c). Skipping joins the
                          bytes around what it drops: '/.\xC0\x80./'
                          becomes '/../' and '<scr\xC0ipt>' '<script>'
                          (Unicode TR #36 section 3.1). For text that is
                          checked after conversion (paths, markup, names)
                          use --invalid=replace, whose U+FFFD keeps the
                          pieces apart
  --escape STYLE          notation of the escape policy: backslash (\xHH,
                          \uXXXX), java, xml (&#N;), xml-hex, uplus (<U+XXXX>)
  --replacement TEXT      what replace writes for an unencodable character
                          (default U+FFFD, or "?" when TO cannot encode it)
  --bom POLICY            byte order mark of the output: keep (default: one if
                          the input had one), strip, add; never more than one

Examples:
  ucs convert -f gbk -t utf-8 old.txt > new.txt
  ucs convert -f utf-8 -t utf-16le -o out.txt in.txt
  ucs convert -f gb18030 -t utf-8 --in-place --newline=lf *.txt
  ucs convert -f auto -t utf-8 mystery.txt
  ucs convert -f latin1 -t ascii --unmappable=escape --escape=uplus notes.txt
  iconv-style: ucs convert --from-code=UTF-8 --to-code=ASCII//IGNORE in.txt
  ASCII folding: ucs convert -t ASCII//TRANSLIT in.txt

Exit status: 0 converted, 1 invalid or unencodable data, 2 usage error,
3 input/output error (or a file --in-place refuses, or standard output
is one of the inputs), 4 -f auto unsure.
`

func init() {
	register(&Command{Name: "convert", Summary: "convert text between encodings (iconv-compatible flags)", Usage: convertUsage, Run: runConvert})
}

type convertFlags struct {
	from, to, out       string
	invalid, unmappable string
	escape, replacement string
	bom, newline        string
	progress            string
	skipAll             bool
	inPlace, force      bool
}

func runConvert(env *Env, args []string) int {
	fs := newFlagSet("convert")
	var f convertFlags
	encodingVar(fs, &f.from, "", "f", "from-code", "from")
	encodingVar(fs, &f.to, "", "t", "to-code", "to")
	fs.StringVar(&f.out, "o", "", "")
	fs.StringVar(&f.out, "output", "", "")
	fs.StringVar(&f.invalid, "invalid", "fail", "")
	fs.StringVar(&f.unmappable, "unmappable", "fail", "")
	fs.StringVar(&f.escape, "escape", "backslash", "")
	fs.StringVar(&f.replacement, "replacement", "", "")
	fs.StringVar(&f.bom, "bom", "keep", "")
	fs.BoolVar(&f.skipAll, "c", false, "")
	fs.BoolVar(&f.inPlace, "i", false, "")
	fs.BoolVar(&f.inPlace, "in-place", false, "")
	fs.StringVar(&f.newline, "newline", "keep", "")
	fs.StringVar(&f.progress, "progress", "auto", "")
	fs.BoolVar(&f.force, "force", false, "")
	files, err := parseArgs(fs, args)
	if err != nil {
		return flagError(env, "convert", err, convertUsage)
	}
	if f.inPlace {
		if f.out != "" {
			return usageError(env, "convert", "--in-place and -o exclude each other: --in-place writes each input file itself")
		}
		if len(files) == 0 {
			return usageError(env, "convert", "--in-place needs at least one FILE")
		}
		for _, name := range files {
			if name == "-" {
				return usageError(env, "convert", "--in-place cannot convert standard input (\"-\"); name a file")
			}
		}
	}
	if f.to == "" && f.out == "" && !f.inPlace && env.isTerminal(env.Stdout) {
		f.to = localeCodeset(env)
	}
	c, code := newConverter(env, &f)
	if c == nil {
		return code
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	switch f.progress {
	case "always":
		c.progress = newProgress(env.Stderr, files)
	case "auto":
		if env.isTerminal(env.Stderr) && env.getenv("CI") == "" {
			c.progress = newProgress(env.Stderr, files)
		}
	}
	if c.progress != nil {
		// Messages erase the bar first, so that they start a clean line.
		e := *env
		e.Stderr = &barWriter{w: env.Stderr, p: c.progress}
		c.env = &e
	}
	defer c.progress.finish()
	if c.inPlace || c.outPath != "" {
		// An interrupt stops the work between chunks, so that the
		// temporary file is removed and the target left as it was.
		stop := c.catchSignals()
		defer stop()
	}
	if c.inPlace {
		return c.runInPlace(files)
	}
	if c.outPath == "" {
		if code := refuseInputIsOutput(env, "convert", files); code != ExitOK {
			return code
		}
	}
	return c.run(files)
}

type converter struct {
	env      *Env
	from, to *charset.Charset
	toCodec  *encoding.Codec
	opts     transcode.Options
	outPath  string
	inPlace  bool
	auto     bool // -f auto: detect each input's encoding
	force    bool // -f auto: go on when unsure
	out      *transcode.Output
	progress *progress
	curOut   string // the file being written by --in-place
	curFrom  string // the encoding of the input being read
	// interrupted is set by SIGINT, SIGTERM or SIGHUP during -o or
	// --in-place work.
	interrupted atomic.Bool
	replaced    map[string]int
	firstFixed  map[string]*transcode.Error
}

func newConverter(env *Env, f *convertFlags) (*converter, int) {
	from, _, _ := cutSuffixes(f.from)
	if from == "" {
		from = "utf-8"
	}
	auto := strings.EqualFold(from, "auto")
	if auto {
		from = "utf-8" // replaced per input by what detection finds
	}
	to := f.to
	if to == "" {
		to = "utf-8"
	}
	invalid, err := encoding.ParsePolicy(f.invalid)
	if err != nil {
		return nil, usageError(env, "convert", "--invalid: %v", err)
	}
	unmappable, err := encoding.ParsePolicy(f.unmappable)
	if err != nil {
		return nil, usageError(env, "convert", "--unmappable: %v", err)
	}
	esc, err := encoding.ParseEscapeStyle(f.escape)
	if err != nil {
		return nil, usageError(env, "convert", "--escape: %v", err)
	}
	if f.skipAll {
		invalid, unmappable = encoding.Skip, encoding.Skip
	}
	// iconv's suffixes on the target: TO//TRANSLIT, TO//IGNORE, both
	// (in either order). glibc accepts them on the source too and ignores
	// them there; so does ucs.
	to, translit, ignore := cutSuffixes(to)
	if ignore {
		invalid, unmappable = encoding.Skip, encoding.Skip
	}
	if translit {
		unmappable = encoding.Transliterate
	}
	fromCS, err := charset.Lookup(from)
	if err != nil {
		return nil, usageError(env, "convert", "-f: %v", err)
	}
	toCS, err := charset.Lookup(to)
	if err != nil {
		return nil, usageError(env, "convert", "-t: %v", err)
	}
	if !toCS.CanEncode() {
		return nil, usageError(env, "convert", "-t: ucs decodes %s but does not encode it", toCS.Name)
	}
	switch f.bom {
	case "keep", "strip", "add":
	default:
		return nil, usageError(env, "convert", "--bom: unknown policy %q (want keep, strip or add)", f.bom)
	}
	switch f.newline {
	case "keep", "lf", "crlf":
	default:
		return nil, usageError(env, "convert", "--newline: unknown mode %q (want keep, lf or crlf)", f.newline)
	}
	switch f.progress {
	case "auto", "always", "never":
	default:
		return nil, usageError(env, "convert", "--progress: unknown value %q (want auto, always or never)", f.progress)
	}
	if f.force && !auto {
		return nil, usageError(env, "convert", "--force only applies to -f auto")
	}
	toCodec := toCS.Codec
	if f.bom == "strip" {
		// The forms that always write a BOM give way to their fixed forms.
		switch toCodec {
		case utf.UTF16BOM:
			toCodec = utf.UTF16BE
		case utf.UTF32BOM:
			toCodec = utf.UTF32BE
		case utf.UTF8BOM:
			toCodec = utf.UTF8
		}
	}
	if f.bom == "add" && utf.BOM(toCodec) == nil && !utf.WritesBOM(toCodec) {
		return nil, usageError(env, "convert", "--bom=add: %s has no byte order mark", toCS.Name)
	}
	c := &converter{
		env:     env,
		from:    fromCS,
		to:      toCS,
		toCodec: toCodec,
		opts: transcode.Options{
			Invalid: invalid, Unmappable: unmappable, Escape: esc, Replacement: f.replacement,
			BOM:     map[string]transcode.BOM{"keep": transcode.KeepBOM, "strip": transcode.StripBOM, "add": transcode.AddBOM}[f.bom],
			Newline: map[string]transcode.Newline{"keep": transcode.KeepNewlines, "lf": transcode.LF, "crlf": transcode.CRLF}[f.newline],
		},
		outPath:    f.out,
		inPlace:    f.inPlace,
		auto:       auto,
		force:      f.force,
		replaced:   map[string]int{},
		firstFixed: map[string]*transcode.Error{},
	}
	c.opts.Report = func(e *transcode.Error) {
		if c.replaced[e.Name] == 0 {
			first := *e
			first.Bytes = append([]byte(nil), e.Bytes...)
			c.firstFixed[e.Name] = &first
		}
		c.replaced[e.Name]++
	}
	return c, ExitOK
}

// cutSuffixes removes iconv's suffixes from an encoding name: //TRANSLIT,
// //IGNORE and empty ones ("UTF-8//"), in any order and number.
func cutSuffixes(name string) (base string, translit, ignore bool) {
	for {
		upper := strings.ToUpper(name)
		switch {
		case strings.HasSuffix(upper, "//IGNORE"):
			name, ignore = name[:len(name)-len("//IGNORE")], true
		case strings.HasSuffix(upper, "//TRANSLIT"):
			name, translit = name[:len(name)-len("//TRANSLIT")], true
		case strings.HasSuffix(upper, "//"):
			name = name[:len(name)-2]
		default:
			return name, translit, ignore
		}
	}
}

// begin starts an output: a fresh encoder and newline state, writing to out.
func (c *converter) begin(out io.Writer) {
	o, err := transcode.NewOutput(out, c.toCodec, c.opts)
	if err != nil {
		panic(err) // newConverter checked the options
	}
	c.out = o
}

// finish ends an output: it writes a CR still held by --newline=lf and
// flushes the encoder (a UTF-7 shift, an ISO 2022 mode) and the writer.
func (c *converter) finish() error { return c.out.Close() }

func (c *converter) run(files []string) int {
	var out io.Writer = c.env.Stdout
	var tmp *os.File
	if c.outPath != "" {
		for _, name := range files {
			if name != "-" && sameFile(name, c.outPath) {
				return usageError(c.env, "convert", "-o %s names an input file: writing it would destroy the input (use --in-place to convert a file into itself)", c.outPath)
			}
		}
		// A symbolic link is followed: its target is replaced, as
		// --in-place does.
		target := c.outPath
		if t, err := filepath.EvalSymlinks(c.outPath); err == nil {
			target = t
		}
		if st, err := os.Stat(target); err == nil && !st.Mode().IsRegular() {
			if st.IsDir() {
				fmt.Fprintf(c.env.Stderr, "ucs convert: -o %s is a directory\n", c.outPath)
				return ExitIO
			}
			// A device, a pipe or a socket (-o /dev/null, -o /dev/stdout):
			// nothing may be renamed over it, so it is written directly.
			f, err := os.OpenFile(target, os.O_WRONLY|os.O_TRUNC, 0)
			if err != nil {
				fmt.Fprintf(c.env.Stderr, "ucs convert: cannot write %s: %v\n", c.outPath, plainError(err))
				return ExitIO
			}
			defer f.Close()
			out = f
		} else {
			// Like a shell redirection, -o does not replace a file this
			// process may not write (--in-place does, as sed -i does).
			if _, err := os.Stat(target); err == nil && !writable(target) {
				fmt.Fprintf(c.env.Stderr, "ucs convert: cannot write %s: permission denied\n", c.outPath)
				return ExitIO
			}
			removeStaleTemps(target)
			var err error
			tmp, err = createTemp(target)
			if err != nil {
				fmt.Fprintf(c.env.Stderr, "ucs convert: cannot write %s: %v\n", c.outPath, err)
				return ExitIO
			}
			out = tmp
		}
	}
	c.begin(out)
	code := ExitOK
	for _, name := range files {
		if rc := c.convertFile(name, displayName(name)); rc != ExitOK {
			code = rc
			break
		}
	}
	if code == ExitOK {
		if err := c.finish(); err != nil {
			code = c.fail(err)
		}
	}
	if code == ExitOK || tmp == nil {
		// On failure, standard output still gets the text converted
		// before the error, as iconv does; a file named by -o does not.
		if err := c.out.Flush(); err != nil && code == ExitOK {
			fmt.Fprintf(c.env.Stderr, "ucs convert: writing %s: %v\n", c.outName(), err)
			code = ExitIO
		}
	}
	c.reportFixed()
	if tmp != nil {
		if code != ExitOK {
			discardTemp(tmp)
			return code
		}
		target := c.outPath
		if t, err := filepath.EvalSymlinks(c.outPath); err == nil {
			target = t
		}
		return commitTemp(c.env, tmp, target, nil)
	}
	return code
}

// runInPlace converts each file into itself. A failure on one file leaves
// that file as it was and goes on with the next; the exit status is the
// worst seen.
func (c *converter) runInPlace(files []string) int {
	code := ExitOK
	var done []os.FileInfo
	for _, name := range files {
		code = max(code, c.convertInPlace(name, &done))
	}
	return code
}

func (c *converter) convertInPlace(name string, done *[]os.FileInfo) int {
	c.curOut = name
	defer func() { c.curOut = "" }()
	// Symbolic links are followed: the target is converted and replaced,
	// and the link keeps pointing at it.
	if _, err := os.Stat(name); err != nil {
		fmt.Fprintf(c.env.Stderr, "ucs convert: %s: %v\n", name, plainError(err))
		return ExitIO
	}
	target, err := filepath.EvalSymlinks(name)
	if err != nil {
		fmt.Fprintf(c.env.Stderr, "ucs convert: %s: %v\n", name, plainError(err))
		return ExitIO
	}
	st, err := os.Stat(target)
	if err != nil {
		fmt.Fprintf(c.env.Stderr, "ucs convert: %v\n", err)
		return ExitIO
	}
	if !st.Mode().IsRegular() {
		fmt.Fprintf(c.env.Stderr, "ucs convert: %s: not a regular file; --in-place converts regular files only\n", name)
		return ExitIO
	}
	for _, prev := range *done {
		if os.SameFile(prev, st) {
			fmt.Fprintf(c.env.Stderr, "ucs convert: %s: already converted in this run (named twice, or through a link); skipped\n", name)
			return ExitOK
		}
	}
	if n := linkCount(st); n > 1 {
		fmt.Fprintf(c.env.Stderr, "ucs convert: %s: has %d hard links; replacing it would leave the other names with the old text, so it is left unchanged (write a new file with -o instead)\n", name, n)
		return ExitIO
	}
	removeStaleTemps(target)
	tmp, err := createTemp(target)
	if err != nil {
		fmt.Fprintf(c.env.Stderr, "ucs convert: cannot convert %s in place: %v\n", name, err)
		return ExitIO
	}
	c.begin(tmp)
	rc := c.convertFile(target, name)
	if rc == ExitOK {
		if err := c.finish(); err != nil {
			rc = c.fail(err)
		}
	}
	if rc == ExitOK {
		if err := c.out.Flush(); err != nil {
			fmt.Fprintf(c.env.Stderr, "ucs convert: writing %s: %v\n", name, err)
			rc = ExitIO
		}
	}
	c.reportFixed()
	if rc != ExitOK {
		discardTemp(tmp)
		fmt.Fprintf(c.env.Stderr, "ucs convert: %s left unchanged\n", name)
		return rc
	}
	if rc = commitTemp(c.env, tmp, target, st); rc != ExitOK {
		fmt.Fprintf(c.env.Stderr, "ucs convert: %s left unchanged\n", name)
		return rc
	}
	// The rename gave the name a new file: remember that one.
	if st, err := os.Stat(target); err == nil {
		*done = append(*done, st)
	}
	return ExitOK
}

var errInterrupted = errors.New("interrupted")

// catchSignals sets c.interrupted on SIGINT, SIGTERM or SIGHUP until the
// returned function is called. A second signal ends the process at once.
func (c *converter) catchSignals() (stop func()) {
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, stopSignals...)
	done := make(chan struct{})
	go func() {
		select {
		case <-ch:
			c.interrupted.Store(true)
		case <-done:
			return
		}
		select {
		case <-ch:
			os.Exit(ExitIO)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// tempMarker is in the name of every temporary file, followed by the
// process id: .NAME.ucs-tmp-PID-RANDOM.
const tempMarker = ".ucs-tmp-"

// createTemp creates the temporary file that will replace path, in the
// same directory (so that the rename is atomic).
func createTemp(path string) (*os.File, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	return os.CreateTemp(dir, "."+base+tempMarker+strconv.Itoa(os.Getpid())+"-*")
}

// removeStaleTemps removes the temporary files for path that a run killed
// before it could clean up left behind: those whose process is gone.
func removeStaleTemps(path string) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	prefix := "." + base + tempMarker
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !e.Type().IsRegular() {
			continue
		}
		pidText, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || pid <= 0 || pid == os.Getpid() || processAlive(pid) {
			continue
		}
		os.Remove(filepath.Join(dir, e.Name()))
	}
}

// discardTemp closes and removes a temporary file after a failure.
func discardTemp(tmp *os.File) {
	tmp.Close()
	os.Remove(tmp.Name())
}

// commitTemp syncs, closes and renames the temporary file onto path, then
// syncs the directory. With keep (the file being replaced), it first gives
// the temporary file keep's permissions, owner, group and times. On
// failure the temporary file is removed and path is untouched.
func commitTemp(env *Env, tmp *os.File, path string, keep os.FileInfo) (code int) {
	defer func() {
		if code != ExitOK {
			discardTemp(tmp)
		}
	}()
	fail := func(what string, err error) int {
		fmt.Fprintf(env.Stderr, "ucs convert: %s %s: %v\n", what, path, err)
		return ExitIO
	}
	if keep != nil {
		if err := tmp.Chmod(keep.Mode().Perm() | keep.Mode()&(os.ModeSetuid|os.ModeSetgid|os.ModeSticky)); err != nil {
			return fail("cannot keep the permissions of", err)
		}
		// Ownership: only root may give a file away; a failure keeps the
		// converted file owned by whoever ran ucs, which is all that is
		// possible.
		keepOwner(tmp, keep)
		// chown may clear set-id bits: set the mode again.
		tmp.Chmod(keep.Mode().Perm() | keep.Mode()&(os.ModeSetuid|os.ModeSetgid|os.ModeSticky))
		// Extended attributes and ACLs (which agree with the mode just
		// set) follow; what cannot be kept is said, and is no failure.
		for _, f := range keepXattrs(path, tmp) {
			fmt.Fprintf(env.Stderr, "ucs convert: note: %s: extended attribute not kept: %s\n", path, f)
		}
	} else if st, err := os.Stat(path); err == nil {
		tmp.Chmod(st.Mode().Perm())
	} else {
		tmp.Chmod(0o644 &^ umask())
	}
	if err := tmp.Sync(); err != nil {
		return fail("writing", err)
	}
	if err := tmp.Close(); err != nil {
		return fail("writing", err)
	}
	if keep != nil {
		if err := os.Chtimes(tmp.Name(), accessTime(keep), keep.ModTime()); err != nil {
			return fail("cannot keep the times of", err)
		}
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fail("cannot replace", err)
	}
	syncDir(filepath.Dir(path))
	return ExitOK
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// reportFixed tells how many bad sequences a policy handled, per file.
func (c *converter) reportFixed() {
	names := make([]string, 0, len(c.replaced))
	for name := range c.replaced {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		d := c.firstFixed[name]
		fmt.Fprintf(c.env.Stderr, "ucs convert: %s: %d bad sequence(s) handled by policy; the first: %s\n", name, c.replaced[name], d)
		delete(c.replaced, name)
		delete(c.firstFixed, name)
	}
}

func (c *converter) outName() string {
	switch {
	case c.curOut != "":
		return c.curOut
	case c.outPath == "":
		return "standard output"
	}
	return c.outPath
}

// plainError strips the operation and path from a file system error, for
// messages that name the file themselves.
func plainError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	if err != nil {
		return false
	}
	return os.SameFile(sa, sb)
}

func displayName(name string) string {
	if name == "-" {
		return "<stdin>"
	}
	return name
}

// convertFile converts the file at path ("-": standard input), naming it
// dn in messages.
func (c *converter) convertFile(path, dn string) int {
	var in io.Reader = c.env.Stdin
	var file *os.File
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintf(c.env.Stderr, "ucs convert: %v\n", err)
			return ExitIO
		}
		defer f.Close()
		in, file = f, f
	} else if f, ok := in.(*os.File); ok {
		file = f
	}
	if c.progress != nil {
		in = &countingReader{r: in, p: c.progress}
	}
	from := c.from
	if c.auto {
		cs, rest, code := c.detect(in, dn)
		if cs == nil {
			return code
		}
		in, from, file = rest, cs, nil
	}
	c.curFrom = from.Name
	// An interrupt stops the work between reads (or between the windows
	// of a mapped file).
	var r io.Reader = interruptible{in, &c.interrupted}
	if file != nil {
		r = mappable{interruptible{in, &c.interrupted}, file, c.progress}
	}
	if _, err := c.out.Copy(r, from.Codec, dn); err != nil {
		return c.fail(err)
	}
	return ExitOK
}

// interruptible is a reader that fails once interrupted is set.
type interruptible struct {
	r           io.Reader
	interrupted *atomic.Bool
}

func (r interruptible) Read(p []byte) (int, error) {
	if r.interrupted.Load() {
		return 0, errInterrupted
	}
	return r.r.Read(p)
}

// mappable is an interruptible reader of a file that transcode may map
// into memory instead of reading (mapread.Source): Step then does what
// Read would, counting progress and stopping on an interrupt.
type mappable struct {
	interruptible
	file     *os.File
	progress *progress
}

func (m mappable) MappedFile() *os.File { return m.file }

func (m mappable) Step(n int) error {
	if m.interrupted.Load() {
		return errInterrupted
	}
	if m.progress != nil {
		m.progress.add(n)
	}
	return nil
}

type ioError struct{ err error }

func (e *ioError) Error() string { return e.err.Error() }

// fail prints err and returns its exit code.
func (c *converter) fail(err error) int {
	var f *transcode.Error
	var ioe *transcode.WriteError
	switch {
	case errors.As(err, &f):
		if c.env.TextError != nil {
			c.env.TextError(f)
		}
		fmt.Fprintln(c.env.Stderr, f.Error())
		if f.Kind == encoding.Unmappable {
			fmt.Fprintf(c.env.Stderr, "ucs convert: stopped: %s has no %s; use --unmappable=replace, skip or escape to go on\n", c.to.Name, encoding.FormatRune(f.Rune))
		} else {
			fmt.Fprintf(c.env.Stderr, "ucs convert: stopped: the input is not valid %s (%s); use --invalid=replace, skip or escape to go on\n", c.curFrom, f.Kind.Describe())
			if cs, err := charset.Lookup(c.curFrom); err == nil && cs.Caveat != "" {
				fmt.Fprintf(c.env.Stderr, "ucs convert: note: %s\n", cs.Caveat)
			}
		}
		return ExitInvalid
	case errors.As(err, &ioe):
		fmt.Fprintf(c.env.Stderr, "ucs convert: writing %s: %v\n", c.outName(), ioe.Err)
		return ExitIO
	case err == errInterrupted:
		fmt.Fprintf(c.env.Stderr, "ucs convert: interrupted\n")
		return ExitIO
	}
	fmt.Fprintf(c.env.Stderr, "ucs convert: %v\n", err)
	return ExitIO
}
