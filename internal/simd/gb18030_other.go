//go:build !(amd64 && gc && !purego)

package simd

// Without the assembly kernels the caller's scalar code does the whole
// conversion.
func gb18030SupplementaryToUTF8(_ *impl, _, _ []byte) int { return 0 }

func utf8ToGB18030Supplementary(_ *impl, _, _ []byte) int { return 0 }
