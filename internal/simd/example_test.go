package simd_test

import (
	"fmt"

	"github.com/ucskit/ucs/internal/simd"
)

func ExampleValidUTF8() {
	fmt.Println(simd.ValidUTF8([]byte("naïve")), simd.ValidUTF8([]byte{'a', 0xC0, 0xAF}))
	// Output: true false
}

func ExampleASCIIPrefix() {
	fmt.Println(simd.ASCIIPrefix([]byte("plain, then é")))
	// Output: 12
}

func ExampleUTF8ToUTF16LE() {
	src := []byte("€😀")
	dst := make([]byte, 2*simd.UTF16LenFromUTF8(src))
	n, read := simd.UTF8ToUTF16LE(dst, src)
	fmt.Printf("% X (%d of %d bytes read)\n", dst[:n], read, len(src))
	// Output: AC 20 3D D8 00 DE (7 of 7 bytes read)
}

func ExampleUTF16LEToUTF8() {
	// "a", then an unpaired surrogate: the conversion stops before it.
	src := []byte{'a', 0, 0x00, 0xD8, 'b', 0}
	dst := make([]byte, 16)
	n, read := simd.UTF16LEToUTF8(dst, src)
	fmt.Printf("%q, stopped at byte %d\n", dst[:n], read)
	// Output: "a", stopped at byte 2
}

func ExampleUTF8ToUTF32LE() {
	dst := make([]byte, 8)
	n, _ := simd.UTF8ToUTF32LE(dst, []byte("é€"))
	fmt.Printf("% X\n", dst[:n])
	// Output: E9 00 00 00 AC 20 00 00
}

func ExampleUTF32LEToUTF8() {
	dst := make([]byte, 8)
	n, read := simd.UTF32LEToUTF8(dst, []byte{0x00, 0xF6, 0x01, 0x00, 0x00, 0x00, 0x11, 0x00})
	fmt.Printf("% X, stopped at byte %d\n", dst[:n], read)
	// Output: F0 9F 98 80, stopped at byte 4
}

func ExampleLatin1ToUTF8() {
	dst := make([]byte, 16)
	n, _ := simd.Latin1ToUTF8(dst, []byte("caf\xE9"))
	fmt.Printf("%s\n", dst[:n])
	// Output: café
}

func ExampleUTF8ToLatin1() {
	dst := make([]byte, 16)
	n, read := simd.UTF8ToLatin1(dst, []byte("café €5"))
	fmt.Printf("%q, stopped at byte %d\n", dst[:n], read)
	// Output: "caf\xe9 ", stopped at byte 6
}

func ExampleRuneCount() {
	fmt.Println(simd.RuneCount([]byte("héllo, 世界")))
	// Output: 9
}

func ExampleUTF8LenFromUTF16LE() {
	// "é" and "😀" in UTF-16LE take 2 + 4 bytes in UTF-8.
	fmt.Println(simd.UTF8LenFromUTF16LE([]byte{0xE9, 0x00, 0x3D, 0xD8, 0x00, 0xDE}))
	// Output: 6
}
