//go:build !amd64 || !gc || purego

package simd

func hasISO2022KR(k *impl) bool { return false }

func iso2022krToEUC(k *impl, dst, src []byte, so bool) (int, int, bool) { return 0, 0, so }
