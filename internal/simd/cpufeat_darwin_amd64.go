//go:build amd64 && gc && !purego

package simd

import (
	"sync"

	"golang.org/x/sys/cpu"
)

// cpuFeatures takes the features from golang.org/x/sys/cpu, which knows
// how macOS enables the AVX-512 registers (on first use, so that XCR0
// does not show them yet).
var cpuFeatures = sync.OnceValue(func() x86 {
	return x86{
		avx2: cpu.X86.HasAVX2, bmi2: cpu.X86.HasBMI2, popcnt: cpu.X86.HasPOPCNT,
		avx512F: cpu.X86.HasAVX512F, avx512BW: cpu.X86.HasAVX512BW, avx512VL: cpu.X86.HasAVX512VL,
		avx512VBMI: cpu.X86.HasAVX512VBMI, avx512VBMI2: cpu.X86.HasAVX512VBMI2,
		avx512GFNI: cpu.X86.HasAVX512GFNI,
	}
})
