// Command ucs-beam validates, detects or converts many files on an Apache
// Beam runner (prism, the local runner, by default; Dataflow, Flink or
// Spark with --runner and their options):
//
//	ucs-beam --op validate [--from ENC] --input GLOB --output PREFIX
//	ucs-beam --op detect --input GLOB --output PREFIX
//	ucs-beam --op convert --from ENC --to ENC --input GLOB --output DIR
//
// validate and detect write one JSON line per input file, with the fields
// of `ucs validate --json` and `ucs detect --json`, into files named
// PREFIX-SSSSS-of-NNNNN.jsonl. convert writes DIR/<input file name> for
// each input, byte for byte what `ucs convert -f ENC -t ENC FILE` writes,
// atomically; the files that fail leave no output and are listed, with
// the command's error fields, in DIR/_errors.jsonl.
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
)

var (
	op        = flag.String("op", "", "validate, detect or convert")
	input     = flag.String("input", "", "the input files: a glob (a local path or gs://)")
	output    = flag.String("output", "", "validate, detect: the prefix of the result files; convert: the output folder")
	from      = flag.String("from", "", "the encoding of the input (convert: required; validate: default utf-8)")
	to        = flag.String("to", "", "convert: the encoding of the output")
	maxErrors = flag.Int("max-errors", 100, "validate: stop a file's report after N errors (0: no limit)")
	splitSize = flag.Int64("split-size", ucsbeam.DefaultSplitSize, "validate, convert: files larger than this many bytes are processed in pieces of about this size, in parallel (0: never)")
	shards    = flag.Int("shards", 1, "validate, detect: the number of result files")
)

func main() {
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, `Usage:
  ucs-beam --op validate [--from ENC] --input GLOB --output PREFIX
  ucs-beam --op detect --input GLOB --output PREFIX
  ucs-beam --op convert --from ENC --to ENC --input GLOB --output DIR
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
	if *input == "" || *output == "" {
		return usage("--input and --output are required")
	}
	for _, e := range []struct{ flag, label string }{{"--from", *from}, {"--to", *to}} {
		if e.label == "" {
			continue
		}
		cs, err := charset.Lookup(e.label)
		if err != nil {
			return usage("%s: %v", e.flag, err)
		}
		if e.flag == "--to" && !cs.CanEncode() {
			return usage("--to: ucs decodes %s but does not encode it", cs.Name)
		}
	}
	p, s := beam.NewPipelineWithRoot()
	files := fileio.ReadMatches(s, fileio.MatchFiles(s, *input, fileio.MatchEmptyAllow()),
		fileio.ReadUncompressed(), fileio.ReadDirectorySkip())
	split := *splitSize
	if split == 0 {
		split = -1
	}
	switch *op {
	case "validate":
		if *to != "" {
			return usage("--to applies to convert only")
		}
		limit := *maxErrors
		if limit == 0 {
			limit = -1
		}
		res := ucsbeam.Validate(s, files, ucsbeam.ValidateOptions{Encoding: *from, MaxErrors: limit, SplitSize: split})
		ucsbeam.WriteLines(s, *output, beam.ParDo(s, ucsbeam.ValidateJSON, res), *shards)
	case "detect":
		if *from != "" || *to != "" {
			return usage("--from and --to apply to validate and convert")
		}
		res := ucsbeam.Detect(s, files)
		ucsbeam.WriteLines(s, *output, beam.ParDo(s, ucsbeam.DetectJSON, res), *shards)
	case "convert":
		if *from == "" || *to == "" {
			return usage("convert needs --from ENC and --to ENC")
		}
		if !strings.Contains(*output, "://") {
			if err := os.MkdirAll(*output, 0o755); err != nil {
				return err
			}
		}
		res := ucsbeam.Convert(s, files, ucsbeam.ConvertOptions{From: *from, To: *to, OutputDir: *output, SplitSize: split})
		ucsbeam.WriteFile(s, strings.TrimSuffix(*output, "/")+"/_errors.jsonl", beam.ParDo(s, ucsbeam.ErrorJSON, res))
	default:
		return usage("--op must be validate, detect or convert")
	}
	return beamx.Run(context.Background(), p)
}
