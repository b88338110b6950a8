package mb

import (
	"encoding/binary"

	"github.com/ucskit/ucs/encoding"
	"golang.org/x/text/transform"
)

// CharDecoder is the arithmetic of a double-byte code: it decodes the one
// character at the start of src that the fast paths left, where src[0] is
// not ASCII (80–FF). It returns one of:
//
//   - a character: n > 0 bytes of src read, and its UTF-8 (w bytes, 1 to
//     4; Big5 has codes that decode to two code points) packed
//     little-endian in v (see Pack and Char);
//   - a bad sequence: n bytes of the given kind (see Mismatch);
//   - n == 0 and KindNone when src ends inside a code that more input
//     could complete; Decode then asks for more input, or at the end of
//     the input reports the len(src) bytes as Truncated.
//
// It does not see dst: Decode writes the character, or stops when dst has
// no room for it.
type CharDecoder interface {
	DecodeChar(src []byte) (v uint32, w, n int, kind encoding.Kind)
}

// RunDecoder is a CharDecoder with a fast path of its own, which Decode
// runs after Decode2: it decodes a run of characters at the start of src
// (GB18030's four-byte codes of supplementary characters) while both
// buffers have room, and returns at once at anything else.
type RunDecoder interface {
	CharDecoder
	DecodeRun(dst, src []byte) (nDst, nSrc int)
}

// Decode is the loop of the table-driven double-byte decoder cores, the
// twin of Encode: Decode2's fast path over fast (none when fast is nil),
// the codec's own run (when cd is a RunDecoder), runs of ASCII, and one
// character at a time through cd. A bad sequence comes back with the
// length and kind cd gave it, a code cut off by the end of the input as
// one of kind Truncated. It allocates nothing.
func Decode(dst, src []byte, atEOF bool, fast *Pairs, cd CharDecoder) (nDst, nSrc int, bad encoding.Bad, err error) {
	rd, _ := cd.(RunDecoder)
	for nSrc < len(src) {
		if fast != nil {
			nd, ns := Decode2(dst[nDst:], src[nSrc:], fast)
			nDst += nd
			nSrc += ns
			if rd != nil {
				nd, ns = rd.DecodeRun(dst[nDst:], src[nSrc:])
				nDst += nd
				nSrc += ns
			}
			if nSrc >= len(src) {
				break
			}
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
		v, w, n, k := cd.DecodeChar(src[nSrc:])
		if k != encoding.KindNone {
			return nDst, nSrc, encoding.Bad{Len: n, Kind: k, Rune: -1}, nil
		}
		if n == 0 {
			if atEOF {
				return nDst, nSrc, encoding.Bad{Len: len(src) - nSrc, Kind: encoding.Truncated, Rune: -1}, nil
			}
			return nDst, nSrc, bad, transform.ErrShortSrc
		}
		if d := dst[nDst:]; len(d) >= 4 {
			binary.LittleEndian.PutUint32(d, v)
		} else if len(d) >= w {
			for i := range w {
				d[i] = byte(v >> (8 * i))
			}
		} else {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		nDst += w
		nSrc += n
	}
	return nDst, nSrc, bad, nil
}

// Char is the result of a CharDecoder for the character whose UTF-8 is
// packed in v (see Pack), read from n bytes.
func Char(v uint32, n int) (uint32, int, int, encoding.Kind) {
	return v, PackedLen(v), n, encoding.KindNone
}

// Mismatch is the result of a CharDecoder that read n bytes of a code
// whose last byte, last, did not fit. WHATWG's rule: when last is ASCII it
// is not part of the error but decoded again, so the error covers n-1
// bytes.
func Mismatch(last byte, n int) (uint32, int, int, encoding.Kind) {
	if last < 0x80 {
		n--
	}
	return 0, 0, n, encoding.InvalidSequence
}

// Invalid1 is the result of a CharDecoder for a byte that cannot start a
// character.
func Invalid1() (uint32, int, int, encoding.Kind) {
	return 0, 0, 1, encoding.InvalidByte
}

// More is the result of a CharDecoder whose src ends inside a code.
func More() (uint32, int, int, encoding.Kind) {
	return 0, 0, 0, encoding.KindNone
}
