package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/ucskit/ucs/detect"
	"github.com/ucskit/ucs/fix"
	"github.com/ucskit/ucs/internal/report"
)

func init() {
	register(&Command{
		Name:    "detect",
		Summary: "guess the encoding of files",
		Usage: `Usage: ucs detect [--json] [--all] [--min-confidence X] FILE...

Guesses the character encoding of each FILE ("-" reads standard input) from
its byte-order mark, its structure and the statistics of its text, and
prints one line per file:

  FILE: ENCODING (confidence 0.97, language zh-Hans)

Flags:
  --json              print one JSON object per file and line:
                      {"file":..., "encoding":..., "confidence":X,
                       "language":..., "bom":bool}, and for text
                      that is mostly UTF-8 but has malformed sequences
                      "invalid":{"count":N, "first_offset":X}; for
                      valid UTF-8 that ucs fix would change,
                      "mojibake":{"lines":N, "examined_lines":M,
                       "first_line":L, "first_offset":X, "whole":bool,
                       "examined_from":X} (first_line only when the
                      examined part starts the file)
  --all               also list the other candidates, best first (in JSON,
                      as "candidates")
  --min-confidence X  the confidence, between 0 and 1, below which a guess
                      counts as unsure (default 0.5)

ucs detect reads the first 64 KiB of each file, less when the start is
conclusive; when they are ASCII it skips ASCII (up to 8 MiB, then samples
the rest of a regular file) and reads 64 KiB from the first non-ASCII
byte. us-ascii is reported only when every byte read is ASCII, with
confidence 1 only when that is the whole file; every ASCII-compatible
encoding (UTF-8 included) decodes it alike. Text that is UTF-8 but for a
few malformed sequences is reported as utf-8 with them counted.

When the guess is valid UTF-8, the lines examined are also given to the
repair of ucs fix; when it would change some (mojibake: text decoded with
the wrong encoding, perhaps twice, and saved), a second line says so:

  FILE: looks like mojibake: ucs fix would change 3 of 40 lines, the first line 2

The count covers the lines of the part examined (at most its first 16
KiB), which the line says when it is not the whole file. Correct text
gets no such line.

Exit status: 0 when every guess is confident; 4 when some guess is below
--min-confidence (the guess is still printed); 2 on a usage error; 3 when a
file cannot be read.

Examples:
  ucs detect notes.txt
  ucs detect --json --all *.csv
`,
		Run: runDetect,
	})
}

type detectFlags struct {
	json, all bool
	min       float64
	files     []string
}

func parseDetectFlags(args []string) (detectFlags, error) {
	f := detectFlags{min: 0.5}
	flagsDone := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if flagsDone || a == "-" || !strings.HasPrefix(a, "-") {
			f.files = append(f.files, a)
			continue
		}
		if a == "--" {
			flagsDone = true
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch name {
		case "json", "all":
			if hasValue {
				return f, fmt.Errorf("flag --%s takes no value", name)
			}
			if name == "json" {
				f.json = true
			} else {
				f.all = true
			}
		case "min-confidence":
			if !hasValue {
				if i+1 == len(args) {
					return f, fmt.Errorf("flag --min-confidence needs a value between 0 and 1")
				}
				i++
				value = args[i]
			}
			x, err := strconv.ParseFloat(value, 64)
			if err != nil || !(x >= 0 && x <= 1) { // NaN too
				return f, fmt.Errorf("--min-confidence %q: want a number between 0 and 1", value)
			}
			f.min = x
		case "h", "help":
			return f, errDetectHelp
		default:
			return f, fmt.Errorf("unknown flag %q%s", a, suggest(name, []string{"json", "all", "min-confidence"}))
		}
	}
	if len(f.files) == 0 {
		return f, fmt.Errorf("no file given")
	}
	return f, nil
}

var errDetectHelp = errors.New("help")

// The records of --json are report's, shared with the Beam transforms.
type (
	detectJSON          = report.DetectResult
	detectCandidateJSON = report.DetectCandidate
	invalidJSON         = report.DetectInvalid
	mojibakeJSON        = report.DetectMojibake
)

func invalidOf(c detect.Candidate) *invalidJSON {
	if c.Invalid == 0 {
		return nil
	}
	return &invalidJSON{Count: c.Invalid, FirstOffset: c.FirstInvalid}
}

// hintLimit bounds the bytes of a sample given to the repair for the
// mojibake hint: the repair's check of correct text that is not ASCII
// runs at some MB/s (it weighs legacy readings line by line), so the
// hint looks at the first 16 KiB of the detector's sample, as much as
// the detector scores, and says so when that is not the whole input.
const hintLimit = 16 << 10

// mojibakeIn runs the repair of ucs fix over the lines of the examined
// sample of a valid UTF-8 input (its first hintLimit bytes) and returns what it would change, or nil
// when no line would. The last line of a sample that is not the whole
// input may be cut and is left out; line numbers are known only when the
// sample starts the input (FirstLine is then set).
func mojibakeIn(best detect.Candidate, s detect.Sample) *mojibakeJSON {
	if best.Encoding != "utf-8" || best.Invalid > 0 {
		return nil
	}
	b := s.Bytes
	off := s.Offset
	if best.BOM && off == 0 && len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		b, off = b[3:], 3
	}
	whole := s.Whole
	if len(b) > hintLimit {
		b, whole = b[:hintLimit], false
	}
	if !whole {
		// The last line may be cut, perhaps inside a character.
		b = b[:bytes.LastIndexByte(b, '\n')+1]
	}
	m := &mojibakeJSON{Whole: whole, ExaminedFrom: s.Offset}
	for n := 1; len(b) > 0; n++ {
		line := b
		next := len(b)
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line, next = b[:i], i+1
		}
		m.ExaminedLines++
		if _, exp := fix.Bytes(line, fix.Options{}); exp.Changed() {
			if m.Lines == 0 {
				m.FirstOffset = off
				if s.Offset == 0 {
					m.FirstLine = n
				}
			}
			m.Lines++
		}
		b = b[next:]
		off += int64(next)
	}
	if m.Lines == 0 {
		return nil
	}
	return m
}

// describeMojibake formats the hint of the text output.
func describeMojibake(m *mojibakeJSON) string {
	s := fmt.Sprintf("looks like mojibake: ucs fix would change %d of ", m.Lines)
	switch {
	case m.Whole:
		s += fmt.Sprintf("%d line%s", m.ExaminedLines, plural(m.ExaminedLines))
	case m.ExaminedFrom == 0:
		s += fmt.Sprintf("the first %d line%s (the part examined)", m.ExaminedLines, plural(m.ExaminedLines))
	default:
		s += fmt.Sprintf("%d line%s examined from byte %d", m.ExaminedLines, plural(m.ExaminedLines), m.ExaminedFrom)
	}
	if m.FirstLine > 0 {
		return s + fmt.Sprintf(", the first line %d", m.FirstLine)
	}
	return s + fmt.Sprintf(", the first at byte %d", m.FirstOffset)
}

func runDetect(env *Env, args []string) int {
	f, err := parseDetectFlags(args)
	if err == errDetectHelp {
		fmt.Fprint(env.Stdout, commands["detect"].Usage)
		return ExitOK
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "ucs detect: %s\nRun 'ucs help detect' for usage.\n", cutMiddle(err.Error()))
		return ExitUsage
	}
	if code := refuseInputIsOutput(env, "detect", f.files); code != ExitOK {
		return code
	}
	code := ExitOK
	for _, name := range f.files {
		res, sample, err := detectFile(env, name)
		if err != nil {
			fmt.Fprintf(env.Stderr, "ucs detect: %v\n", err)
			code = ExitIO
			continue
		}
		best := res.Best()
		moji := mojibakeIn(best, sample)
		if f.json {
			out := detectJSON{File: name, Encoding: best.Encoding, Confidence: best.Confidence, Language: best.Language, BOM: best.BOM, Invalid: invalidOf(best), Mojibake: moji}
			if f.all {
				out.Candidates = []detectCandidateJSON{}
				for _, c := range res.Candidates {
					out.Candidates = append(out.Candidates, detectCandidateJSON{Encoding: c.Encoding, Confidence: c.Confidence, Language: c.Language, BOM: c.BOM, Invalid: invalidOf(c)})
				}
			}
			env.Stdout.Write(out.JSON())
		} else {
			fmt.Fprintf(env.Stdout, "%s: %s\n", name, describeCandidate(best))
			if f.all {
				for _, c := range res.Candidates[min(1, len(res.Candidates)):] {
					fmt.Fprintf(env.Stdout, "  %s\n", describeCandidate(c))
				}
			}
			if moji != nil {
				fmt.Fprintf(env.Stdout, "%s: %s\n", name, describeMojibake(moji))
			}
		}
		if best.Confidence < f.min && code == ExitOK {
			code = ExitUnsure
		}
	}
	return code
}

// describeCandidate formats "ENCODING (confidence 0.97, language zh-Hans)".
func describeCandidate(c detect.Candidate) string {
	if c.Encoding == "" {
		return "unknown (confidence 0.00)"
	}
	s := fmt.Sprintf("%s (confidence %.2f", c.Encoding, c.Confidence)
	if c.Language != "" {
		s += ", language " + c.Language
	}
	if c.Invalid > 0 {
		s += fmt.Sprintf(", %d malformed sequence%s, the first at byte %d", c.Invalid, plural(c.Invalid), c.FirstInvalid)
	}
	return s + ")"
}

func detectFile(env *Env, name string) (detect.Result, detect.Sample, error) {
	var r io.Reader
	if name == "-" {
		r = env.Stdin
	} else {
		fh, err := os.Open(name)
		if err != nil {
			return detect.Result{}, detect.Sample{}, fmt.Errorf("cannot read %s: %v", name, detectPlainErr(err))
		}
		defer fh.Close()
		r = fh
	}
	res, sample, err := detect.DetectReaderSample(r)
	if err != nil {
		return res, sample, fmt.Errorf("reading %s: %v", name, detectPlainErr(err))
	}
	return res, sample, nil
}

// detectPlainErr strips the path that os errors repeat.
func detectPlainErr(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
