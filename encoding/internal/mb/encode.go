package mb

import (
	"github.com/ucskit/ucs/encoding"
	"golang.org/x/text/transform"
)

// CharEncoder maps one character to its bytes in a multi-byte encoding:
// the n bytes are the low n bytes of code, most significant first; n is 0
// when the encoding cannot represent r. It sees only characters the fast
// paths left.
type CharEncoder interface {
	EncodeChar(r rune) (code uint32, n int)
}

// Encode is the loop of the table-driven encoder cores: Encode2's fast
// path over enc (leaving the character skip, 0 for none, to ce), runs of
// ASCII, and one character at a time through ce. Malformed UTF-8 comes
// back as a bad sequence of its UTF-8 kind, a character ce cannot map as
// one of kind Unmappable. It allocates nothing.
func Encode(dst, src []byte, atEOF bool, enc *[65536]uint16, skip uint16, ce CharEncoder) (nDst, nSrc int, bad encoding.Bad, err error) {
	for nSrc < len(src) {
		nd, ns := Encode2(dst[nDst:], src[nSrc:], enc, skip)
		nDst += nd
		nSrc += ns
		if nSrc >= len(src) {
			break
		}
		if src[nSrc] < 0x80 {
			n := ASCII(dst[nDst:], src[nSrc:])
			if n == 0 {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			nDst += n
			nSrc += n
			continue
		}
		r, n, k := NextRune(src[nSrc:], atEOF)
		if n == 0 {
			return nDst, nSrc, bad, transform.ErrShortSrc
		}
		if k != encoding.KindNone {
			return nDst, nSrc, encoding.Bad{Len: n, Kind: k, Rune: r}, nil
		}
		code, m := ce.EncodeChar(r)
		if m == 0 {
			return nDst, nSrc, encoding.Bad{Len: n, Kind: encoding.Unmappable, Rune: r}, nil
		}
		if len(dst)-nDst < m {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		for i := m - 1; i >= 0; i-- {
			dst[nDst+i] = byte(code)
			code >>= 8
		}
		nDst += m
		nSrc += n
	}
	return nDst, nSrc, bad, nil
}
