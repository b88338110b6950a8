package width

import (
	"unicode/utf8"

	"github.com/rivo/uniseg"
	xwidth "golang.org/x/text/width"
)

// Options say how to measure. The zero value measures as most terminals
// do outside East Asian locales.
type Options struct {
	// AmbiguousWide counts East Asian Ambiguous characters (Greek and
	// Cyrillic letters, box drawing, some symbols) as 2 columns instead
	// of 1.
	AmbiguousWide bool
}

// clusterWidth adjusts the width uniseg gives a cluster for the options.
func (o Options) clusterWidth(first rune, w int) int {
	if o.AmbiguousWide && w == 1 && xwidth.LookupRune(first).Kind() == xwidth.EastAsianAmbiguous {
		return 2
	}
	return w
}

// printable reports whether c is a printable ASCII character. Two of them
// in a row make the first a grapheme cluster of its own, 1 column wide:
// no rule of UAX #29 joins an ASCII letter to what follows unless that is
// an extending or spacing mark, or ZWJ, none of which is ASCII, and no
// printable ASCII character is a Prepend.
func printable(c byte) bool { return c >= 0x20 && c < 0x7F }

// String returns the number of columns s takes. It does not allocate.
func (o Options) String(s string) int {
	n, state := 0, -1
	for len(s) > 0 {
		if len(s) > 1 && printable(s[0]) && printable(s[1]) {
			k := 1
			for k+1 < len(s) && printable(s[k+1]) {
				k++
			}
			n += k
			s, state = s[k:], -1
			continue
		}
		var c string
		var w int
		c, s, w, state = uniseg.FirstGraphemeClusterInString(s, state)
		r, _ := utf8.DecodeRuneInString(c)
		n += o.clusterWidth(r, w)
	}
	return n
}

// Bytes returns the number of columns the UTF-8 text b takes. It does not
// allocate.
func (o Options) Bytes(b []byte) int {
	n, state := 0, -1
	for len(b) > 0 {
		if len(b) > 1 && printable(b[0]) && printable(b[1]) {
			k := 1
			for k+1 < len(b) && printable(b[k+1]) {
				k++
			}
			n += k
			b, state = b[k:], -1
			continue
		}
		var c []byte
		var w int
		c, b, w, state = uniseg.FirstGraphemeCluster(b, state)
		r, _ := utf8.DecodeRune(c)
		n += o.clusterWidth(r, w)
	}
	return n
}

// Rune returns the number of columns r takes on its own: 0, 1 or 2.
func (o Options) Rune(r rune) int {
	var buf [utf8.UTFMax]byte
	return o.Bytes(utf8.AppendRune(buf[:0], r))
}

// Truncate returns the longest prefix of s that takes at most max columns
// and ends at a grapheme cluster boundary, and the columns it takes. It
// never splits a cluster: a wide character that would straddle the limit
// is left out whole. It does not allocate.
func (o Options) Truncate(s string, max int) (string, int) {
	n, state, rest := 0, -1, s
	for len(rest) > 0 {
		if len(rest) > 1 && printable(rest[0]) && printable(rest[1]) {
			k := 1
			for k+1 < len(rest) && printable(rest[k+1]) {
				k++
			}
			k = min(k, max-n)
			if k <= 0 {
				break
			}
			n += k
			rest, state = rest[k:], -1
			continue
		}
		c, next, w, st := uniseg.FirstGraphemeClusterInString(rest, state)
		r, _ := utf8.DecodeRuneInString(c)
		w = o.clusterWidth(r, w)
		if n+w > max {
			break
		}
		n += w
		rest, state = next, st
	}
	return s[:len(s)-len(rest)], n
}

// Cluster is one grapheme cluster of a text and its width.
type Cluster struct {
	Text  string
	Width int
}

// Clusters calls yield for each grapheme cluster of s with its width, in
// order, until yield returns false. It does not allocate.
func (o Options) Clusters(s string, yield func(Cluster) bool) {
	state := -1
	for len(s) > 0 {
		if len(s) > 1 && printable(s[0]) && printable(s[1]) {
			if !yield(Cluster{s[:1], 1}) {
				return
			}
			s, state = s[1:], -1
			continue
		}
		var c string
		var w int
		c, s, w, state = uniseg.FirstGraphemeClusterInString(s, state)
		r, _ := utf8.DecodeRuneInString(c)
		if !yield(Cluster{c, o.clusterWidth(r, w)}) {
			return
		}
	}
}

// Prefix measures the grapheme clusters at the start of the UTF-8 text b
// that are known to be complete: all of them when atEOF, else all but the
// last, which more text could still extend. It returns their columns and
// their length in bytes, so that a streaming reader measures b[:n] and
// keeps b[n:] for later. It does not allocate.
func (o Options) Prefix(b []byte, atEOF bool) (cols, n int) {
	state := -1
	for n < len(b) {
		if n+1 < len(b) && printable(b[n]) && printable(b[n+1]) {
			k := 1
			for n+k+1 < len(b) && printable(b[n+k+1]) {
				k++
			}
			cols += k
			n += k
			state = -1
			continue
		}
		c, _, w, st := uniseg.FirstGraphemeCluster(b[n:], state)
		if n+len(c) == len(b) && !atEOF {
			break
		}
		r, _ := utf8.DecodeRune(c)
		cols += o.clusterWidth(r, w)
		n += len(c)
		state = st
	}
	return cols, n
}

// LastBoundary returns the offset in the UTF-8 text b of the start of its
// last grapheme cluster: a streaming reader may measure b[:LastBoundary(b)]
// and keep the rest, since more text could still join that cluster. It
// returns 0 when b is one cluster (or empty).
func LastBoundary(b []byte) int {
	last, off, state := 0, 0, -1
	for off < len(b) {
		if off+1 < len(b) && printable(b[off]) && printable(b[off+1]) {
			k := 1
			for off+k+1 < len(b) && printable(b[off+k+1]) {
				k++
			}
			off += k
			last, state = off-1, -1
			continue
		}
		c, _, _, st := uniseg.FirstGraphemeCluster(b[off:], state)
		last = off
		off += len(c)
		state = st
	}
	return last
}

// String returns the number of columns s takes with the default options.
func String(s string) int { return Options{}.String(s) }

// Rune returns the number of columns r takes on its own with the default
// options.
func Rune(r rune) int { return Options{}.Rune(r) }

// Truncate cuts s to at most max columns with the default options; see
// Options.Truncate.
func Truncate(s string, max int) (string, int) { return Options{}.Truncate(s, max) }
