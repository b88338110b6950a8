package utf

import "github.com/ucskit/ucs/encoding"

// SniffBOM looks for a byte order mark at the start of b and returns the
// fixed-order codec it announces and the BOM's length, or nil and 0.
// It knows EF BB BF (UTF-8), FE FF and FF FE (UTF-16BE/LE), 00 00 FE FF
// and FF FE 00 00 (UTF-32BE/LE). FF FE 00 00 is ambiguous: it is the
// UTF-32LE BOM, or the UTF-16LE BOM followed by U+0000. With allowUTF32
// and four bytes at hand SniffBOM says UTF-32LE, the usual choice; the
// WHATWG Encoding Standard sniffs only the UTF-8 and UTF-16 BOMs, which
// allowUTF32 false reproduces. A truncated BOM is no BOM. Only a BOM at
// the very start of a stream is a signature (RFC 3629 §6); U+FEFF
// anywhere else is content.
func SniffBOM(b []byte, allowUTF32 bool) (*encoding.Codec, int) {
	switch {
	case len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF:
		return UTF8, 3
	case allowUTF32 && len(b) >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0xFE && b[3] == 0xFF:
		return UTF32BE, 4
	case allowUTF32 && len(b) >= 4 && b[0] == 0xFF && b[1] == 0xFE && b[2] == 0 && b[3] == 0:
		return UTF32LE, 4
	case len(b) >= 2 && b[0] == 0xFE && b[1] == 0xFF:
		return UTF16BE, 2
	case len(b) >= 2 && b[0] == 0xFF && b[1] == 0xFE:
		return UTF16LE, 2
	}
	return nil, 0
}

// BOM returns the byte order mark of c (a UTF form), or nil when c has no
// BOM form (UTF-7's signature is not a fixed byte string). For the forms
// that write a BOM themselves (UTF16BOM, UTF32BOM, UTF8BOM) it returns nil.
func BOM(c *encoding.Codec) []byte {
	switch c {
	case UTF8, CESU8, UTF8RFC2279:
		return []byte{0xEF, 0xBB, 0xBF}
	case UTF16BE, UCS2BE:
		return []byte{0xFE, 0xFF}
	case UTF16LE, UCS2LE:
		return []byte{0xFF, 0xFE}
	case UTF32BE, UCS4BE:
		return []byte{0, 0, 0xFE, 0xFF}
	case UTF32LE, UCS4LE:
		return []byte{0xFF, 0xFE, 0, 0}
	}
	return nil
}

// WritesBOM reports whether c's encoder writes a BOM of its own.
func WritesBOM(c *encoding.Codec) bool {
	return c.Name() == UTF16BOM.Name() || c.Name() == UTF32BOM.Name() || c.Name() == UTF8BOM.Name()
}
