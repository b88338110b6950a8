package ucsbeam

import (
	"strconv"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
)

// FixOptions configures Fix; the fields are the flags of `ucs fix` of
// the same names.
type FixOptions struct {
	// From is the encoding of the input (-f; default utf-8). The output
	// is UTF-8.
	From string
	// OutputDir is the folder that receives DIR/<input file name>.
	OutputDir string
	// NoLegacy: do not try legacy text read as another legacy page
	// (--no-legacy).
	NoLegacy bool
	// MaxLayers undoes at most that many wrong decodings per line
	// (--max-layers; 0 takes the command's default).
	MaxLayers int
}

// Args returns the flags of `ucs fix` that o stands for.
func (o FixOptions) Args() []string {
	var a []string
	if o.From != "" {
		a = append(a, "--from-code="+o.From)
	}
	if o.NoLegacy {
		a = append(a, "--no-legacy")
	}
	if o.MaxLayers != 0 {
		a = append(a, "--max-layers="+strconv.Itoa(o.MaxLayers))
	}
	return a
}

func (o FixOptions) command() []string { return append([]string{"fix"}, o.Args()...) }

// Check reports an option the command would refuse, in its words.
func (o FixOptions) Check() error { return checkCommand(o.command()) }

// Fix repairs the mojibake of each file of files (a PCollection of
// fileio.ReadableFile) as `ucs fix FILE` does, into OutputDir/<file
// name>, written atomically: a file that fails (malformed input in From,
// a read or write error) leaves no output, and its ConvertResult carries
// the error, with the fields of the command's diagnostic. Two inputs with
// the same file name would write the same output: both fail. Files are
// repaired whole.
func Fix(s beam.Scope, files beam.PCollection, opts FixOptions) beam.PCollection {
	s = s.Scope("ucs.Fix")
	keyed := beam.ParDo(s, keyByName, files)
	unique, clashes := beam.ParDo2(s, &uniqueNameFn{OutputDir: opts.OutputDir, Fix: true}, beam.GroupByKey(s, keyed))
	res := beam.ParDo(s, &convertFileFn{Args: opts.command(), OutputDir: opts.OutputDir}, unique)
	return beam.Flatten(s, res, clashes)
}

// FixRecords repairs byte records, a PCollection of KV<string, []byte>,
// as Fix repairs files, and returns the repaired records (KV<string,
// []byte>, same names, UTF-8) and a PCollection of ConvertError for the
// records that failed.
func FixRecords(s beam.Scope, records beam.PCollection, opts FixOptions) (fixed, failed beam.PCollection) {
	s = s.Scope("ucs.FixRecords")
	return beam.ParDo2(s, &convertRecordFn{Args: opts.command()}, records)
}
