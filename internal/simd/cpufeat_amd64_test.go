//go:build amd64 && gc && !purego

package simd

import (
	"testing"

	"golang.org/x/sys/cpu"
)

// The features read with CPUID are those golang.org/x/sys/cpu reports.
func TestCPUFeaturesAgreeWithXSysCPU(t *testing.T) {
	got := cpuFeatures()
	want := x86{
		avx2: cpu.X86.HasAVX2, bmi2: cpu.X86.HasBMI2, popcnt: cpu.X86.HasPOPCNT,
		avx512F: cpu.X86.HasAVX512F, avx512BW: cpu.X86.HasAVX512BW, avx512VL: cpu.X86.HasAVX512VL,
		avx512VBMI: cpu.X86.HasAVX512VBMI, avx512VBMI2: cpu.X86.HasAVX512VBMI2,
		avx512GFNI: cpu.X86.HasAVX512GFNI,
	}
	if got != want {
		t.Errorf("CPUID gives %+v, golang.org/x/sys/cpu %+v", got, want)
	}
	if HasAVX2() != cpu.X86.HasAVX2 {
		t.Errorf("HasAVX2() = %v, golang.org/x/sys/cpu %v", HasAVX2(), cpu.X86.HasAVX2)
	}
	t.Logf("%+v", got)
}
