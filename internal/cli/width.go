package cli

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/ucskit/ucs/encoding/utf"
	"github.com/ucskit/ucs/transcode"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/width"
)

const widthUsage = `Usage: ucs width [flags] [TEXT...]
       ucs width [flags] --file FILE

Print how many terminal columns text takes: for each TEXT argument, or
for each line of FILE or of standard input (no TEXT, or a lone "-"), one
number per line. Wide and
fullwidth East Asian characters take 2 columns, combining marks and
zero-width characters 0, emoji 2; a character is a grapheme cluster (a
letter with its accents, an emoji sequence, a flag). Control characters,
TAB included, count 0.

With --max N, print the text instead, cut to at most N columns without
splitting a character (a wide character that would straddle the limit is
left out).

Flags:
  --max N               cut each TEXT or line to N columns and print it
  --ambiguous N         width of East Asian Ambiguous characters (Greek,
                        Cyrillic, box drawing...): 1 (default) or 2, as CJK
                        terminals show them
  --file FILE           measure the lines of FILE ("-": standard input)
  -f, --from-code ENC   encoding of FILE or standard input (default utf-8)

Examples:
  ucs width '汉字abc'             prints 7
  ucs width --max 5 '汉字テキスト'  prints 汉字
  ucs width --ambiguous=2 'αβγ'   prints 6
  ucs width --file names.txt | sort -n | tail -1

TEXT is UTF-8. Bad bytes in TEXT or in the input stop the command at the
first of them, with its place (exit status 1).

Exit status: 0 measured, 1 invalid input, 2 usage error, 3 input/output
error.
`

func init() {
	register(&Command{Name: "width", Summary: "display width of text in terminal columns; cut text to a width", Usage: widthUsage, Run: runWidth})
}

func runWidth(env *Env, args []string) int {
	fs := newFlagSet("width")
	var maxText, file, from string
	var ambiguous int
	fs.StringVar(&maxText, "max", "", "")
	fs.IntVar(&ambiguous, "ambiguous", 1, "")
	fs.StringVar(&file, "file", "", "")
	encodingVar(fs, &from, "utf-8", "f", "from-code")
	texts, err := parseArgs(fs, args)
	if err != nil {
		return flagError(env, "width", err, widthUsage)
	}
	if ambiguous != 1 && ambiguous != 2 {
		return usageError(env, "width", "--ambiguous must be 1 or 2")
	}
	maxCols := -1
	if maxText != "" {
		maxCols, err = strconv.Atoi(maxText)
		if err != nil || maxCols < 0 {
			return usageError(env, "width", "--max wants a number of columns (0 or more), not %q", maxText)
		}
	}
	if file != "" && len(texts) > 0 {
		return usageError(env, "width", "give TEXT or --file FILE, not both")
	}
	if len(texts) == 1 && texts[0] == "-" {
		texts, file = nil, "-" // a lone "-" is standard input
	}
	cs, err := charset.Lookup(from)
	if err != nil {
		return usageError(env, "width", "-f: %v", err)
	}
	opts := width.Options{AmbiguousWide: ambiguous == 2}
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	if len(texts) > 0 {
		for i, t := range texts {
			// TEXT is UTF-8; bad bytes stop the command as they stop
			// --file, with the same message and exit status.
			d := transcode.Decoder{Name: fmt.Sprintf("TEXT %d", i+1), From: utf.UTF8}
			if _, err := d.Decode(strings.NewReader(t), func([]byte, transcode.Position) error { return nil }); err != nil {
				w.Flush()
				return reportRunError(env, "width", "utf-8", err)
			}
			if maxCols >= 0 {
				s, _ := opts.Truncate(t, maxCols)
				fmt.Fprintln(w, s)
			} else {
				fmt.Fprintln(w, opts.String(t))
			}
		}
		return ExitOK
	}
	if code := refuseInputIsOutput(env, "width", []string{cmp.Or(file, "-")}); code != ExitOK {
		return code
	}
	var in io.Reader = env.Stdin
	name := "-"
	if file != "" && file != "-" {
		f, err := os.Open(file)
		if err != nil {
			fmt.Fprintf(env.Stderr, "ucs width: %v\n", err)
			return ExitIO
		}
		defer f.Close()
		in, name = f, file
	}
	lw := &lineWidths{opts: opts, max: maxCols, w: w}
	d := transcode.Decoder{
		Name:    displayName(name),
		From:    cs.Codec,
		Invalid: cs.Codec.Options().Invalid,
		Escape:  cs.Codec.Options().Escape,
	}
	_, err = d.Decode(in, func(text []byte, _ transcode.Position) error { return lw.feed(text, false) })
	if err == nil {
		err = lw.feed(nil, true)
	}
	if err == nil {
		err = w.Flush()
		if err != nil {
			err = &ioError{err}
		}
	}
	if err != nil {
		return reportRunError(env, "width", cs.Name, err)
	}
	return ExitOK
}

// lineWidths measures or cuts the lines of a stream of UTF-8 chunks. It
// holds back the last grapheme cluster of a chunk, which the next chunk
// may extend, so memory stays bounded even for a line without end.
type lineWidths struct {
	opts    width.Options
	max     int // -1: measure; else cut to max columns
	w       *bufio.Writer
	pending []byte
	cols    int  // columns of the current line so far
	full    bool // --max: the current line reached its limit
	any     bool // the current line has started
}

func (l *lineWidths) feed(text []byte, atEOF bool) error {
	l.pending = append(l.pending, text...)
	for {
		i := bytes.IndexByte(l.pending, '\n')
		if i < 0 {
			break
		}
		line := bytes.TrimSuffix(l.pending[:i], []byte{'\r'})
		l.add(line)
		if err := l.endLine(); err != nil {
			return err
		}
		l.pending = l.pending[i+1:]
	}
	var cut int
	switch {
	case atEOF:
		cut = len(l.pending)
	case l.max < 0:
		// Measure what is complete in one pass. A CR at the end is held
		// back with the last cluster (CR LF is one cluster).
		cols, n := l.opts.Prefix(l.pending, false)
		if n == 0 && len(l.pending) > 1<<20 {
			cols, n = l.opts.Prefix(l.pending, true) // an endless cluster
		}
		if n > 0 {
			l.any = true
		}
		l.cols += cols
		l.pending = append(l.pending[:0:0], l.pending[n:]...)
		return nil
	default:
		cut = width.LastBoundary(l.pending)
		if cut == 0 && len(l.pending) > 1<<20 {
			cut = len(l.pending) // an endless cluster: take it as it is
		}
		if cut > 0 && l.pending[cut-1] == '\r' {
			cut-- // a CR may be the start of CR LF
		}
	}
	piece := l.pending[:cut]
	if atEOF && len(piece) > 0 {
		l.any = true
		piece = bytes.TrimSuffix(piece, []byte{'\r'}) // a last line ending in CR alone
	}
	l.add(piece)
	l.pending = append(l.pending[:0:0], l.pending[cut:]...)
	if atEOF && l.any {
		return l.endLine()
	}
	return nil
}

// add measures (or writes the part that fits of) a piece of the current
// line that ends at a cluster boundary.
func (l *lineWidths) add(piece []byte) {
	if len(piece) == 0 {
		return
	}
	l.any = true
	if l.max < 0 {
		l.cols += l.opts.Bytes(piece)
		return
	}
	if l.full {
		return
	}
	l.opts.Clusters(string(piece), func(c width.Cluster) bool {
		if l.cols+c.Width > l.max {
			l.full = true
			return false
		}
		l.cols += c.Width
		l.w.WriteString(c.Text)
		return true
	})
}

func (l *lineWidths) endLine() error {
	var err error
	if l.max < 0 {
		_, err = fmt.Fprintln(l.w, l.cols)
	} else {
		err = l.w.WriteByte('\n')
	}
	l.cols, l.full, l.any = 0, false, false
	if err != nil {
		return &ioError{err}
	}
	return nil
}
