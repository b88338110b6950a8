package charset

import (
	"strings"
	"testing"
)

func BenchmarkLookupKnown(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Lookup("Windows-1252"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLookupUnknown(b *testing.B) {
	for _, n := range []int{10, 4 << 10, 32 << 10, 1 << 20} {
		label := strings.Repeat("x", n)
		b.Run(byteSize(n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(n))
			for b.Loop() {
				if _, err := Lookup(label); err == nil {
					b.Fatal("accepted")
				}
			}
		})
	}
}

// BenchmarkLookupWhitespace is the worst case: trimming reads every byte
// of a label made of whitespace around an unknown name.
func BenchmarkLookupWhitespace(b *testing.B) {
	for _, n := range []int{4 << 10, 1 << 20} {
		pad := strings.Repeat(" ", n/2)
		label := pad + "x" + pad
		b.Run(byteSize(n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(label)))
			for b.Loop() {
				if _, err := Lookup(label); err == nil {
					b.Fatal("accepted")
				}
			}
		})
	}
}

// BenchmarkUnknownError is the price of the message, suggestions included,
// paid only by a caller that prints it.
func BenchmarkUnknownError(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_, err := Lookup("shift-jsi")
		_ = err.Error()
	}
}

func byteSize(n int) string {
	switch {
	case n >= 1<<20:
		return itoa(n>>20) + "MiB"
	case n >= 1<<10:
		return itoa(n>>10) + "KiB"
	}
	return itoa(n) + "B"
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
