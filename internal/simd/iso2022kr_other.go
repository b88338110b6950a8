//go:build !amd64 || !gc || purego

package simd

func hasISO2022KR(k *impl) bool { return false }

func iso2022krToEUC(k *impl, dst, src []byte, so bool) (int, int, bool) { return 0, 0, so }

func iso2022krFromEUC(k *impl, dst, src []byte, shifted bool) (int, int, bool) { return 0, 0, shifted }
