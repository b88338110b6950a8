package cli

import (
	"bytes"
	"fmt"
	"io"
	"math"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/detect"
)

// autoConfidence is the least confidence at which -f auto converts without
// --force.
const autoConfidence = 0.5

// inPlaceConfidence is the least confidence at which -f auto rewrites a
// file in place without --force: a wrong guess there destroys the file.
const inPlaceConfidence = 0.9

// detect reads a bounded prefix of in, guesses its encoding and returns
// the charset with a reader that yields all of in again. It tells on
// standard error what it chose. When it cannot choose (nothing decodes the
// input, or the guess is unsure and --force is not given) it prints why and
// returns a nil charset with the exit code.
func (c *converter) detect(in io.Reader, dn string) (*charset.Charset, io.Reader, int) {
	counted := newByteCounter(in)
	res, rest, err := detect.DetectStream(counted)
	if err != nil {
		fmt.Fprintf(c.env.Stderr, "ucs convert: %s: %v\n", dn, err)
		return nil, nil, ExitIO
	}
	best := res.Best()
	if best.Encoding == "" {
		if bytesRead(counted) == 0 {
			// Nothing to convert: any encoding will do.
			return c.from, rest, ExitOK
		}
		fmt.Fprintf(c.env.Stderr, "ucs convert: %s: cannot tell the encoding: no encoding ucs knows decodes the first %d bytes; name it with -f\n", dn, bytesRead(counted))
		return nil, nil, ExitUnsure
	}
	cs := best.Charset
	if cs == nil {
		cs, err = charset.Lookup(best.Encoding)
		if err != nil {
			fmt.Fprintf(c.env.Stderr, "ucs convert: %s: looks like %s, which ucs cannot decode; name another encoding with -f\n", dn, best.Encoding)
			return nil, nil, ExitUnsure
		}
	}
	guess := fmt.Sprintf("%s (confidence %s", cs.Name, confidence(best.Confidence))
	if best.Language != "" {
		guess += ", language " + best.Language
	}
	if best.BOM {
		guess += ", byte order mark"
	}
	if best.Invalid > 0 {
		guess += fmt.Sprintf(", %d malformed sequence%s, the first at byte %d", best.Invalid, plural(best.Invalid), best.FirstInvalid)
	}
	guess += ")"
	if c.inPlace && best.Confidence < inPlaceConfidence && best.Confidence >= autoConfidence && !c.force {
		fmt.Fprintf(c.env.Stderr, "ucs convert: %s: not rewriting the file on a guess: %s is below %.2f; name the encoding with -f, or add --force to take the guess\n", dn, guess, inPlaceConfidence)
		return nil, nil, ExitUnsure
	}
	if best.Confidence < autoConfidence {
		others := ""
		for _, o := range res.Candidates[1:min(len(res.Candidates), 3)] {
			others += fmt.Sprintf(", %s (%s)", o.Encoding, confidence(o.Confidence))
		}
		if !c.force {
			fmt.Fprintf(c.env.Stderr, "ucs convert: %s: unsure of the encoding: best guess %s%s; name it with -f, or add --force to take the best guess\n", dn, guess, others)
			return nil, nil, ExitUnsure
		}
		fmt.Fprintf(c.env.Stderr, "ucs convert: %s: unsure, taking the best guess (--force): %s%s\n", dn, guess, others)
		return cs, rest, ExitOK
	}
	fmt.Fprintf(c.env.Stderr, "ucs convert: %s: detected %s\n", dn, guess)
	return cs, rest, ExitOK
}

// confidence formats a confidence with two decimals, rounding down so that
// a value just under the threshold never prints as the threshold.
func confidence(x float64) string {
	return fmt.Sprintf("%.2f", math.Floor(x*100)/100)
}

// byteCounter counts the bytes read through it.
type byteCounter struct {
	r io.Reader
	n int64
}

func (b *byteCounter) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	b.n += int64(n)
	return n, err
}

// seekCounter is a byteCounter over a file, which keeps the file's
// ReadAt and Seek so that the detector can sample the rest of a file whose
// start is a long run of ASCII; the position it seeks to is restored
// before the bytes are read on.
type seekCounter struct {
	byteCounter
	f interface {
		io.ReaderAt
		io.Seeker
	}
}

func (s *seekCounter) ReadAt(p []byte, off int64) (int, error) { return s.f.ReadAt(p, off) }

func (s *seekCounter) Seek(off int64, whence int) (int64, error) { return s.f.Seek(off, whence) }

// newByteCounter counts the bytes read from r, keeping its ReadAt and Seek
// when it has both.
func newByteCounter(r io.Reader) io.Reader {
	if f, ok := r.(interface {
		io.ReaderAt
		io.Seeker
	}); ok {
		return &seekCounter{byteCounter{r: r}, f}
	}
	return &byteCounter{r: r}
}

// bytesRead is the number of bytes read through a reader newByteCounter
// returned.
func bytesRead(r io.Reader) int64 {
	switch c := r.(type) {
	case *seekCounter:
		return c.n
	case *byteCounter:
		return c.n
	}
	return 0
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// inspectKeep is the most that inspect -f auto keeps of an input it cannot
// read twice (a pipe) while it detects the encoding: the detector looks no
// further, so that memory stays bounded however long an ASCII start is.
const inspectKeep = 1 << 20

// detectForInspect detects the encoding of r for inspect -f auto and
// returns a reader that yields all of r from where it was. An input that
// can seek (a file, standard input redirected from one) is read by the
// detector as far as it wants, its later parts sampled, and then read
// again from the start: nothing is kept. Any other input is fed to a
// Detector in pieces, and the bytes fed are kept to be read again, at most
// inspectKeep of them; limited is true when the detector had to stop
// there.
func detectForInspect(r io.Reader) (res detect.Result, rest io.Reader, limited bool, err error) {
	if s, ok := r.(io.ReadSeeker); ok {
		if start, err := s.Seek(0, io.SeekCurrent); err == nil {
			res, err := detect.DetectReader(s)
			if err != nil {
				return res, nil, false, err
			}
			if _, err := s.Seek(start, io.SeekStart); err != nil {
				return res, nil, false, err
			}
			return res, s, false, nil
		}
	}
	d := detect.NewDetector()
	kept := make([]byte, 0, 64<<10)
	buf := make([]byte, 32<<10)
	for {
		n, rerr := io.ReadFull(r, buf[:min(len(buf), inspectKeep-len(kept))])
		kept = append(kept, buf[:n]...)
		eof := rerr == io.EOF || rerr == io.ErrUnexpectedEOF
		if rerr != nil && !eof {
			return res, nil, false, rerr
		}
		if d.Feed(buf[:n], eof) || eof {
			break
		}
		if len(kept) == inspectKeep {
			limited = true
			break
		}
	}
	return d.Result(), io.MultiReader(bytes.NewReader(kept), r), limited, nil
}
