package ucsbeam

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/internal/cli"
)

// ValidateOptions configures Validate.
type ValidateOptions struct {
	// Encoding is the encoding to check against, any label ucs knows
	// (default utf-8).
	Encoding string
	// MaxErrors stops a file's report after that many errors, as
	// `ucs validate --max-errors` does; 0 takes the command's default
	// (100), a negative number means no limit.
	MaxErrors int
	// SplitSize: a file larger than this is validated in pieces of about
	// this size, in parallel; 0 means DefaultSplitSize, a negative number
	// never splits.
	SplitSize int64
}

func (o ValidateOptions) encoding() string {
	if o.Encoding == "" {
		return "utf-8"
	}
	return o.Encoding
}

// maxErrors is the value for the command's --max-errors.
func (o ValidateOptions) maxErrors() int {
	switch {
	case o.MaxErrors == 0:
		return 100
	case o.MaxErrors < 0:
		return 0
	}
	return o.MaxErrors
}

func splitSize(n int64) int64 {
	if n == 0 {
		return DefaultSplitSize
	}
	return n
}

// ConvertOptions configures Convert. The policies are the flags of
// `ucs convert` of the same names, with the same values; "" takes the
// command's default.
type ConvertOptions struct {
	From, To string // encodings, any label ucs knows (-f, -t; TO//TRANSLIT, TO//IGNORE)
	// OutputDir is the folder that receives DIR/<input file name>.
	OutputDir string
	// SplitSize as in ValidateOptions.
	SplitSize int64
	// Invalid: malformed input (--invalid: fail, replace, skip, escape).
	Invalid string
	// Unmappable: characters To lacks (--unmappable: fail, replace,
	// skip, escape, transliterate).
	Unmappable string
	// SkipAll skips both (-c).
	SkipAll bool
	// Escape is the notation of the escape policy (--escape).
	Escape string
	// Replacement is what replace writes for an unencodable character
	// (--replacement).
	Replacement string
	// BOM: keep, strip, add (--bom).
	BOM string
	// Newline: keep, lf, crlf (--newline).
	Newline string
}

// Args returns the flags of `ucs convert` that o stands for.
func (o ConvertOptions) Args() []string {
	var a []string
	add := func(flag, v string) {
		if v != "" {
			a = append(a, flag+"="+v)
		}
	}
	add("--from-code", o.From)
	add("--to-code", o.To)
	add("--invalid", o.Invalid)
	add("--unmappable", o.Unmappable)
	if o.SkipAll {
		a = append(a, "-c")
	}
	add("--escape", o.Escape)
	if o.Replacement != "" {
		a = append(a, "--replacement="+o.Replacement)
	}
	add("--bom", o.BOM)
	add("--newline", o.Newline)
	return a
}

// command is the command line of ucs, standard input aside.
func (o ConvertOptions) command() []string {
	return append(append([]string{"convert"}, o.Args()...), "--progress", "never")
}

// Check reports an option the command would refuse, in its words.
func (o ConvertOptions) Check() error { return checkCommand(o.command()) }

// checkCommand runs the command line args on empty input and returns its
// message when it is a usage error.
func checkCommand(args []string) error {
	var errb bytes.Buffer
	env := &cli.Env{Stdin: bytes.NewReader(nil), Stdout: io.Discard, Stderr: &errb, Getenv: func(string) string { return "" }}
	if code := cli.Main(env, append(append([]string(nil), args...), "-")); code == cli.ExitUsage {
		return errors.New(strings.TrimSpace(firstLine(errb.String())))
	}
	return nil
}

// splittable reports whether the pieces of a file converted one by one
// add up to the whole: the BOM policy "add" writes one per piece.
func (o ConvertOptions) splittable() bool { return o.BOM != "add" }

func init() {
	for _, t := range []reflect.Type{
		reflect.TypeOf((*ValidateResult)(nil)).Elem(),
		reflect.TypeOf((*DetectResult)(nil)).Elem(),
		reflect.TypeOf((*ConvertResult)(nil)).Elem(),
		reflect.TypeOf((*ConvertError)(nil)).Elem(),
		reflect.TypeOf((*Piece)(nil)).Elem(),
	} {
		beam.RegisterType(t)
	}
	beam.RegisterCoder(reflect.TypeOf((*ValidateResult)(nil)).Elem(), encodeValidateResult, decodeValidateResult)
	beam.RegisterCoder(reflect.TypeOf((*DetectResult)(nil)).Elem(), encodeDetectResult, decodeDetectResult)
	beam.RegisterCoder(reflect.TypeOf((*ConvertResult)(nil)).Elem(), encodeConvertResult, decodeConvertResult)
	beam.RegisterCoder(reflect.TypeOf((*ConvertError)(nil)).Elem(), encodeConvertError, decodeConvertError)
	beam.RegisterCoder(reflect.TypeOf((*Piece)(nil)).Elem(), encodePiece, decodePiece)

	// Reflection-based registration: the generic register.DoFnNxM
	// functions make this package take minutes and gigabytes to compile,
	// and the work per element (a file) dwarfs the reflective call.
	for _, fn := range []any{&planFn{}, &validateFileFn{}, &validatePieceFn{}, &mergeValidateFn{},
		&validateRecordFn{}, &detectFileFn{}, &detectRecordFn{}, &convertFileFn{}, &convertPieceFn{},
		&mergeConvertFn{}, &convertRecordFn{}, &uniqueNameFn{}} {
		beam.RegisterType(reflect.TypeOf(fn).Elem())
	}
	beam.RegisterFunction(keyByName)
}

// The coders of the records: JSON, which carries every field as it is.
func encodeValidateResult(v ValidateResult) ([]byte, error) { return json.Marshal(v) }
func decodeValidateResult(b []byte) (ValidateResult, error) {
	var v ValidateResult
	err := json.Unmarshal(b, &v)
	return v, err
}

func encodeDetectResult(v DetectResult) ([]byte, error) { return json.Marshal(v) }
func decodeDetectResult(b []byte) (DetectResult, error) {
	var v DetectResult
	err := json.Unmarshal(b, &v)
	return v, err
}

func encodeConvertResult(v ConvertResult) ([]byte, error) { return json.Marshal(v) }
func decodeConvertResult(b []byte) (ConvertResult, error) {
	var v ConvertResult
	err := json.Unmarshal(b, &v)
	return v, err
}

func encodeConvertError(v ConvertError) ([]byte, error) { return json.Marshal(v) }
func decodeConvertError(b []byte) (ConvertError, error) {
	var v ConvertError
	err := json.Unmarshal(b, &v)
	return v, err
}

func encodePiece(v Piece) ([]byte, error) { return json.Marshal(v) }
func decodePiece(b []byte) (Piece, error) {
	var v Piece
	err := json.Unmarshal(b, &v)
	return v, err
}

// Validate checks each file of files, a PCollection of
// fileio.ReadableFile (from fileio.MatchFiles and fileio.ReadMatches),
// as `ucs validate --json` does, and returns a PCollection of
// ValidateResult, one per file. A file larger than the split size, in an
// encoding that can be cut at line ends, is validated in pieces in
// parallel; its result is the same as the whole file's.
func Validate(s beam.Scope, files beam.PCollection, opts ValidateOptions) beam.PCollection {
	s = s.Scope("ucs.Validate")
	whole, pieces := beam.ParDo2(s, &planFn{Encoding: opts.encoding(), To: "", SplitSize: splitSize(opts.SplitSize)}, files)
	res := beam.ParDo(s, &validateFileFn{Encoding: opts.encoding(), MaxErrors: opts.maxErrors()}, whole)
	parts := beam.ParDo(s, &validatePieceFn{Encoding: opts.encoding(), MaxErrors: opts.maxErrors()}, beam.Reshuffle(s, pieces))
	merged := beam.ParDo(s, &mergeValidateFn{MaxErrors: opts.maxErrors()}, beam.GroupByKey(s, parts))
	return beam.Flatten(s, res, merged)
}

// ValidateRecords checks byte records, a PCollection of KV<string,
// []byte> (a name and the bytes), as Validate checks files; the result's
// "file" is the record's name. Records are never split.
func ValidateRecords(s beam.Scope, records beam.PCollection, opts ValidateOptions) beam.PCollection {
	s = s.Scope("ucs.ValidateRecords")
	return beam.ParDo(s, &validateRecordFn{Encoding: opts.encoding(), MaxErrors: opts.maxErrors()}, records)
}

// Detect guesses the encoding of each file of files as `ucs detect
// --json` does (from at most its first 64 KiB) and returns a
// PCollection of DetectResult, one per file.
func Detect(s beam.Scope, files beam.PCollection) beam.PCollection {
	s = s.Scope("ucs.Detect")
	return beam.ParDo(s, &detectFileFn{}, files)
}

// DetectRecords guesses the encoding of byte records, a PCollection of
// KV<string, []byte>; the result's "file" is the record's name.
func DetectRecords(s beam.Scope, records beam.PCollection) beam.PCollection {
	s = s.Scope("ucs.DetectRecords")
	return beam.ParDo(s, &detectRecordFn{}, records)
}

// ConvertResult says what became of one input file of Convert: Output is
// the file written, or Error says why none was.
type ConvertResult struct {
	File   string        `json:"file"`
	Output string        `json:"output,omitempty"`
	Error  *ConvertError `json:"error,omitempty"`
}

// Convert converts each file of files as `ucs convert -f From -t To FILE`
// does into OutputDir/<file name>, written atomically (a temporary file
// renamed when complete): a file that fails leaves no output, and its
// ConvertResult carries the error. Two inputs with the same file name
// would write the same output: both fail. Large files in encodings that
// can be cut at line ends (and a target without state or byte order
// mark) are converted in pieces in parallel and joined.
func Convert(s beam.Scope, files beam.PCollection, opts ConvertOptions) beam.PCollection {
	s = s.Scope("ucs.Convert")
	keyed := beam.ParDo(s, keyByName, files)
	unique, clashes := beam.ParDo2(s, &uniqueNameFn{OutputDir: opts.OutputDir}, beam.GroupByKey(s, keyed))
	size := splitSize(opts.SplitSize)
	if !opts.splittable() {
		size = -1
	}
	whole, pieces := beam.ParDo2(s, &planFn{Encoding: from(opts.From), To: to(opts.To), SplitSize: size}, unique)
	res := beam.ParDo(s, &convertFileFn{Args: opts.command(), OutputDir: opts.OutputDir}, whole)
	parts := beam.ParDo(s, &convertPieceFn{Args: opts.command(), OutputDir: opts.OutputDir}, beam.Reshuffle(s, pieces))
	merged := beam.ParDo(s, &mergeConvertFn{OutputDir: opts.OutputDir}, beam.GroupByKey(s, parts))
	return beam.Flatten(s, res, merged, clashes)
}

// ConvertRecords converts byte records, a PCollection of KV<string,
// []byte>, as Convert converts files (OutputDir and SplitSize aside), and
// returns the converted records (KV<string, []byte>, same names) and a
// PCollection of ConvertError for the records that failed.
func ConvertRecords(s beam.Scope, records beam.PCollection, opts ConvertOptions) (converted, failed beam.PCollection) {
	s = s.Scope("ucs.ConvertRecords")
	return beam.ParDo2(s, &convertRecordFn{Args: opts.command()}, records)
}

// from and to are the encodings of -f and -t, defaults filled in.
func from(enc string) string {
	if enc == "" {
		return "utf-8"
	}
	return enc
}

func to(enc string) string { return from(enc) }

// splitFiles and pieces count the files processed in pieces and their
// pieces.
var (
	splitFiles = beam.NewCounter("ucsbeam", "split-files")
	pieces     = beam.NewCounter("ucsbeam", "pieces")
)

// planFn sends a file either whole (first output) or cut into pieces
// (second output).
type planFn struct {
	Encoding  string // the file's encoding
	To        string // convert: the target encoding, else ""
	SplitSize int64
}

func (f *planFn) ProcessElement(ctx context.Context, file fileio.ReadableFile, whole func(fileio.ReadableFile), piece func(Piece)) error {
	size := file.Metadata.Size
	if f.SplitSize <= 0 || size <= f.SplitSize || !f.splittable() {
		whole(file)
		return nil
	}
	cs, _ := charset.Lookup(f.Encoding)
	ps, err := planPieces(file.Metadata.Path, size, f.SplitSize, cs, func(off int64) (io.ReadCloser, error) {
		return openAt(ctx, file.Metadata.Path, off)
	})
	if err != nil || len(ps) == 1 {
		// Unreadable at a split point: the whole-file path reports it.
		whole(file)
		return nil
	}
	splitFiles.Inc(ctx, 1)
	pieces.Inc(ctx, int64(len(ps)))
	for _, p := range ps {
		piece(p)
	}
	return nil
}

func (f *planFn) splittable() bool {
	cs, err := charset.Lookup(f.Encoding)
	if err != nil || !splittableSource(cs) {
		return false
	}
	if f.To != "" {
		to, err := charset.Lookup(f.To)
		if err != nil || !splittableTarget(to) {
			return false
		}
	}
	return true
}

type validateFileFn struct {
	Encoding  string
	MaxErrors int
}

func (f *validateFileFn) ProcessElement(ctx context.Context, file fileio.ReadableFile, emit func(ValidateResult)) error {
	p := file.Metadata.Path
	rc, err := openAt(ctx, p, 0)
	if err != nil {
		emit(ValidateResult{File: p, Encoding: canonical(f.Encoding), Errors: []ValidateError{}, Error: err.Error()})
		return nil
	}
	defer rc.Close()
	res, err := validateStream(rc, p, f.Encoding, f.MaxErrors)
	if err != nil {
		return err
	}
	emit(res)
	return nil
}

func canonical(enc string) string {
	if cs, err := charset.Lookup(enc); err == nil {
		return cs.Name
	}
	return enc
}

// pieceResult is what a piece's work hands to the merge, as JSON.
type pieceResult struct {
	Index int
	Start int64
	Lines int64 // line feeds in the piece
	// Validate:
	Result ValidateResult
	// Convert: the converted piece (a temporary file), or the error.
	Part  string
	Error *ConvertError
}

type validatePieceFn struct {
	Encoding  string
	MaxErrors int
}

func (f *validatePieceFn) ProcessElement(ctx context.Context, p Piece, emit func(string, string)) error {
	rc, err := openRange(ctx, p.Path, p.Start, p.End)
	if err != nil {
		return err
	}
	defer rc.Close()
	lc := newLineCounter(rc, p.Wide)
	enc := f.Encoding
	if p.Index > 0 && p.Wide != "" {
		enc = p.Wide // the byte order of the whole file, without its BOM
	}
	res, err := validateStream(lc, p.Path, enc, f.MaxErrors)
	if err != nil {
		return err
	}
	// The command stops reading after --max-errors: count the rest.
	if _, err := io.Copy(io.Discard, lc); err != nil {
		return err
	}
	b, _ := json.Marshal(pieceResult{Index: p.Index, Start: p.Start, Lines: lc.lines, Result: res})
	emit(p.Path, string(b))
	return nil
}

func readPieces(iter func(*string) bool) ([]pieceResult, error) {
	var ps []pieceResult
	var s string
	for iter(&s) {
		var p pieceResult
		if err := json.Unmarshal([]byte(s), &p); err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].Index < ps[j].Index })
	return ps, nil
}

type mergeValidateFn struct {
	MaxErrors int
}

func (f *mergeValidateFn) ProcessElement(path string, iter func(*string) bool, emit func(ValidateResult)) error {
	ps, err := readPieces(iter)
	if err != nil {
		return err
	}
	emit(mergeValidate(ps, f.MaxErrors))
	return nil
}

// mergeValidate joins the results of a file's pieces, in order, into the
// result of the whole file: offsets move by the piece's start, lines by
// the line feeds before it (a piece starts a line: columns stay).
func mergeValidate(ps []pieceResult, maxErrors int) ValidateResult {
	out := ps[0].Result
	out.Errors = []ValidateError{}
	line := int64(1)
	for _, p := range ps {
		r := p.Result
		if !r.Valid {
			out.Valid = false
		}
		if out.Error == "" {
			out.Error = r.Error
		}
		for _, e := range r.Errors {
			if e.Offset != nil {
				off := *e.Offset + p.Start
				e.Offset = &off
			}
			e.Line += line - 1
			out.Errors = append(out.Errors, e)
		}
		line += p.Lines
	}
	if maxErrors > 0 && len(out.Errors) > maxErrors {
		out.Errors = out.Errors[:maxErrors]
	}
	return out
}

type validateRecordFn struct {
	Encoding  string
	MaxErrors int
}

func (f *validateRecordFn) ProcessElement(name string, data []byte, emit func(ValidateResult)) error {
	res, err := validateStream(bytes.NewReader(data), name, f.Encoding, f.MaxErrors)
	if err != nil {
		return err
	}
	emit(res)
	return nil
}

type detectFileFn struct{}

func (f *detectFileFn) ProcessElement(ctx context.Context, file fileio.ReadableFile, emit func(DetectResult)) error {
	p := file.Metadata.Path
	rc, err := openAt(ctx, p, 0)
	if err != nil {
		emit(DetectResult{File: p, Error: fmt.Sprintf("cannot read %s: %v", p, err)})
		return nil
	}
	defer rc.Close()
	emit(detectStream(rc, p))
	return nil
}

type detectRecordFn struct{}

func (f *detectRecordFn) ProcessElement(name string, data []byte, emit func(DetectResult)) {
	emit(detectStream(bytes.NewReader(data), name))
}

func keyByName(file fileio.ReadableFile, emit func(string, fileio.ReadableFile)) {
	emit(baseName(file.Metadata.Path), file)
}

// uniqueNameFn passes on the files whose name no other input has; the
// others fail, since their outputs would overwrite each other.
type uniqueNameFn struct {
	OutputDir string
	Fix       bool // the work is ucs fix, not ucs convert
}

func (f *uniqueNameFn) done() string {
	if f.Fix {
		return "repaired"
	}
	return "converted"
}

func (f *uniqueNameFn) ProcessElement(name string, iter func(*fileio.ReadableFile) bool, ok func(fileio.ReadableFile), clash func(ConvertResult)) {
	var files []fileio.ReadableFile
	var file fileio.ReadableFile
	for iter(&file) {
		if inDir(file.Metadata.Path, f.OutputDir) {
			// Its output would replace it, and a second run would read
			// the first one's outputs.
			p := file.Metadata.Path
			msg := fmt.Sprintf("ucs-beam: %s: not %s: the input is in the output folder %s", p, f.done(), f.OutputDir)
			clash(ConvertResult{File: p, Error: &ConvertError{File: p, Message: msg}})
			continue
		}
		files = append(files, file)
	}
	if len(files) == 0 {
		return
	}
	if len(files) == 1 {
		ok(files[0])
		return
	}
	paths := make([]string, len(files))
	for i, fl := range files {
		paths[i] = fl.Metadata.Path
	}
	sort.Strings(paths)
	for _, p := range paths {
		msg := fmt.Sprintf("ucs-beam: %s: not %s: %d inputs are named %s and would write the same output %s", p, f.done(), len(paths), name, joinPath(f.OutputDir, name))
		clash(ConvertResult{File: p, Error: &ConvertError{File: p, Message: msg}})
	}
}

type convertFileFn struct {
	Args      []string // the command line: convert or fix, then its flags
	OutputDir string
}

func (f *convertFileFn) ProcessElement(ctx context.Context, file fileio.ReadableFile, emit func(ConvertResult)) error {
	p := file.Metadata.Path
	final := joinPath(f.OutputDir, baseName(p))
	var cerr *ConvertError
	err := writeAtomic(ctx, final, func(w io.Writer) error {
		rc, err := openAt(ctx, p, 0)
		if err != nil {
			cerr = &ConvertError{File: p, Message: "ucs " + f.Args[0] + ": " + err.Error()}
			return cerr
		}
		defer rc.Close()
		if cerr = convertStream(rc, w, p, f.Args); cerr != nil {
			return cerr
		}
		return nil
	})
	switch {
	case cerr != nil:
		emit(ConvertResult{File: p, Error: cerr})
	case err != nil:
		emit(ConvertResult{File: p, Error: &ConvertError{File: p, Message: fmt.Sprintf("ucs %s: writing %s: %v", f.Args[0], final, err)}})
	default:
		emit(ConvertResult{File: p, Output: final})
	}
	return nil
}

type convertPieceFn struct {
	Args      []string // the command line: convert or fix, then its flags
	OutputDir string
}

func (f *convertPieceFn) ProcessElement(ctx context.Context, p Piece, emit func(string, string)) error {
	final := joinPath(f.OutputDir, baseName(p.Path))
	part := tempName(final, fmt.Sprintf("part%d", p.Index))
	res := pieceResult{Index: p.Index, Start: p.Start}
	fail := func(err error) error {
		res.Error = &ConvertError{File: p.Path, Message: "ucs convert: " + err.Error()}
		b, _ := json.Marshal(res)
		emit(p.Path, string(b))
		return nil
	}
	rc, err := openRange(ctx, p.Path, p.Start, p.End)
	if err != nil {
		return fail(err)
	}
	defer rc.Close()
	lc := newLineCounter(rc, p.Wide)
	fs, w, err := createFile(ctx, part)
	if err != nil {
		return fail(err)
	}
	defer fs.Close()
	args := f.Args
	if p.Index > 0 && p.Wide != "" {
		// The byte order of the whole file, without its BOM.
		args = withFrom(args, p.Wide)
	}
	res.Error = convertStream(lc, w, p.Path, args)
	if cerr := w.Close(); cerr != nil && res.Error == nil {
		remove(ctx, part)
		return fail(cerr)
	}
	res.Lines = lc.lines
	if res.Error != nil {
		remove(ctx, part)
	} else {
		res.Part = part
	}
	b, _ := json.Marshal(res)
	emit(p.Path, string(b))
	return nil
}

// withFrom returns the command line args with the input's encoding
// (--from-code=) set to enc.
func withFrom(args []string, enc string) []string {
	out := make([]string, 0, len(args)+1)
	for _, a := range args {
		if !strings.HasPrefix(a, "--from-code=") {
			out = append(out, a)
		}
	}
	return append(out, "--from-code="+enc)
}

type mergeConvertFn struct {
	OutputDir string
}

func (f *mergeConvertFn) ProcessElement(ctx context.Context, path string, iter func(*string) bool, emit func(ConvertResult)) error {
	ps, err := readPieces(iter)
	if err != nil {
		return err
	}
	defer func() {
		for _, p := range ps {
			if p.Part != "" {
				remove(ctx, p.Part)
			}
		}
	}()
	line := int64(1)
	for _, p := range ps {
		if p.Error != nil {
			// The first failing piece: the pieces before it converted
			// whole, so the command on the whole file stops here too.
			shiftError(p.Error, p.Start, line)
			emit(ConvertResult{File: path, Error: p.Error})
			return nil
		}
		line += p.Lines
	}
	final := joinPath(f.OutputDir, baseName(path))
	err = writeAtomic(ctx, final, func(w io.Writer) error {
		for _, p := range ps {
			rc, err := openAt(ctx, p.Part, 0)
			if err != nil {
				return err
			}
			_, err = io.Copy(w, rc)
			rc.Close()
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		emit(ConvertResult{File: path, Error: &ConvertError{File: path, Message: fmt.Sprintf("ucs convert: writing %s: %v", final, err)}})
		return nil
	}
	emit(ConvertResult{File: path, Output: final})
	return nil
}

type convertRecordFn struct {
	Args []string // the command line: convert or fix, then its flags
}

func (f *convertRecordFn) ProcessElement(name string, data []byte, ok func(string, []byte), failed func(ConvertError)) error {
	var out bytes.Buffer
	if e := convertStream(bytes.NewReader(data), &out, name, f.Args); e != nil {
		failed(*e)
		return nil
	}
	ok(name, out.Bytes())
	return nil
}
