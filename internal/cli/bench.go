package cli

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/ucskit/ucs/internal/report"
	"github.com/ucskit/ucs/internal/simd"
)

func init() {
	register(&Command{
		Name:    "bench",
		Summary: "measure the speed of the library's bulk operations on files",
		Usage: `Usage: ucs bench [--op OP]... [--json] FILE...

Loads each FILE into memory and runs library operations on it repeatedly
(at least 0.3 s per operation, in several rounds), then reports the best
round's speed in input bytes per second.

Each FILE is UTF-8 text, or Latin-1 for latin1-to-utf8. An operation that
needs another input form (UTF-16LE, UTF-32LE) converts the file once, before
timing; the bytes counted are those of the operation's input.

Flags:
  --op OP   run only OP (repeatable); the default is every operation:
            ` + strings.Join(benchOpNames(), "\n            ") + `
            and, only when asked for: ` + benchCodecOpsHelp + `
  --json    print one JSON object per line:
            {"file":...,"op":...,"bytes":N,"gbps":X,"kernel":"avx512|avx2|scalar"}
            where gbps is the best round's input bytes per second / 1e9

The environment variable UCS_SIMD=scalar|avx2|avx512 pins the kernel (a
kernel this CPU cannot run falls back to the best one); the kernel in use
is printed with every result.

Examples:
  ucs bench French.utf8.txt
  ucs bench --op validate-utf8 --json *.utf8.txt
  UCS_SIMD=avx2 ucs bench --op utf8-to-utf16le Arabic-Lipsum.utf8.txt

Exit status: 0 when every operation ran over every file, 1 when a file was
not valid input for an operation (that operation is skipped and the reason
printed), 2 on a usage error, 3 when a file cannot be read.
`,
		Run: runBench,
	})
}

// benchOp is one operation that ucs bench can time.
type benchOp struct {
	name string
	// prepare turns the file into the operation's input, or says why it
	// cannot.
	prepare func(file []byte) ([]byte, error)
	// run does the operation once on in, using dst as scratch space, and
	// reports whether it went through the whole input.
	run func(dst, in []byte) bool
	// dstLen sizes the scratch space for an input.
	dstLen func(in []byte) int
}

func needUTF8(file []byte) ([]byte, error) {
	if n, kind, _ := simd.ValidateUTF8(file); n < len(file) {
		return nil, fmt.Errorf("not valid UTF-8: byte %d: %s", n, kind)
	}
	return file, nil
}

func convertAll(f func(dst, src []byte) (int, int)) func(dst, in []byte) bool {
	return func(dst, in []byte) bool {
		_, n := f(dst, in)
		return n == len(in)
	}
}

var benchOps = []benchOp{
	{
		name:    "validate-utf8",
		prepare: func(b []byte) ([]byte, error) { return b, nil },
		run:     func(_, in []byte) bool { simd.ValidUTF8(in); return true },
		dstLen:  func([]byte) int { return 0 },
	},
	{
		name:    "utf8-to-utf16le",
		prepare: needUTF8,
		run:     convertAll(simd.UTF8ToUTF16LE),
		dstLen:  func(in []byte) int { return 2 * len(in) },
	},
	{
		name: "utf16le-to-utf8",
		prepare: func(b []byte) ([]byte, error) {
			if _, err := needUTF8(b); err != nil {
				return nil, err
			}
			out := make([]byte, 2*simd.UTF16LenFromUTF8(b))
			n, _ := simd.UTF8ToUTF16LE(out, b)
			return out[:n], nil
		},
		run:    convertAll(simd.UTF16LEToUTF8),
		dstLen: func(in []byte) int { return simd.UTF8LenFromUTF16LE(in) },
	},
	{
		name:    "utf8-to-utf32le",
		prepare: needUTF8,
		run:     convertAll(simd.UTF8ToUTF32LE),
		dstLen:  func(in []byte) int { return 4 * simd.RuneCount(in) },
	},
	{
		name: "utf32le-to-utf8",
		prepare: func(b []byte) ([]byte, error) {
			if _, err := needUTF8(b); err != nil {
				return nil, err
			}
			out := make([]byte, 4*simd.RuneCount(b))
			n, _ := simd.UTF8ToUTF32LE(out, b)
			return out[:n], nil
		},
		run:    convertAll(simd.UTF32LEToUTF8),
		dstLen: func(in []byte) int { return len(in) },
	},
	{
		name:    "latin1-to-utf8",
		prepare: func(b []byte) ([]byte, error) { return b, nil },
		run:     convertAll(simd.Latin1ToUTF8),
		dstLen:  func(in []byte) int { return 2 * len(in) },
	},
	{
		name: "utf8-to-latin1",
		prepare: func(b []byte) ([]byte, error) {
			if _, err := needUTF8(b); err != nil {
				return nil, err
			}
			dst := make([]byte, len(b))
			if _, n := simd.UTF8ToLatin1(dst, b); n < len(b) {
				return nil, fmt.Errorf("byte %d: character above U+00FF, which Latin-1 cannot represent", n)
			}
			return b, nil
		},
		run:    convertAll(simd.UTF8ToLatin1),
		dstLen: func(in []byte) int { return len(in) },
	},
}

func benchOpNames() []string {
	names := make([]string, len(benchOps))
	for i, op := range benchOps {
		names[i] = op.name
	}
	return names
}

// benchResult is one line of `ucs bench --json`.
type benchResult struct {
	File   string  `json:"file"`
	Op     string  `json:"op"`
	Bytes  int     `json:"bytes"`
	GBps   float64 `json:"gbps"`
	Kernel string  `json:"kernel"`
	// FilesPerSec is set for the detect operation: whole files per second.
	FilesPerSec float64 `json:"files_per_second,omitempty"`
}

// Timing: benchRounds rounds of at least benchRound each (0.3 s in all).
var (
	benchRound  = 60 * time.Millisecond
	benchRounds = 5
)

// runBench runs "ucs bench": it reads the arguments, then times each
// operation over each file and prints one line (or JSON object) each.
func runBench(env *Env, args []string) int {
	ops, files, asJSON, code := parseBenchArgs(env, args)
	if code != ExitOK || files == nil {
		return code
	}
	if code := refuseInputIsOutput(env, "bench", files); code != ExitOK {
		return code
	}
	width := len("file")
	for _, f := range files {
		width = max(width, len(f))
	}
	if !asJSON {
		fmt.Fprintf(env.Stdout, "%-*s  %-16s %10s %9s  %s\n", width, "file", "op", "bytes", "GB/s", "kernel")
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			fmt.Fprintf(env.Stderr, "ucs bench: %v\n", err)
			return ExitIO
		}
		for _, op := range ops {
			if !benchOne(env, file, op, data, width, asJSON) {
				code = ExitInvalid
			}
		}
	}
	return code
}

// parseBenchArgs reads the arguments of "ucs bench": the operations
// (benchOps when none is named), the files and --json. files is nil, with
// code ExitOK, when the help was asked for and printed.
func parseBenchArgs(env *Env, args []string) (ops []benchOp, files []string, asJSON bool, code int) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-h" || a == "--help" || a == "-help":
			fmt.Fprint(env.Stdout, commands["bench"].Usage)
			return nil, nil, false, ExitOK
		case a == "--json" || a == "-json":
			asJSON = true
		case a == "--op" || a == "-op" || strings.HasPrefix(a, "--op=") || strings.HasPrefix(a, "-op="):
			var name string
			if k := strings.IndexByte(a, '='); k >= 0 {
				name = a[k+1:]
			} else {
				if i+1 >= len(args) {
					fmt.Fprintf(env.Stderr, "ucs bench: %s needs an operation name\n", a)
					return nil, nil, false, ExitUsage
				}
				i++
				name = args[i]
			}
			op, code := benchOpNamed(env, name)
			if code != ExitOK {
				return nil, nil, false, code
			}
			ops = append(ops, op)
		case a == "--":
			files = append(files, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "-") && a != "-":
			fmt.Fprintf(env.Stderr, "ucs bench: unknown flag %s\nRun 'ucs help bench' for the flags.\n", a)
			return nil, nil, false, ExitUsage
		default:
			files = append(files, a)
		}
	}
	if len(files) == 0 {
		fmt.Fprint(env.Stderr, "ucs bench: no input file\nUsage: ucs bench [--op OP]... [--json] FILE...\n")
		return nil, nil, false, ExitUsage
	}
	if len(ops) == 0 {
		ops = benchOps
	}
	return ops, files, asJSON, ExitOK
}

// benchOpNamed returns the operation named by --op: a built-in one, or a
// codec's decode or encode.
func benchOpNamed(env *Env, name string) (benchOp, int) {
	op, ok := findBenchOp(name)
	if cop, known, err := codecBenchOp(name); !ok && known {
		if err != nil {
			fmt.Fprintf(env.Stderr, "ucs bench: %s\n", cutMiddle(fmt.Sprintf("--op %s: %v", name, err)))
			return benchOp{}, ExitUsage
		}
		op, ok = cop, true
	}
	if !ok {
		fmt.Fprintf(env.Stderr, "ucs bench: unknown operation %s%s; the operations are: %s\n",
			cutMiddle(strconv.Quote(name)), suggest(name, benchOpNames()), strings.Join(benchOpNames(), ", "))
		return benchOp{}, ExitUsage
	}
	return op, ExitOK
}

// benchOne times op over the data of file and prints the result; it
// reports false, having said why, when op cannot run on the data.
func benchOne(env *Env, file string, op benchOp, data []byte, width int, asJSON bool) bool {
	in, err := op.prepare(data)
	if err != nil {
		fmt.Fprintf(env.Stderr, "ucs bench: %s: %s: %v (skipped)\n", file, op.name, err)
		return false
	}
	res := benchResult{File: file, Op: op.name, Bytes: len(in), Kernel: simd.Kernel()}
	res.GBps, err = timeOp(op, in)
	if err != nil {
		fmt.Fprintf(env.Stderr, "ucs bench: %s: %s: %v (skipped)\n", file, op.name, err)
		return false
	}
	if op.name == "detect" && len(in) > 0 {
		res.FilesPerSec = res.GBps * 1e9 / float64(len(in))
	}
	if asJSON {
		line, _ := report.Marshal(res)
		fmt.Fprintf(env.Stdout, "%s\n", line)
		return true
	}
	fmt.Fprintf(env.Stdout, "%-*s  %-16s %10d %9.3f  %s", width, file, op.name, res.Bytes, res.GBps, res.Kernel)
	if res.FilesPerSec > 0 {
		fmt.Fprintf(env.Stdout, "  (%.0f files/s)", res.FilesPerSec)
	}
	fmt.Fprintln(env.Stdout)
	return true
}

func findBenchOp(name string) (benchOp, bool) {
	for _, op := range benchOps {
		if op.name == name {
			return op, true
		}
	}
	return benchOp{}, false
}

// timeOp runs op over in for benchRounds rounds of at least benchRound
// each and returns the best round's speed in GB/s.
func timeOp(op benchOp, in []byte) (float64, error) {
	dst := make([]byte, op.dstLen(in)+64)
	if !op.run(dst, in) {
		return 0, fmt.Errorf("the operation stopped before the end of the input")
	}
	if len(in) == 0 {
		return 0, nil
	}
	// Calibrate a batch that takes about 100 µs, so reading the clock
	// costs nothing next to the work.
	batch := 1
	for {
		start := time.Now()
		for i := 0; i < batch; i++ {
			op.run(dst, in)
		}
		if time.Since(start) >= 100*time.Microsecond || batch >= 1<<30 {
			break
		}
		batch *= 2
	}
	best := 0.0
	for r := 0; r < benchRounds; r++ {
		iters := 0
		start := time.Now()
		var el time.Duration
		for {
			for i := 0; i < batch; i++ {
				op.run(dst, in)
			}
			iters += batch
			if el = time.Since(start); el >= benchRound {
				break
			}
		}
		if gbps := float64(iters) * float64(len(in)) / el.Seconds() / 1e9; gbps > best {
			best = gbps
		}
	}
	return best, nil
}
