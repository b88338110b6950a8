//go:build !(amd64 && gc && !purego)

package simd

// Without the assembly kernels only the scalar kernel exists.
