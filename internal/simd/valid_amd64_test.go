//go:build amd64 && gc && !purego

package simd

import "testing"

// TestValidSteps checks the wiring: the vector kernels have their own
// assume-valid steps for the conversions that have them, and the scalar
// kernel has none.
func TestValidSteps(t *testing.T) {
	for _, k := range []*impl{avx512Impl, avx2Impl} {
		v := k.valid
		if v == nil || v.utf8ToUTF16LE == nil || v.utf8ToUTF32LE == nil || v.utf32LEToUTF8 == nil {
			t.Errorf("kernel %s lacks assume-valid steps: %+v", k.name, v)
		}
	}
	if v := avx512Impl.valid; v == nil || v.utf8ToLatin1 == nil {
		t.Errorf("kernel avx512 lacks an assume-valid UTF-8 to Latin-1 step")
	}
	if v := scalarImpl.valid; v != nil {
		t.Errorf("the scalar kernel has assume-valid steps: %+v", v)
	}
}
