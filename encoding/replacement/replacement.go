// Package replacement implements the replacement encoding of the WHATWG
// Encoding Standard (§14.1) and the decode-only UNICODE-1-1-UTF-8 guard.
//
// # Standards
//
//   - WHATWG Encoding Standard §14.1 "replacement": the labels of
//     encodings that browsers refuse to decode because they enable
//     cross-site scripting (ISO-2022-KR, ISO-2022-CN, ISO-2022-CN-EXT,
//     HZ-GB-2312) decode to a single U+FFFD.
//   - RFC 2279 §5 (the label UNICODE-1-1-UTF-8) and Unicode Technical
//     Report #4 (Unicode 1.1), whose Hangul block U+3400–U+4DFF was
//     withdrawn by Unicode 2.0 (ISO/IEC 10646 Amendment 5).
//
// # Conformance
//
// Replacement is WHATWG's: non-empty input decodes to one U+FFFD (an error
// under the default Fail policy, at byte 0); it has no encoder (WHATWG
// encodes with UTF-8 instead; ucs refuses). The error has length 0, as an
// error between bytes: the whole input is refused, but its length is not
// known when a stream is read, and an error must not depend on how the
// input was split. The Escape policy marks it with U+FFFD.
//
// Unicode11UTF8 departs from WHATWG, which treats the label
// unicode-1-1-utf-8 as plain UTF-8: ucs found no authoritative mapping from
// the Unicode 1.1 Hangul syllables to today's code points (the block was
// published only in the printed Unicode 1.1 charts), so it cannot decode
// that Hangul correctly, and refuses it instead of producing CJK Extension
// A ideographs (today's meaning of U+3400–U+4DBF).
package replacement

import (
	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
)

// Replacement is WHATWG's replacement encoding: any non-empty input is one
// error (one U+FFFD under the Replace policy), and nothing can be encoded.
var Replacement = encoding.NewCodec("replacement", func() encoding.Core { return &decoder{} }, nil)

type decoder struct{ done bool }

func (d *decoder) Reset() { d.done = false }

func (d *decoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	if len(src) == 0 {
		return 0, 0, bad, nil
	}
	if d.done {
		return 0, len(src), bad, nil
	}
	d.done = true
	// The error sits before the first byte and covers none: its length
	// must not depend on how much of the input the first chunk holds.
	return 0, 0, encoding.Bad{Len: 0, Kind: encoding.InvalidSequence, Rune: -1}, nil
}

// Unicode11UTF8 reads text labelled UNICODE-1-1-UTF-8 (RFC 2279 §5): UTF-8
// of Unicode 1.1, in which U+3400–U+4DFF were Hangul syllables that
// Unicode 2.0 moved and reordered (the "Korean mess"). It decodes strict
// UTF-8 except that every character in U+3400–U+4DFF is an error: no
// authoritative mapping to today's Hangul syllables exists, and today's
// characters at those code points are unrelated ideographs and hexagrams.
// It is decode-only.
var Unicode11UTF8 = encoding.NewCodec("unicode-1-1-utf-8", func() encoding.Core { return unicode11{} }, nil)

type unicode11 struct{}

func (unicode11) Reset() {}

func (unicode11) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	for nSrc < len(src) {
		if src[nSrc] < 0x80 {
			n := mb.ASCII(dst[nDst:], src[nSrc:])
			if n == 0 {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			nDst += n
			nSrc += n
			continue
		}
		r, n, k := mb.DecodeRune(src[nSrc:], atEOF)
		if n == 0 {
			return nDst, nSrc, bad, transform.ErrShortSrc
		}
		if k != encoding.KindNone {
			return nDst, nSrc, encoding.Bad{Len: n, Kind: k, Rune: -1}, nil
		}
		if r >= 0x3400 && r <= 0x4DFF {
			return nDst, nSrc, encoding.Bad{Len: n, Kind: encoding.InvalidSequence, Rune: -1}, nil
		}
		if len(dst)-nDst < n {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		nDst += copy(dst[nDst:], src[nSrc:nSrc+n])
		nSrc += n
	}
	return nDst, nSrc, bad, nil
}
