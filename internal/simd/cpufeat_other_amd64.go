//go:build amd64 && gc && !purego && !darwin

package simd

import "sync"

// cpuFeatures reads the features as golang.org/x/sys/cpu does: a vector
// extension counts only when the operating system saves its registers
// (XCR0), and the leaf-7 features only when the CPU has leaf 7.
var cpuFeatures = sync.OnceValue(func() x86 {
	var f x86
	maxID, _, _, _ := cpuid(0, 0)
	if maxID < 1 {
		return f
	}
	_, _, ecx1, _ := cpuid(1, 0)
	f.popcnt = bit(ecx1, 23)
	osAVX, osAVX512 := false, false
	if bit(ecx1, 27) { // OSXSAVE: XGETBV is usable
		xcr0, _ := xgetbv()
		osAVX = xcr0&0x6 == 0x6               // SSE and AVX state
		osAVX512 = osAVX && xcr0&0xE0 == 0xE0 // opmask, ZMM0–15 upper halves, ZMM16–31
	}
	if maxID < 7 {
		return f
	}
	_, ebx7, ecx7, _ := cpuid(7, 0)
	f.avx2 = bit(ebx7, 5) && osAVX
	f.bmi2 = bit(ebx7, 8)
	f.avx512F = bit(ebx7, 16) && osAVX512
	f.avx512BW = bit(ebx7, 30) && osAVX512
	f.avx512VL = bit(ebx7, 31) && osAVX512
	f.avx512VBMI = bit(ecx7, 1) && osAVX512
	f.avx512VBMI2 = bit(ecx7, 6) && osAVX512
	f.avx512GFNI = bit(ecx7, 8) && osAVX512
	return f
})

func bit(x uint32, n uint) bool { return x>>n&1 != 0 }

//go:noescape
func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

//go:noescape
func xgetbv() (eax, edx uint32)
