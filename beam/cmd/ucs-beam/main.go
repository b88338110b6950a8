// Command ucs-beam validates, detects or converts many files on an Apache
// Beam runner (prism, the local runner, by default; Dataflow, Flink or
// Spark with --runner and their options):
//
//	ucs-beam --op validate [--from ENC] --input GLOB --output PREFIX
//	ucs-beam --op detect --input GLOB --output PREFIX
//	ucs-beam --op convert --from ENC --to ENC [POLICIES] --input GLOB --output DIR
//	ucs-beam --op fix [--from ENC] [--no-legacy] [--max-layers N] --input GLOB --output DIR
//
// validate and detect write one JSON line per input file, with the fields
// of `ucs validate --json` and `ucs detect --json`, into files named
// PREFIX-SSSSS-of-NNNNN.jsonl. convert writes DIR/<input file name> for
// each input, byte for byte what `ucs convert -f ENC -t ENC FILE` writes
// (with the policy flags of ucs convert: --invalid, --unmappable, -c,
// --escape, --replacement, --bom, --newline), and fix what `ucs fix FILE`
// writes, atomically; the files that fail leave no output and are listed,
// with the command's error fields, in DIR/_errors.jsonl. An input glob
// that can match files in the output folder is refused.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	ucsbeam "github.com/ucskit/ucs/beam"
	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/fix"
)

var (
	op        = flag.String("op", "", "validate, detect, convert or fix")
	input     = flag.String("input", "", "the input files: a glob (a local path or gs://)")
	output    = flag.String("output", "", "validate, detect: the prefix of the result files; convert, fix: the output folder")
	from      = flag.String("from", "", "the encoding of the input (convert: required; validate, fix: default utf-8)")
	to        = flag.String("to", "", "convert: the encoding of the output")
	maxErrors = flag.Int("max-errors", 100, "validate: stop a file's report after N errors (0: no limit)")
	splitSize = flag.Int64("split-size", ucsbeam.DefaultSplitSize, "validate, convert: files larger than this many bytes are processed in pieces of about this size, in parallel (0: never)")
	shards    = flag.Int("shards", 1, "validate, detect: the number of result files")

	// The policies of ucs convert, with its names and values.
	invalid     = flag.String("invalid", "", "convert: malformed input: fail (default), replace, skip, escape")
	unmappable  = flag.String("unmappable", "", "convert: characters --to cannot represent: fail (default), replace, skip, escape, transliterate")
	skipAll     = flag.Bool("c", false, "convert: skip both (as iconv -c)")
	escape      = flag.String("escape", "", "convert: notation of the escape policy: backslash, java, xml, xml-hex, uplus")
	replacement = flag.String("replacement", "", "convert: what replace writes for an unencodable character")
	bom         = flag.String("bom", "", "convert: byte order mark of the output: keep (default), strip, add")
	newline     = flag.String("newline", "", "convert: line ends of the output: keep (default), lf, crlf")

	// The flags of ucs fix.
	noLegacy  = flag.Bool("no-legacy", false, "fix: do not try legacy text read as another legacy page")
	maxLayers = flag.Int("max-layers", fix.DefaultMaxLayers, "fix: undo at most N wrong decodings per line")
)

func main() {
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, `Usage:
  ucs-beam --op validate [--from ENC] --input GLOB --output PREFIX
  ucs-beam --op detect --input GLOB --output PREFIX
  ucs-beam --op convert --from ENC --to ENC [POLICIES] --input GLOB --output DIR
  ucs-beam --op fix [--from ENC] [--no-legacy] [--max-layers N] --input GLOB --output DIR
plus Beam's flags: --runner (default prism), and the runner's own.

`)
		flag.PrintDefaults()
	}
	flag.Parse()
	beam.Init()
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "ucs-beam: %v\n", err)
		if _, ok := err.(usageError); ok {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// usageError is a mistake in the command line (exit status 2).
type usageError struct{ error }

func usage(format string, args ...any) error {
	flag.Usage()
	return usageError{fmt.Errorf(format, args...)}
}

func run() error {
	if err := checkFlags(); err != nil {
		return err
	}
	p, s := beam.NewPipelineWithRoot()
	files := fileio.ReadMatches(s, fileio.MatchFiles(s, *input, fileio.MatchEmptyAllow()),
		fileio.ReadUncompressed(), fileio.ReadDirectorySkip())
	if err := build(s, files); err != nil {
		return err
	}
	return beamx.Run(context.Background(), p)
}

// Options of ucs convert and ucs fix, and which operation each belongs to.
var (
	convertFlags = []string{"invalid", "unmappable", "c", "escape", "replacement", "bom", "newline"}
	fixFlags     = []string{"no-legacy", "max-layers"}
)

// checkFlags refuses, before any work, a command line that mixes the
// options of two operations or that the operation cannot run.
func checkFlags() error {
	if *input == "" || *output == "" {
		return usage("--input and --output are required")
	}
	set := map[string]bool{}
	flag.VisitAll(func(f *flag.Flag) { set[f.Name] = f.Value.String() != f.DefValue })
	if err := onlyFor("convert", convertFlags, set); err != nil {
		return err
	}
	if err := onlyFor("fix", fixFlags, set); err != nil {
		return err
	}
	switch *op {
	case "validate", "detect":
		if *from != "" {
			if _, err := charset.Lookup(*from); err != nil {
				return usage("--from: %v", err)
			}
		}
	case "convert", "fix":
		if err := checkWriting(); err != nil {
			return err
		}
	}
	return checkOp()
}

// onlyFor refuses the options names, set on the command line, unless the
// operation is want.
func onlyFor(want string, names []string, set map[string]bool) error {
	if *op == want {
		return nil
	}
	for _, n := range names {
		if set[n] {
			dash := "--"
			if len(n) == 1 {
				dash = "-"
			}
			return usage("%s%s applies to --op %s only", dash, n, want)
		}
	}
	return nil
}

// checkWriting checks the options of the operations that write files.
func checkWriting() error {
	var err error
	if *op == "convert" {
		err = convertOptions().Check()
	} else {
		if *to != "" {
			return usage("--to applies to convert only")
		}
		if *maxLayers < 1 {
			return usage("--max-layers must be at least 1")
		}
		err = fixOptions().Check()
	}
	if err != nil {
		return usage("%s", strings.TrimPrefix(strings.TrimPrefix(err.Error(), "ucs convert: "), "ucs fix: "))
	}
	if ucsbeam.GlobReachesDir(*input, *output) {
		return usage("--input %s can match files in the output folder %s: their outputs would replace them, and a later run would read this run's outputs; write to another folder", *input, *output)
	}
	return nil
}

// checkOp checks what each operation needs of --from and --to.
func checkOp() error {
	switch *op {
	case "validate":
		if *to != "" {
			return usage("--to applies to convert only")
		}
	case "detect":
		if *from != "" || *to != "" {
			return usage("--from and --to apply to validate and convert")
		}
	case "convert":
		if *from == "" || *to == "" {
			return usage("convert needs --from ENC and --to ENC")
		}
	case "fix":
	default:
		return usage("--op must be validate, detect, convert or fix")
	}
	return nil
}

func convertOptions() ucsbeam.ConvertOptions {
	return ucsbeam.ConvertOptions{From: *from, To: *to, OutputDir: *output,
		Invalid: *invalid, Unmappable: *unmappable, SkipAll: *skipAll, Escape: *escape,
		Replacement: *replacement, BOM: *bom, Newline: *newline}
}

func fixOptions() ucsbeam.FixOptions {
	return ucsbeam.FixOptions{From: *from, OutputDir: *output, NoLegacy: *noLegacy, MaxLayers: *maxLayers}
}

// build adds the operation's transforms over files to the pipeline, and
// the writing of their results.
func build(s beam.Scope, files beam.PCollection) error {
	split := *splitSize
	if split == 0 {
		split = -1
	}
	switch *op {
	case "validate":
		limit := *maxErrors
		if limit == 0 {
			limit = -1
		}
		res := ucsbeam.Validate(s, files, ucsbeam.ValidateOptions{Encoding: *from, MaxErrors: limit, SplitSize: split})
		ucsbeam.WriteLines(s, *output, beam.ParDo(s, ucsbeam.ValidateJSON, res), *shards)
	case "detect":
		res := ucsbeam.Detect(s, files)
		ucsbeam.WriteLines(s, *output, beam.ParDo(s, ucsbeam.DetectJSON, res), *shards)
	case "convert", "fix":
		if !strings.Contains(*output, "://") {
			if err := os.MkdirAll(*output, 0o755); err != nil {
				return err
			}
		}
		var res beam.PCollection
		if *op == "convert" {
			opts := convertOptions()
			opts.SplitSize = split
			res = ucsbeam.Convert(s, files, opts)
		} else {
			res = ucsbeam.Fix(s, files, fixOptions())
		}
		ucsbeam.WriteFile(s, strings.TrimSuffix(*output, "/")+"/_errors.jsonl", beam.ParDo(s, ucsbeam.ErrorJSON, res))
	}
	return nil
}
