//go:build amd64 && gc && !purego

package simd

// x86 holds the CPU features the kernels need, read with CPUID when a
// kernel is first chosen (not at start: CPUID is slow in a virtual
// machine, and a command that converts nothing does not need it).
type x86 struct {
	avx2, bmi2, popcnt          bool
	avx512F, avx512BW, avx512VL bool
	avx512VBMI, avx512VBMI2     bool
	avx512GFNI                  bool // GFNI, with the AVX-512 registers
}
