//go:build amd64 && gc && !purego

package simd

func init() { vectorImpls = amd64Impls }

// hasAVX512 reports whether the CPU (and the operating system, which must
// save the wide registers) supports the AVX-512 subsets the avx512 kernel
// uses: F, BW, VL, VBMI, VBMI2 and GFNI (every processor with VBMI2 so
// far has GFNI too).
func hasAVX512() bool {
	f := cpuFeatures()
	return f.avx512F && f.avx512BW && f.avx512VL && f.avx512VBMI && f.avx512VBMI2 && f.avx512GFNI &&
		f.bmi2 && f.popcnt
}

// hasAVX2 reports whether the CPU supports what the avx2 kernel uses.
func hasAVX2() bool {
	f := cpuFeatures()
	return f.avx2 && f.bmi2 && f.popcnt
}

// HasAVX2 reports whether the CPU and the operating system support AVX2,
// whatever kernel UCS_SIMD pins.
func HasAVX2() bool { return cpuFeatures().avx2 }

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
