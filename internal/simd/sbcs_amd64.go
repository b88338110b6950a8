//go:build amd64 && gc && !purego

package simd

// sbcsStep is a vector step of an SBCS conversion: it converts whole
// blocks of src, stops at a character boundary before a block it cannot
// convert, and returns the bytes written and read.
type sbcsStep func(t *SBCS, dst, src []byte) (nDst, nSrc int)

// sbcsToUTF8AVX512 converts 64-byte blocks of src while dst has room for
// 256 bytes. Each byte is looked up in the three 128-byte tables of
// t.vec.dec (VPERMI2B); the UTF-8 bytes are interleaved sixteen source
// bytes at a time and packed with VPCOMPRESSB. It stops before a block
// holding a byte without a character.
//
//go:noescape
func sbcsToUTF8AVX512(t *SBCS, dst, src []byte) (nDst, nSrc int)

// sbcsFromUTF8AVX512 converts 64-byte blocks of src (63 when a block ends
// with a lead byte) while dst has room for 64 bytes. A block converts when
// it holds only ASCII and two-byte characters whose leads have a slot in
// t.vec.slot and whose code points have a byte in t.vec.rev; it stops
// before any other block.
//
//go:noescape
func sbcsFromUTF8AVX512(t *SBCS, dst, src []byte) (nDst, nSrc int)

func sbcsDecodeStep(k *impl) sbcsStep {
	if k == avx512Impl {
		return sbcsToUTF8AVX512
	}
	return nil
}

func sbcsEncodeStep(k *impl) sbcsStep {
	if k == avx512Impl {
		return sbcsFromUTF8AVX512
	}
	return nil
}
