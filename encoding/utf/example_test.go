package utf_test

import (
	"errors"
	"fmt"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/utf"
)

// Validate checks strict UTF-8 (RFC 3629) and says where it is broken.
func ExampleValidate() {
	for _, s := range []string{"naïve", "na\xC3", "\xED\xA0\x80 surrogate", "\xC0\xAF overlong"} {
		err := utf.Validate([]byte(s))
		var e *encoding.Error
		if errors.As(err, &e) {
			fmt.Printf("%+q: byte %d, %d bytes, %s\n", s, e.Offset, e.Len, e.Kind)
			continue
		}
		fmt.Printf("%+q: valid\n", s)
	}
	// Output:
	// "na\u00efve": valid
	// "na\xc3": byte 2, 1 bytes, truncated
	// "\xed\xa0\x80 surrogate": byte 0, 1 bytes, surrogate
	// "\xc0\xaf overlong": byte 0, 1 bytes, overlong
}

func ExampleValid() {
	fmt.Println(utf.Valid([]byte("Grüße")), utf.Valid([]byte{0xF4, 0x90, 0x80, 0x80}))
	// Output: true false
}

// SniffBOM finds the byte order mark at the start of a stream and the codec
// it announces.
func ExampleSniffBOM() {
	in := []byte("\xFF\xFEh\x00i\x00")
	c, n := utf.SniffBOM(in, false)
	text, err := c.AppendDecode(nil, in[n:])
	fmt.Println(c.Name(), n, string(text), err)
	// Output: utf-16le 2 hi <nil>
}

// The UTF-16 codec named "utf-16" (RFC 2781) reads the byte order from a
// BOM and writes one.
func ExampleUTF16() {
	c := utf.UTF16(utf.BigEndian, utf.UseBOM)
	out, _ := c.AppendEncode(nil, []byte("é"))
	fmt.Printf("% X\n", out)
	text, _ := c.AppendDecode(nil, []byte{0xFF, 0xFE, 0xE9, 0x00})
	fmt.Println(string(text))
	// Output:
	// FE FF 00 E9
	// é
}

// The Append functions convert whole buffers with the SIMD kernels.
func ExampleAppendUTF16FromUTF8() {
	out, err := utf.AppendUTF16FromUTF8(nil, []byte("a€𝄞"), utf.LittleEndian)
	fmt.Printf("% X %v\n", out, err)
	// Output: 61 00 AC 20 34 D8 1E DD <nil>
}

// The FromValid functions skip the checks for text already known to be
// valid, here by Valid.
func ExampleAppendUTF16FromValidUTF8() {
	text := []byte("a€𝄞")
	if utf.Valid(text) {
		fmt.Printf("% X\n", utf.AppendUTF16FromValidUTF8(nil, text, utf.BigEndian))
	}
	// Output: 00 61 20 AC D8 34 DD 1E
}

func ExampleAppendUTF8FromValidUTF16() {
	fmt.Printf("%s\n", utf.AppendUTF8FromValidUTF16(nil, []byte{0x61, 0x00, 0xAC, 0x20, 0x34, 0xD8, 0x1E, 0xDD}, utf.LittleEndian))
	// Output: a€𝄞
}

func ExampleAppendUTF32FromValidUTF8() {
	fmt.Printf("% X\n", utf.AppendUTF32FromValidUTF8(nil, []byte("é😀"), utf.LittleEndian))
	// Output: E9 00 00 00 00 F6 01 00
}

func ExampleAppendUTF8FromValidUTF32() {
	fmt.Printf("%s\n", utf.AppendUTF8FromValidUTF32(nil, []byte{0, 0, 0, 0xE9, 0, 1, 0xF6, 0}, utf.BigEndian))
	// Output: é😀
}

// Text that AppendLatin1FromUTF8 accepted once can be converted again
// without the checks.
func ExampleAppendLatin1FromValidUTF8() {
	text := []byte("Déjà vu")
	if _, err := utf.AppendLatin1FromUTF8(nil, text); err == nil {
		fmt.Printf("% X\n", utf.AppendLatin1FromValidUTF8(nil, text))
	}
	// Output: 44 E9 6A E0 20 76 75
}
