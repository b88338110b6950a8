package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/utf"
	"golang.org/x/text/transform"
)

const convertUsage = `Usage: ucs convert [-f FROM] [-t TO] [flags] [FILE...]

Convert text from one encoding to another. Reads the FILEs one after the
other (standard input when there is none, or for "-") and writes standard
output, or OUT with -o. It streams: memory stays bounded whatever the size.

By default ucs stops at the first malformed sequence or unencodable
character and says where it is: file, line, column and byte offset.

Flags:
  -f, --from-code ENC     encoding of the input (default utf-8)
  -t, --to-code ENC       encoding of the output (default utf-8); iconv's
                          suffixes work: TO//IGNORE skips what cannot be
                          converted; //TRANSLIT is not supported yet
  -o, --output OUT        write OUT (atomically: a temporary file in the same
                          directory, renamed on success; OUT is untouched on
                          failure)
  --invalid POLICY        malformed input: fail (default), replace (U+FFFD per
                          maximal subpart), skip, escape
  --unmappable POLICY     characters TO cannot represent: fail (default),
                          replace, skip, escape
  -c                      skip both (as iconv -c)
  --escape STYLE          notation of the escape policy: backslash (\xHH,
                          \uXXXX), java, xml (&#N;), xml-hex, uplus (<U+XXXX>)
  --replacement TEXT      what replace writes for an unencodable character
                          (default U+FFFD, or "?" when TO cannot encode it)
  --bom POLICY            byte order mark of the output: keep (default: one if
                          the input had one), strip, add; never more than one

Examples:
  ucs convert -f gbk -t utf-8 old.txt > new.txt
  ucs convert -f utf-8 -t utf-16le -o out.txt in.txt
  ucs convert -f latin1 -t ascii --unmappable=escape --escape=uplus notes.txt
  iconv-style: ucs convert --from-code=UTF-8 --to-code=ASCII//IGNORE in.txt

Exit status: 0 converted, 1 invalid or unencodable data, 2 usage error,
3 input/output error.
`

func init() {
	register(&Command{Name: "convert", Summary: "convert text between encodings (iconv-compatible flags)", Usage: convertUsage, Run: runConvert})
}

type convertFlags struct {
	from, to, out           string
	invalid, unmappable     string
	escape, replacement     string
	bom                     string
	skipAll                 bool
	fromSet, toSet          bool
	inPlace, newline, force bool
}

func runConvert(env *Env, args []string) int {
	fs := newFlagSet("convert")
	var f convertFlags
	for _, n := range []string{"f", "from-code", "from"} {
		fs.StringVar(&f.from, n, "", "")
	}
	for _, n := range []string{"t", "to-code", "to"} {
		fs.StringVar(&f.to, n, "", "")
	}
	fs.StringVar(&f.out, "o", "", "")
	fs.StringVar(&f.out, "output", "", "")
	fs.StringVar(&f.invalid, "invalid", "fail", "")
	fs.StringVar(&f.unmappable, "unmappable", "fail", "")
	fs.StringVar(&f.escape, "escape", "backslash", "")
	fs.StringVar(&f.replacement, "replacement", "", "")
	fs.StringVar(&f.bom, "bom", "keep", "")
	fs.BoolVar(&f.skipAll, "c", false, "")
	files, err := parseArgs(fs, args)
	if err != nil {
		return flagError(env, "convert", err, convertUsage)
	}
	c, code := newConverter(env, &f)
	if c == nil {
		return code
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	return c.run(files)
}

type converter struct {
	env        *Env
	from, to   *charset.Charset
	fromCodec  *encoding.Codec
	toCodec    *encoding.Codec
	bomPolicy  string
	outPath    string
	writeBOM   []byte // BOM to write at the start of the output, decided per run
	enc        *encoding.Transformer
	w          *bufio.Writer
	encBuf     []byte
	started    bool // something was written (or the output BOM decided)
	replaced   map[string]int
	firstFixed map[string]diag
}

func newConverter(env *Env, f *convertFlags) (*converter, int) {
	from := f.from
	if from == "" {
		from = "utf-8"
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
	// iconv's suffixes: TO//IGNORE, TO//TRANSLIT (either order).
	for {
		upper := strings.ToUpper(to)
		switch {
		case strings.HasSuffix(upper, "//IGNORE"):
			to = to[:len(to)-len("//IGNORE")]
			invalid, unmappable = encoding.Skip, encoding.Skip
			continue
		case strings.HasSuffix(upper, "//TRANSLIT"):
			return nil, usageError(env, "convert", "transliteration (//TRANSLIT) is not supported yet; use --unmappable=replace or --unmappable=escape")
		case strings.HasSuffix(upper, "//"):
			to = to[:len(to)-2]
			continue
		}
		break
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
		env:        env,
		from:       fromCS,
		to:         toCS,
		fromCodec:  fromCS.Codec.With(encoding.Options{Invalid: invalid, Escape: esc}),
		toCodec:    toCodec.With(encoding.Options{Unmappable: unmappable, Escape: esc, Replacement: f.replacement}),
		bomPolicy:  f.bom,
		outPath:    f.out,
		replaced:   map[string]int{},
		firstFixed: map[string]diag{},
	}
	return c, ExitOK
}

func (c *converter) run(files []string) int {
	var out io.Writer = c.env.Stdout
	var tmp *os.File
	if c.outPath != "" {
		for _, name := range files {
			if name != "-" && sameFile(name, c.outPath) {
				return usageError(c.env, "convert", "-o %s names an input file: writing it would destroy the input (use another name)", c.outPath)
			}
		}
		var err error
		tmp, err = os.CreateTemp(filepath.Dir(c.outPath), "."+filepath.Base(c.outPath)+".ucs-tmp-*")
		if err != nil {
			fmt.Fprintf(c.env.Stderr, "ucs convert: cannot write %s: %v\n", c.outPath, err)
			return ExitIO
		}
		out = tmp
		defer func() {
			if tmp != nil {
				tmp.Close()
				os.Remove(tmp.Name())
			}
		}()
	}
	c.w = bufio.NewWriterSize(out, chunkSize)
	c.enc = c.toCodec.EncodeTransformer().(*encoding.Transformer)
	c.encBuf = make([]byte, 4*chunkSize+256)
	code := ExitOK
	for _, name := range files {
		if rc := c.convertFile(name); rc != ExitOK {
			code = rc
			break
		}
	}
	if code == ExitOK {
		// Flush the encoder (a UTF-7 shift, an ISO 2022 mode) and the output.
		if err := c.encode(nil, nil, true); err != nil {
			code = c.fail(err)
		}
	}
	if code == ExitOK || tmp == nil {
		// On failure, standard output still gets the text converted
		// before the error, as iconv does; a file named by -o does not.
		if err := c.w.Flush(); err != nil && code == ExitOK {
			fmt.Fprintf(c.env.Stderr, "ucs convert: writing %s: %v\n", c.outName(), err)
			code = ExitIO
		}
	}
	for name, n := range c.replaced {
		d := c.firstFixed[name]
		fmt.Fprintf(c.env.Stderr, "ucs convert: %s: %d bad sequence(s) handled by policy; the first: %s\n", name, n, d)
	}
	if tmp != nil {
		if code == ExitOK {
			code = commitTemp(c.env, tmp, c.outPath)
		}
		if code == ExitOK {
			tmp = nil
		}
	}
	return code
}

// commitTemp syncs, closes and renames the temporary file onto path.
func commitTemp(env *Env, tmp *os.File, path string) int {
	if st, err := os.Stat(path); err == nil {
		tmp.Chmod(st.Mode().Perm())
	} else {
		tmp.Chmod(0o644)
	}
	if err := tmp.Sync(); err != nil {
		fmt.Fprintf(env.Stderr, "ucs convert: writing %s: %v\n", path, err)
		return ExitIO
	}
	if err := tmp.Close(); err != nil {
		fmt.Fprintf(env.Stderr, "ucs convert: writing %s: %v\n", path, err)
		return ExitIO
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		fmt.Fprintf(env.Stderr, "ucs convert: cannot replace %s: %v\n", path, err)
		return ExitIO
	}
	return ExitOK
}

func (c *converter) outName() string {
	if c.outPath == "" {
		return "standard output"
	}
	return c.outPath
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

func (c *converter) convertFile(name string) int {
	var in io.Reader = c.env.Stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(c.env.Stderr, "ucs convert: %v\n", err)
			return ExitIO
		}
		defer f.Close()
		in = f
	}
	dn := displayName(name)
	hadBOM := false
	fileStart := true
	d := decoder{
		name:  dn,
		codec: c.fromCodec,
		head: func(b []byte) {
			// The BOM forms consume their BOM; note that there was one.
			if utf.WritesBOM(c.from.Codec) {
				if bc, _ := utf.SniffBOM(b, c.from.Codec == utf.UTF32BOM); bc != nil {
					hadBOM = true
				}
			}
		},
		report: func(dg diag) error {
			if c.replaced[dn] == 0 {
				c.firstFixed[dn] = dg
			}
			c.replaced[dn]++
			return nil
		},
		sink: func(ch *chunk) error {
			text := ch.text
			skip := 0
			if fileStart {
				fileStart = false
				if len(text) >= 3 && string(text[:3]) == "\uFEFF" {
					hadBOM = true
					skip = 3
				}
			}
			if !c.started {
				c.started = true
				if c.bomPolicy == "add" || (c.bomPolicy == "keep" && hadBOM) {
					if !utf.WritesBOM(c.toCodec) {
						if err := c.encode(nil, []byte("\uFEFF"), false); err != nil {
							return err
						}
					}
				}
			}
			return c.encode(ch, text[skip:], false)
		},
	}
	err := d.run(in)
	if err == nil && !c.started && fileStart {
		// An empty input: still decide the output BOM for "add".
		c.started = true
		if c.bomPolicy == "add" && !utf.WritesBOM(c.toCodec) {
			err = c.encode(nil, []byte("\uFEFF"), false)
		}
	}
	if err != nil {
		var f *failure
		if errors.As(err, &f) && f.d.File == "" {
			f.d.File = dn
		}
		return c.fail(err)
	}
	return ExitOK
}

// encode runs text (a part of ch's text, or nil ch for text of our own)
// through the encoder and writes the result.
func (c *converter) encode(ch *chunk, text []byte, atEOF bool) error {
	base := c.enc.Offset()
	src := text
	for {
		nd, ns, err := c.enc.Transform(c.encBuf, src, atEOF)
		if nd > 0 {
			if _, werr := c.w.Write(c.encBuf[:nd]); werr != nil {
				return &ioError{werr}
			}
		}
		src = src[ns:]
		switch err {
		case nil:
			return nil
		case transform.ErrShortDst:
			continue
		case transform.ErrShortSrc:
			return nil
		}
		var e *encoding.Error
		if errors.As(err, &e) && ch != nil {
			k := int(e.Offset-base) + (len(ch.text) - len(text))
			p := ch.placeAt(k)
			return &failure{diag{File: "", Offset: ch.offsetAt(k), Line: p.line, Col: p.col, Kind: e.Kind, Bytes: e.Bytes, Rune: e.Rune, To: c.to.Name}}
		}
		return err
	}
}

type ioError struct{ err error }

func (e *ioError) Error() string { return e.err.Error() }

// fail prints err and returns its exit code.
func (c *converter) fail(err error) int {
	var f *failure
	var ioe *ioError
	switch {
	case errors.As(err, &f):
		fmt.Fprintln(c.env.Stderr, f.d.String())
		if f.d.Kind == encoding.Unmappable {
			fmt.Fprintf(c.env.Stderr, "ucs convert: stopped: %s has no %s; use --unmappable=replace, skip or escape to go on\n", c.to.Name, encoding.FormatRune(f.d.Rune))
		} else {
			fmt.Fprintf(c.env.Stderr, "ucs convert: stopped: the input is not valid %s (%s); use --invalid=replace, skip or escape to go on\n", c.from.Name, f.d.Kind.Describe())
		}
		return ExitInvalid
	case errors.As(err, &ioe):
		fmt.Fprintf(c.env.Stderr, "ucs convert: writing %s: %v\n", c.outName(), ioe.err)
		return ExitIO
	}
	fmt.Fprintf(c.env.Stderr, "ucs convert: %v\n", err)
	return ExitIO
}
