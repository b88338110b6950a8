//go:build amd64 && gc && !purego

package simd

import "golang.org/x/sys/cpu"

func init() { vectorImpls = amd64Impls }

// hasAVX512 reports whether the CPU (and the operating system, which must
// save the wide registers) supports the AVX-512 subsets the avx512 kernel
// uses: F, BW, VL, VBMI, VBMI2 and GFNI (every processor with VBMI2 so
// far has GFNI too).
func hasAVX512() bool {
	return cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VL &&
		cpu.X86.HasAVX512VBMI && cpu.X86.HasAVX512VBMI2 && cpu.X86.HasAVX512GFNI &&
		cpu.X86.HasBMI2 && cpu.X86.HasPOPCNT
}

// hasAVX2 reports whether the CPU supports what the avx2 kernel uses.
func hasAVX2() bool { return cpu.X86.HasAVX2 && cpu.X86.HasBMI2 && cpu.X86.HasPOPCNT }

func amd64Impls() []*impl {
	var list []*impl
	if hasAVX512() {
		list = append(list, avx512Impl)
	}
	if hasAVX2() {
		list = append(list, avx2Impl)
	}
	return list
}
