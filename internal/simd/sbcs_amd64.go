//go:build amd64 && gc && !purego

package simd

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

// sbcsToUTF8AVX2 converts 32-byte blocks of src while dst has room for
// 64 bytes. Each byte is looked up in t.vec.shuf (eight VPSHUFB per
// table); every eight source bytes become a vector of words (UTF-8 first
// and second bytes), which a VPSHUFB pattern from sbcsExpand packs. It
// stops before a block holding a byte without a character or a character
// of three UTF-8 bytes.
//
//go:noescape
func sbcsToUTF8AVX2(t *SBCS, dst, src []byte) (nDst, nSrc int)

// sbcsFromUTF8AVX2 converts 32-byte blocks of src (31 when a block ends
// with a lead byte) while dst has room for 32 bytes. A block converts
// when it holds only ASCII and two-byte characters whose leads have a
// slot and whose code points have a byte; the byte is looked up at the
// continuation byte (VPSHUFB rows of t.vec.slotShuf and t.vec.revShuf),
// and each eight bytes are packed with a VPSHUFB pattern of sbcsPack.
//
//go:noescape
func sbcsFromUTF8AVX2(t *SBCS, dst, src []byte) (nDst, nSrc int)
