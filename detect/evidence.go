package detect

import (
	"bytes"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/simd"
)

// evidence is what one pass over the input tells: the byte histogram and
// its sums, the UTF-8 census, and the UTF-16 reading the structure stage
// found plausible.
type evidence struct {
	b                 []byte
	atEOF, afterASCII bool
	hist              [256]uint32
	// high counts the bytes 80–FF, zeros the NULs, controls the C0
	// controls other than tab, line breaks, form feed and ESC.
	high, zeros, controls int
	u8                    utf8Census
	u16                   u16result
}

// gather makes one pass over b for the histogram, and reads it as UTF-8
// when it has non-ASCII bytes.
func gather(b []byte, atEOF, afterASCII bool) evidence {
	ev := evidence{b: b, atEOF: atEOF, afterASCII: afterASCII}
	for _, c := range b {
		ev.hist[c]++
	}
	ev.zeros = int(ev.hist[0])
	for c := 0x80; c < 256; c++ {
		ev.high += int(ev.hist[c])
	}
	for c := 1; c < 0x20; c++ {
		switch c {
		case '\t', '\n', '\v', '\f', '\r', 0x1B:
		default:
			ev.controls += int(ev.hist[c])
		}
	}
	if ev.high > 0 {
		ev.u8 = censusUTF8(b, atEOF)
	}
	return ev
}

// statsOffset returns where the statistics window of b starts: at 0 when
// b has a non-ASCII byte within the first half of scoreLimit, else on the
// line of the first non-ASCII byte (at most statsContext bytes before it),
// so that a long ASCII head does not hide the text that follows it.
func statsOffset(b []byte) int {
	p := simd.ASCIIPrefix(b)
	if p < scoreLimit/2 || p == len(b) {
		return 0
	}
	start := p - statsContext
	if i := bytes.LastIndexByte(b[start:p], '\n'); i >= 0 {
		start += i + 1
	}
	return start
}

// statsContext is the most ASCII text before the first non-ASCII byte that
// the statistics window keeps when it skips a long ASCII head.
const statsContext = 256

// focusSample returns the lines of b from off that hold a non-ASCII byte,
// at most scoreLimit bytes of them, and the offset in b where it stopped
// looking. Lines of ASCII alone (markup, code, headers, numbers) read the
// same in every ASCII-compatible encoding, and their language (often
// English, whatever the text's) says little about the encoding of the
// others; the words beside the non-ASCII bytes do. When the lines with a
// non-ASCII byte are most of the text, the sample is the plain window.
func focusSample(b []byte, off int, w *scratch) ([]byte, int) {
	win := statsSample(b, off)
	f := w.focus[:0]
	i := off
	for i < len(b) && len(f) < scoreLimit {
		j := bytes.IndexByte(b[i:], '\n')
		line := b[i:]
		if j >= 0 {
			line = b[i : i+j+1]
		}
		if simd.ASCIIPrefix(line) < len(line) {
			f = append(f, line[:min(len(line), scoreLimit-len(f))]...)
		}
		i += len(line)
	}
	w.focus = f
	if len(f) == 0 || len(f)*4 >= len(win)*3 {
		return win, off + len(win)
	}
	return f, i
}

// statsSample returns the at most scoreLimit bytes of b from off.
func statsSample(b []byte, off int) []byte {
	s := b[off:]
	if len(s) > scoreLimit {
		s = s[:scoreLimit]
	}
	return s
}

// utf8Census counts, in an input read as UTF-8, the well-formed
// multi-byte characters and the malformed sequences.
type utf8Census struct {
	multi, bad int
	// first is the offset of the first malformed sequence, -1 when none.
	first int
}

// valid reports whether the input is UTF-8 with a non-ASCII character.
func (c utf8Census) valid() bool { return c.bad == 0 && c.multi > 0 }

// mostly reports whether the input is UTF-8 but for a few malformed
// sequences: at least mostlyRatio well-formed multi-byte characters for
// each malformed sequence.
func (c utf8Census) mostly() bool {
	return c.bad > 0 && c.multi >= mostlyMin && c.multi >= mostlyRatio*c.bad
}

// The least evidence for "mostly UTF-8": legacy text seldom forms a
// well-formed UTF-8 sequence (a lead C2–F4 followed by the right number of
// bytes 80–BF), and almost every non-ASCII letter of it is a malformed
// one.
const (
	mostlyMin   = 3
	mostlyRatio = 4
)

// censusUTF8 reads b as UTF-8 with the SIMD validator. It stops counting
// once the malformed sequences are too many for the input to be mostly
// UTF-8. With atEOF false, a character cut by the end of b is not counted
// as malformed.
func censusUTF8(b []byte, atEOF bool) utf8Census {
	c := utf8Census{first: -1}
	// Valid input, the common case, is checked in one call, and its
	// characters counted only as far as utf8Confidence needs.
	if n, kind, blen := simd.ValidateUTF8(b); n == len(b) || kind == encoding.Truncated && !atEOF && n+blen == len(b) {
		c.multi = fewLeads(b[:n], 3)
		return c
	}
	for i := 0; i < len(b); {
		n, kind, blen := simd.ValidateUTF8(b[i:])
		c.multi += countLeads(b[i : i+n])
		i += n
		if i == len(b) {
			break
		}
		if kind == encoding.Truncated && !atEOF && i+blen == len(b) {
			break
		}
		if c.first < 0 {
			c.first = i
		}
		c.bad++
		if c.bad > 8 && c.bad*mostlyRatio > c.multi {
			break // not mostly UTF-8: the rest is not needed
		}
		i += max(blen, 1)
	}
	return c
}

// countLeads counts the lead bytes of multi-byte characters in valid UTF-8.
func countLeads(b []byte) int {
	n := 0
	for _, c := range b {
		if c >= 0xC0 {
			n++
		}
	}
	return n
}

// fewLeads is countLeads, counting no further than max.
func fewLeads(b []byte, max int) int {
	n := 0
	for _, c := range b {
		if c >= 0xC0 {
			if n++; n == max {
				break
			}
		}
	}
	return n
}
