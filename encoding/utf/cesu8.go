package utf

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/simd"
	"github.com/ucskit/ucs/internal/utf8class"
	"golang.org/x/text/transform"
)

// cesuDecoder decodes CESU-8 (UTR #26) and Java's Modified UTF-8: UTF-8's
// 1- to 3-byte forms, with characters beyond the BMP written as a pair of
// 3-byte surrogate encodings. The 4-byte form is invalid.
type cesuDecoder struct {
	modified bool // Java: C0 80 is U+0000
}

func (d *cesuDecoder) Reset() {}

// surrogate3 decodes a 3-byte encoding of a surrogate at b (ED A0–BF xx);
// it returns the surrogate, or 0 when b does not start with one. It
// reports incomplete when b is a proper prefix of one.
func surrogate3(b []byte) (s rune, incomplete bool) {
	if len(b) == 0 || b[0] != 0xED {
		return 0, false
	}
	if len(b) < 2 {
		return 0, true
	}
	if b[1] < 0xA0 || b[1] > 0xBF {
		return 0, false
	}
	if len(b) < 3 {
		return 0, true
	}
	if b[2]&0xC0 != 0x80 {
		return 0, false
	}
	return 0xD000 | rune(b[1]&0x3F)<<6 | rune(b[2]&0x3F), false
}

// plainWindow is the most input that plainPrefix checks in one step; it
// starts with 16 bytes and grows fourfold up to this, so that text where
// surrogate pairs are frequent is not checked far ahead again and again.
const plainWindow = 16 << 10

// plainPrefix returns the length of the longest prefix of src (at most
// room bytes) that reads the same in CESU-8 or Modified UTF-8 as in UTF-8:
// valid UTF-8 with no four-byte form and, when noNUL is set, no 00 byte.
// It ends on a character boundary.
func plainPrefix(src []byte, room int, noNUL bool) int {
	limit := min(len(src), room+3)
	total := 0
	for w := 16; total < limit; w = min(4*w, plainWindow) {
		end := min(total+w, limit)
		chunk := src[total:end]
		stop := false
		// Stop before the first four-byte lead (F0–FF). Long steps first
		// compare the UTF-16 length with the character count, which
		// differ by one per such byte.
		if w <= 256 || simd.UTF16LenFromUTF8(chunk) != simd.RuneCount(chunk) {
			for i, c := range chunk {
				if c >= 0xF0 {
					chunk, stop = chunk[:i], true
					break
				}
			}
		}
		n, kind, _ := simd.ValidateUTF8(chunk)
		if noNUL {
			if i := bytes.IndexByte(chunk[:n], 0); i >= 0 {
				n, stop = i, true
			}
		}
		total += n
		// A character cut by the end of the step is checked again by
		// the next one.
		if stop || (n < len(chunk) && (kind != encoding.Truncated || end == limit)) {
			break
		}
	}
	if total > room {
		total = room
		for total > 0 && src[total]&0xC0 == 0x80 {
			total--
		}
	}
	return total
}

func (d *cesuDecoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0xF0 && c != 0xC0 && c != 0xED && len(dst) > nDst {
			// UTF-8 without four-byte forms or surrogates is CESU-8 as
			// it is.
			if n := plainPrefix(src[nSrc:], len(dst)-nDst, false); n > 0 {
				nDst += copy(dst[nDst:], src[nSrc:nSrc+n])
				nSrc += n
				continue
			}
		}
		if c < 0x80 {
			if nDst >= len(dst) {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		// A surrogate pair, the form of every character beyond the BMP,
		// is decoded here: a call per character would cost a fifth of
		// the speed on such text.
		if c == 0xED && len(src)-nSrc >= 6 && len(dst)-nDst >= 4 {
			if r := pairRune(src[nSrc : nSrc+6]); r != 0 {
				nDst += utf8.EncodeRune(dst[nDst:], r)
				nSrc += 6
				continue
			}
		}
		w, n, bad, err := d.char(dst[nDst:], src[nSrc:], atEOF)
		if n == 0 {
			return nDst, nSrc, bad, err
		}
		nDst += w
		nSrc += n
	}
	return nDst, nSrc, bad, nil
}

// char decodes the non-ASCII sequence at the start of rest into dst: a
// Modified UTF-8 NUL (C0 80), a surrogate pair, or a UTF-8 character of
// one to three bytes. It returns the bytes written and read, or n == 0
// and the bad sequence or the error (short dst or src) that stops the
// conversion there.
func (d *cesuDecoder) char(dst, rest []byte, atEOF bool) (w, n int, bad encoding.Bad, err error) {
	c := rest[0]
	if d.modified && c == 0xC0 {
		if len(rest) < 2 {
			if !atEOF {
				return 0, 0, bad, transform.ErrShortSrc
			}
			return 0, 0, encoding.Bad{Len: 1, Kind: encoding.Truncated, Rune: -1}, nil
		}
		if rest[1] == 0x80 {
			if len(dst) == 0 {
				return 0, 0, bad, transform.ErrShortDst
			}
			dst[0] = 0
			return 1, 2, bad, nil
		}
	}
	hi, inc := surrogate3(rest)
	switch {
	case inc:
		if !atEOF {
			return 0, 0, bad, transform.ErrShortSrc
		}
		return 0, 0, encoding.Bad{Len: len(rest), Kind: encoding.Truncated, Rune: -1}, nil
	case hi != 0:
		return surrogatePair(dst, rest, hi, atEOF)
	case c >= 0xF0:
		// The 4-byte UTF-8 form is not CESU-8; explain it with the
		// UTF-8 vocabulary when it is malformed anyway.
		kind, n, incomplete := classify(rest, &utf8class.Leads)
		if incomplete && !atEOF {
			return 0, 0, bad, transform.ErrShortSrc
		}
		if kind == encoding.KindNone {
			kind = encoding.InvalidSequence
		}
		return 0, 0, encoding.Bad{Len: n, Kind: kind, Rune: -1}, nil
	}
	r, size := utf8.DecodeRune(rest)
	if r == utf8.RuneError && size <= 1 {
		kind, n, incomplete := classify(rest, &utf8class.Leads)
		if incomplete && !atEOF {
			return 0, 0, bad, transform.ErrShortSrc
		}
		return 0, 0, encoding.Bad{Len: n, Kind: kind, Rune: -1}, nil
	}
	if size > len(dst) {
		return 0, 0, bad, transform.ErrShortDst
	}
	return copy(dst, rest[:size]), size, bad, nil
}

// pairRune returns the character that s[:6] encodes when it is a
// well-formed surrogate pair (ED A0–AF 80–BF, ED B0–BF 80–BF), and 0
// otherwise.
func pairRune(s []byte) rune {
	a := binary.LittleEndian.Uint32(s[0:4])
	b := binary.LittleEndian.Uint16(s[4:6])
	if a&0xFFC0F0FF != 0xED80A0ED || b&0xC0F0 != 0x80B0 {
		return 0
	}
	// The high surrogate less D800, shifted by 10, and the low one less
	// DC00.
	return 0x10000 + (rune(a>>8&0x0F)<<16 | rune(a>>16&0x3F)<<10 | rune(b&0x0F)<<6 | rune(b>>8&0x3F))
}

// surrogatePair decodes the surrogate pair at the start of rest, whose
// first three bytes encode the surrogate hi, into the UTF-8 form of its
// character (four bytes), with the results of char.
func surrogatePair(dst, rest []byte, hi rune, atEOF bool) (w, n int, bad encoding.Bad, err error) {
	if hi >= 0xDC00 {
		return 0, 0, encoding.Bad{Len: 3, Kind: encoding.UnpairedSurrogate, Rune: -1}, nil
	}
	if len(rest) == 3 && !atEOF {
		return 0, 0, bad, transform.ErrShortSrc
	}
	lo, inc := surrogate3(rest[3:])
	if inc {
		if !atEOF {
			return 0, 0, bad, transform.ErrShortSrc
		}
		return 0, 0, encoding.Bad{Len: 3, Kind: encoding.UnpairedSurrogate, Rune: -1}, nil
	}
	if lo < 0xDC00 {
		return 0, 0, encoding.Bad{Len: 3, Kind: encoding.UnpairedSurrogate, Rune: -1}, nil
	}
	if len(dst) < 4 {
		return 0, 0, bad, transform.ErrShortDst
	}
	r := 0x10000 + (hi-0xD800)<<10 + (lo - 0xDC00)
	return utf8.EncodeRune(dst, r), 6, bad, nil
}

// cesuEncoder encodes to CESU-8 or Modified UTF-8.
type cesuEncoder struct {
	modified bool
}

func (e *cesuEncoder) Reset() {}

func (e *cesuEncoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0xF0 && len(dst) > nDst {
			if n := plainPrefix(src[nSrc:], len(dst)-nDst, e.modified); n > 0 {
				nDst += copy(dst[nDst:], src[nSrc:nSrc+n])
				nSrc += n
				continue
			}
		}
		if c < 0x80 && !(c == 0 && e.modified) {
			if nDst >= len(dst) {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		r, size, b, incomplete := encRune(src[nSrc:], atEOF, 0x10FFFF)
		if incomplete {
			return nDst, nSrc, bad, transform.ErrShortSrc
		}
		if size == 0 {
			return nDst, nSrc, b, nil
		}
		switch {
		case r == 0:
			if nDst+2 > len(dst) {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			dst[nDst], dst[nDst+1] = 0xC0, 0x80
			nDst += 2
		case r > 0xFFFF:
			if nDst+6 > len(dst) {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			r -= 0x10000
			hi, lo := 0xD800+(r>>10), 0xDC00+(r&0x3FF)
			dst[nDst], dst[nDst+1], dst[nDst+2] = 0xED, 0x80|byte(hi>>6)&0x3F, 0x80|byte(hi)&0x3F
			dst[nDst+3], dst[nDst+4], dst[nDst+5] = 0xED, 0x80|byte(lo>>6)&0x3F, 0x80|byte(lo)&0x3F
			nDst += 6
		default:
			if nDst+size > len(dst) {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			nDst += copy(dst[nDst:], src[nSrc:nSrc+size])
		}
		nSrc += size
	}
	return nDst, nSrc, bad, nil
}

var (
	// CESU8 is CESU-8 (Unicode Technical Report #26): characters beyond
	// the BMP are two 3-byte encodings of their UTF-16 surrogates
	// (U+10400 is ED A0 81 ED B0 80). The 4-byte UTF-8 form, lone and
	// swapped surrogates are errors. U+0000 is 00.
	CESU8 = encoding.NewCodec("cesu-8",
		func() encoding.Core { return &cesuDecoder{} },
		func() encoding.Core { return &cesuEncoder{} })

	// ModifiedUTF8 is Java's Modified UTF-8 (java.io.DataInput): CESU-8
	// with U+0000 written as C0 80. The decoder also accepts a raw 00 byte,
	// as Java's DataInputStream.readUTF does; the encoder never writes one.
	ModifiedUTF8 = encoding.NewCodec("modified-utf-8",
		func() encoding.Core { return &cesuDecoder{modified: true} },
		func() encoding.Core { return &cesuEncoder{modified: true} })
)
