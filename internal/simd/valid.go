package simd

// validImpl holds a kernel's assume-valid steps (see validSteps in the
// architecture files); a nil field means the kernel has none for that
// conversion and the assume-valid function runs the validating code. A
// step converts whole windows, never checking the input, and leaves the
// rest to the scalar code.
type validImpl struct {
	utf8ToUTF16LE func(dst, src []byte) (nDst, nSrc int)
	utf8ToUTF32LE func(dst, src []byte) (nDst, nSrc int)
	utf32LEToUTF8 func(dst, src []byte) (nDst, nSrc int)
	utf8ToLatin1  func(dst, src []byte) (nDst, nSrc int)
}
