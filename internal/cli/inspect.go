package cli

import (
	"bufio"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/width"
)

const inspectUsage = `Usage: ucs inspect [flags] [TEXT...]
       ucs inspect [flags] --file FILE

Show what text is made of. With TEXT (the arguments, joined by spaces) or
text on standard input, one row per character:

  CODE      the code point, U+XXXX
  CHAR      the character (control pictures for controls, a dotted circle
            under combining marks)
  GC        its general category (Lu, Ll, Mn, Nd, Zs, Cc, ... Cn unassigned)
  W         its display width in terminal columns (0, 1 or 2)
  UTF-8     its UTF-8 bytes
  UTF-16    its UTF-16 code units
  GB18030   its GB 18030 bytes
  P/R/C     its place in the code space: plane, row and cell in hex, and
            the plane's name (BMP, SMP, SIP, TIP, SSP, SPUA-A, SPUA-B)
  NAME      its Unicode name
  IN        with -f, the bytes of the input that made it

A malformed sequence gets a row of its own that says what is wrong.

With --file, a hex dump: 16 bytes per line, the offset, the bytes, and the
decoded text beside them. Bad sequences are highlighted (in colour on a
terminal, in upper-case hex otherwise) and listed at the end (the first
1000; the rest are counted).

Flags:
  -f, --from-code ENC   encoding of standard input or FILE (default utf-8;
                        "auto" detects it and says what it chose on
                        standard error); TEXT arguments are always UTF-8
  --file FILE           hex dump of FILE ("-": standard input)
  --json                one JSON object per character (or per dump step)
                        per line
  --color WHEN          auto (default: on a terminal, unless NO_COLOR is
                        set), always, never
  --ambiguous N         width of East Asian Ambiguous characters: 1
                        (default) or 2

Examples:
  ucs inspect 'é汉😀'
  printf 'e\xcc\x81' | ucs inspect
  ucs inspect --json Ω
  ucs inspect -f gbk --file old.txt | less -R
  ucs inspect -f auto --file mystery.txt

Exit status: 0 all valid, 1 some bad sequence, 2 usage error, 3 I/O error.
`

func init() {
	register(&Command{Name: "inspect", Summary: "show the characters of text: code points, names, bytes, widths; hex dump", Usage: inspectUsage, Run: runInspect})
}

type inspector struct {
	env      *Env
	w        *bufio.Writer
	json     *json.Encoder
	color    bool
	width    width.Options
	showIn   bool
	anyBad   bool
	bads     []string
	rowsHead bool
}

func runInspect(env *Env, args []string) int {
	fs := newFlagSet("inspect")
	var from, file, color string
	var asJSON bool
	var ambiguous int
	encodingVar(fs, &from, "", "f", "from-code")
	fs.StringVar(&file, "file", "", "")
	fs.BoolVar(&asJSON, "json", false, "")
	fs.StringVar(&color, "color", "auto", "")
	fs.StringVar(&color, "colour", "auto", "")
	fs.IntVar(&ambiguous, "ambiguous", 1, "")
	texts, err := parseArgs(fs, args)
	if err != nil {
		return flagError(env, "inspect", err, inspectUsage)
	}
	if ambiguous != 1 && ambiguous != 2 {
		return usageError(env, "inspect", "--ambiguous must be 1 or 2")
	}
	useColor, ok := colorWanted(env, color)
	if !ok {
		return usageError(env, "inspect", "--color: unknown value %q (want auto, always or never)", color)
	}
	if file != "" && len(texts) > 0 {
		return usageError(env, "inspect", "give TEXT or --file FILE, not both")
	}
	if len(texts) > 0 && from != "" {
		return usageError(env, "inspect", "-f applies to standard input and --file; TEXT arguments are UTF-8")
	}
	enc := "utf-8"
	if from != "" {
		enc = from
	}
	auto := strings.EqualFold(enc, "auto")
	var cs *charset.Charset
	if !auto {
		if cs, err = charset.Lookup(enc); err != nil {
			return usageError(env, "inspect", "-f: %v", err)
		}
	}
	if len(texts) == 0 {
		if code := refuseInputIsOutput(env, "inspect", []string{cmp.Or(file, "-")}); code != ExitOK {
			return code
		}
	}
	in := &inspector{env: env, w: bufio.NewWriter(env.Stdout), color: useColor, width: width.Options{AmbiguousWide: ambiguous == 2}}
	defer in.w.Flush()
	if asJSON {
		in.json = json.NewEncoder(in.w)
		in.json.SetEscapeHTML(false)
	}
	var r io.Reader
	name := "<stdin>"
	switch {
	case len(texts) > 0:
		r = strings.NewReader(strings.Join(texts, " "))
		name = "TEXT"
	case file != "" && file != "-":
		f, err := os.Open(file)
		if err != nil {
			fmt.Fprintf(env.Stderr, "ucs inspect: %v\n", err)
			return ExitIO
		}
		defer f.Close()
		r, name = f, file
	default:
		r = env.Stdin
	}
	if auto {
		res, rest, limited, err := detectForInspect(r)
		if err != nil {
			fmt.Fprintf(env.Stderr, "ucs inspect: %s: %v\n", name, err)
			return ExitIO
		}
		r = rest
		if limited {
			fmt.Fprintf(env.Stderr, "ucs inspect: %s: the encoding was detected from the first %d bytes only (the input cannot be read twice)\n", name, inspectKeep)
		}
		best := res.Best()
		cs = best.Charset
		if cs == nil {
			cs = charset.MustLookup("utf-8")
			fmt.Fprintf(env.Stderr, "ucs inspect: %s: cannot tell the encoding; showing it as utf-8\n", name)
		} else {
			sure := ""
			if best.Confidence < autoConfidence {
				sure = ", unsure"
			}
			fmt.Fprintf(env.Stderr, "ucs inspect: %s: detected %s (confidence %s%s)\n", name, cs.Name, confidence(best.Confidence), sure)
		}
	}
	in.showIn = from != "" && !plainUTF8(cs.Codec)
	st := newStepper(r, cs.Codec)
	if file != "" {
		in.dump(st)
	} else {
		in.rows(st)
	}
	if st.err != nil {
		in.w.Flush()
		fmt.Fprintf(env.Stderr, "ucs inspect: %s: %v\n", name, st.err)
		return ExitIO
	}
	if in.anyBad {
		in.w.Flush()
		fmt.Fprintf(env.Stderr, "ucs inspect: %s: not valid %s\n", name, cs.Name)
		return ExitInvalid
	}
	return ExitOK
}

// colorWanted decides colour: "always", "never", or "auto" (standard
// output is a terminal and NO_COLOR is not set to a non-empty value, as
// no-color.org asks).
func colorWanted(env *Env, when string) (bool, bool) {
	switch when {
	case "always":
		return true, true
	case "never":
		return false, true
	case "auto":
		return env.isTerminal(env.Stdout) && env.getenv("NO_COLOR") == "", true
	}
	return false, false
}

const (
	sgrBad   = "\x1b[1;37;41m" // bold white on red
	sgrDim   = "\x1b[2m"
	sgrReset = "\x1b[0m"
)

// jsonBad is a malformed sequence in --json output.
type jsonBad struct {
	Offset int64  `json:"offset"`
	Input  string `json:"input"`
	Valid  bool   `json:"valid"`
	Kind   string `json:"kind"`
}

// padCols pads s with spaces to n display columns.
func (in *inspector) padCols(s string, n int) string {
	if w := in.width.String(s); w < n {
		return s + strings.Repeat(" ", n-w)
	}
	return s
}

func (in *inspector) rows(st *stepper) {
	for {
		s, ok := st.next()
		if !ok {
			return
		}
		if s.Bad != nil {
			in.anyBad = true
			if in.json != nil {
				in.json.Encode(jsonBad{s.Offset, hexCompact(s.In), false, s.Bad.Kind.String()})
				continue
			}
			in.header()
			line := fmt.Sprintf("%-9s %-4s  byte %d: %s (bytes %s): %s", "invalid", "", s.Offset, s.Bad.Kind, encoding.HexBytes(s.In), s.Bad.Kind.Describe())
			if in.color {
				line = sgrBad + line + sgrReset
			}
			in.w.WriteString(line + "\n")
			continue
		}
		first := true
		for text := s.Text; len(text) > 0; {
			r, n := utf8.DecodeRune(text)
			text = text[n:]
			ci := newCharInfo(r, in.width)
			if first && in.showIn {
				ci.Input = hexCompact(s.In)
			}
			if in.json != nil {
				off := s.Offset
				ci.Offset = &off
				in.json.Encode(ci)
				continue
			}
			in.header()
			utf16 := strings.Join(ci.UTF16, " ")
			prc := fmt.Sprintf("%02X/%02X/%02X %s", ci.Plane, ci.Row, ci.Cell, ci.PlaneName)
			fmt.Fprintf(in.w, "%-9s %s  %-3s %-2d %-12s %-10s %-12s %-16s %s",
				ci.CodePoint, in.padCols(visible(r), 4), ci.Category, ci.Width,
				encoding.HexBytes(utf8.AppendRune(nil, r)), utf16, spaced(ci.GB18030), prc, ci.Name)
			if first && in.showIn {
				fmt.Fprintf(in.w, "  IN %s", encoding.HexBytes(s.In))
			}
			in.w.WriteString("\n")
			first = false
		}
	}
}

func (in *inspector) header() {
	if in.rowsHead {
		return
	}
	in.rowsHead = true
	h := fmt.Sprintf("%-9s %-4s  %-3s %-2s %-12s %-10s %-12s %-16s %s", "CODE", "CHAR", "GC", "W", "UTF-8", "UTF-16", "GB18030", "P/R/C", "NAME")
	if in.color {
		h = sgrDim + h + sgrReset
	}
	in.w.WriteString(h + "\n")
}

// spaced turns compact hex "BABA" into "BA BA".
func spaced(h string) string {
	if len(h)%2 != 0 {
		return h
	}
	var b strings.Builder
	for i := 0; i < len(h); i += 2 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(h[i : i+2])
	}
	return b.String()
}

// jsonStep is one step of a --file --json dump.
type jsonStep struct {
	Offset     int64    `json:"offset"`
	Input      string   `json:"input"`
	Valid      bool     `json:"valid"`
	Text       string   `json:"text,omitempty"`
	CodePoints []string `json:"code_points,omitempty"`
	Kind       string   `json:"kind,omitempty"`
}

// dumpLine collects one line of the hex dump.
type dumpLine struct {
	off  int64
	hex  []byte
	text []byte
	n    int
	out  []byte // the line as written
}

// maxListedBad is how many bad sequences the hex dump lists after it; the
// rest are counted, so that memory stays bounded on any input.
const maxListedBad = 1000

func (in *inspector) dump(st *stepper) {
	line := dumpLine{hex: make([]byte, 0, 128), text: make([]byte, 0, 128), out: make([]byte, 0, 256)}
	flush := func() {
		if line.n == 0 {
			return
		}
		o := appendOffset(line.out[:0], line.off)
		o = append(o, ' ', ' ')
		o = append(o, line.hex...)
		pad := (16 - line.n) * 3
		if line.n <= 8 {
			pad++
		}
		for ; pad > 0; pad-- {
			o = append(o, ' ')
		}
		o = append(o, ' ', '|')
		o = append(o, line.text...)
		o = append(o, '|', '\n')
		in.w.Write(o)
		line.out = o
		line.hex = line.hex[:0]
		line.text = line.text[:0]
		line.n = 0
	}
	moreBad := 0
	for {
		s, ok := st.next()
		if !ok {
			break
		}
		if in.json != nil {
			js := jsonStep{Offset: s.Offset, Input: hexCompact(s.In), Valid: s.Bad == nil}
			if s.Bad != nil {
				in.anyBad = true
				js.Kind = s.Bad.Kind.String()
			} else {
				js.Text = string(s.Text)
				for _, r := range string(s.Text) {
					js.CodePoints = append(js.CodePoints, fmt.Sprintf("U+%04X", r))
				}
			}
			in.json.Encode(js)
			continue
		}
		if s.Bad != nil {
			in.anyBad = true
			if len(in.bads) < maxListedBad {
				in.bads = append(in.bads, fmt.Sprintf("byte %d: %s (bytes %s)", s.Offset, s.Bad.Kind, encoding.HexBytes(s.In)))
			} else {
				moreBad++
			}
		}
		for k, c := range s.In {
			if line.n == 0 {
				line.off = s.Offset + int64(k)
			}
			if line.n == 8 {
				line.hex = append(line.hex, ' ')
			}
			const lower, upper = "0123456789abcdef", "0123456789ABCDEF"
			switch {
			case s.Bad != nil && in.color:
				line.hex = append(line.hex, sgrBad...)
				line.hex = append(line.hex, lower[c>>4], lower[c&15])
				line.hex = append(line.hex, sgrReset+" "...)
			case s.Bad != nil:
				line.hex = append(line.hex, upper[c>>4], upper[c&15], ' ')
			default:
				line.hex = append(line.hex, lower[c>>4], lower[c&15], ' ')
			}
			if k == 0 {
				line.text = in.appendDumpText(line.text, s)
			}
			line.n++
			if line.n == 16 {
				flush()
			}
		}
	}
	flush()
	for _, b := range in.bads {
		fmt.Fprintf(in.w, "bad sequence at %s\n", b)
	}
	if moreBad > 0 {
		fmt.Fprintf(in.w, "and %d more bad sequences\n", moreBad)
	}
}

// appendOffset appends off in hexadecimal, at least eight digits.
func appendOffset(dst []byte, off int64) []byte {
	var tmp [16]byte
	h := strconv.AppendInt(tmp[:0], off, 16)
	for i := len(h); i < 8; i++ {
		dst = append(dst, '0')
	}
	return append(dst, h...)
}

// asciiText holds the printable ASCII characters, for slicing.
const asciiText = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"

// appendDumpText appends how a step shows in the text column: controls
// and invisible characters as ".", a bad sequence as U+FFFD.
func (in *inspector) appendDumpText(dst []byte, s step) []byte {
	if s.Bad != nil {
		if in.color {
			return append(dst, sgrBad+"\uFFFD"+sgrReset...)
		}
		return append(dst, "\uFFFD"...)
	}
	if len(s.Text) == 1 {
		if c := s.Text[0]; c >= 0x20 && c < 0x7F {
			return append(dst, c)
		}
		return append(dst, '.')
	}
	for _, r := range string(s.Text) {
		if r < 0x20 || r == 0x7F || (r >= 0x80 && r < 0xA0) {
			dst = append(dst, '.')
			continue
		}
		switch visibleClass(r) {
		case shownAsIs:
			dst = utf8.AppendRune(dst, r)
		case shownOnCircle:
			dst = append(dst, "\u25CC"...)
			dst = utf8.AppendRune(dst, r)
		default:
			dst = append(dst, '.')
		}
	}
	return dst
}
