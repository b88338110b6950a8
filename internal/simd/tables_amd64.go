//go:build amd64 && gc && !purego

package simd

// The VPSHUFB shuffle tables of the AVX2 kernels (twoByteShuf,
// threeByteShuf and threeByteLen, wordShuf, wordFormShuf, sbcsExpand,
// sbcsPack) are static arrays in tables_data_amd64.go, which package
// internal/shuftab computes: they are in the binary as data, so no code
// runs to build them when a program starts, and the kernels find them
// ready.

//go:generate go run ./internal/gentables -o tables_data_amd64.go
