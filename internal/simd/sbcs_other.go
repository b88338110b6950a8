//go:build !(amd64 && gc && !purego)

package simd

// sbcsStep is a vector step of an SBCS conversion (see sbcs_amd64.go).
type sbcsStep func(t *SBCS, dst, src []byte) (nDst, nSrc int)

// Without the assembly kernels the scalar code does every conversion.
func sbcsDecodeStep(*impl) sbcsStep { return nil }
func sbcsEncodeStep(*impl) sbcsStep { return nil }
