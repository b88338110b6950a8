//go:build amd64 && gc && !purego

package simd

import (
	"testing"

	"github.com/ucskit/ucs/internal/simd/internal/shuftab"
)

// The static shuffle tables are those shuftab computes (go generate
// writes them; this catches a stale or hand-edited file).
func TestStaticShuffleTables(t *testing.T) {
	three, threeLen := shuftab.ThreeByteShuf()
	for _, tc := range []struct {
		name      string
		got, want *[256][16]byte
	}{
		{"twoByteShuf", &twoByteShuf, ptr(shuftab.TwoByteShuf())},
		{"threeByteShuf", &threeByteShuf, &three},
		{"wordShuf", &wordShuf, ptr(shuftab.WordShuf())},
		{"wordFormShuf", &wordFormShuf, ptr(shuftab.WordFormShuf())},
		{"sbcsExpand", &sbcsExpand, ptr(shuftab.SBCSExpand())},
		{"sbcsPack", &sbcsPack, ptr(shuftab.SBCSPack())},
	} {
		for k := range tc.want {
			if tc.got[k] != tc.want[k] {
				t.Errorf("%s[%d] = % X, want % X (run go generate)", tc.name, k, tc.got[k], tc.want[k])
				break
			}
		}
	}
	if threeByteLen != threeLen {
		t.Errorf("threeByteLen = %v, want %v (run go generate)", threeByteLen, threeLen)
	}
	// A table that is all zeros would mean the generator wrote nothing.
	if twoByteShuf[0][8] != 0x80 || sbcsPack[0xFF][7] != 7 {
		t.Error("the static tables are not filled")
	}
}

func ptr[T any](v T) *T { return &v }
