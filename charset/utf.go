package charset

import (
	"sync"

	"github.com/ucskit/ucs/encoding/utf"
)

// The UTF family. Deviations from the WHATWG label table, which maps
// "utf-16", "unicode", "ucs-2", "csunicode" and "iso-10646-ucs-2" all to
// UTF-16LE: ucs follows RFC 2781 for "utf-16" (a BOM decides, big-endian
// without one) and ISO/IEC 10646 for the UCS-2 labels (two-octet BMP form,
// big-endian by default); "unicode" and "unicodefeff" keep WHATWG's
// meaning, UTF-16LE, which is what Windows calls "Unicode".
func newUnicodeCharsets() []*Charset {
	const fam = "unicode"
	return []*Charset{
		{Name: "utf-8", Codec: utf.UTF8, Family: fam, MIB: 106, codePages: []int{65001},
			aliases:         []string{"utf8", "csutf8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"},
			Edition:         "RFC 3629 (strict)",
			ASCIICompatible: true,
			Summary:         "UTF-8 per RFC 3629: overlongs, surrogates and values above U+10FFFF are errors"},
		{Name: "utf-8-bom", Codec: utf.UTF8BOM, Family: fam,
			aliases:         []string{"utf-8-sig", "utf8-sig", "utf-8-with-bom", "utf8bom"},
			Edition:         "RFC 3629 §6 signature",
			ASCIICompatible: true,
			Summary:         "UTF-8 with a signature: one leading EF BB BF is stripped on decoding and written on encoding"},
		{Name: "utf-8-rfc2279", Codec: utf.UTF8RFC2279, Family: fam,
			aliases:         []string{"utf-8-31bit", "rfc2279", "rfc2044", "utf-8-legacy"},
			Edition:         "RFC 2279 / RFC 2044 (31-bit, 1 to 6 bytes)",
			ASCIICompatible: true,
			Summary:         "the original 31-bit UTF-8 with 5- and 6-byte forms, for UCS-4 data; overlongs still rejected"},
		{Name: "utf-16", Codec: utf.UTF16BOM, Family: fam, MIB: 1015,
			aliases: []string{"utf16", "csutf16"},
			Edition: "RFC 2781 (BOM decides; big-endian without one)",
			Summary: "UTF-16 with a byte order mark; the encoder writes FE FF and big-endian"},
		{Name: "utf-16be", Codec: utf.UTF16BE, Family: fam, MIB: 1013, codePages: []int{1201},
			aliases: []string{"utf16be", "csutf16be", "unicodefffe", "unicodebig"},
			Summary: "UTF-16, big-endian, no BOM"},
		{Name: "utf-16le", Codec: utf.UTF16LE, Family: fam, MIB: 1014, codePages: []int{1200},
			aliases: []string{"utf16le", "csutf16le", "unicode", "unicodefeff", "unicodelittle"},
			Summary: "UTF-16, little-endian, no BOM (Windows' \"Unicode\")"},
		{Name: "ucs-2be", Codec: utf.UCS2BE, Family: fam, MIB: 1000,
			aliases: []string{"ucs-2", "ucs2", "ucs2be", "iso-10646-ucs-2", "csunicode"},
			Summary: "UCS-2, big-endian: the BMP only, no surrogate pairs"},
		{Name: "ucs-2le", Codec: utf.UCS2LE, Family: fam,
			aliases: []string{"ucs2le"},
			Summary: "UCS-2, little-endian: the BMP only, no surrogate pairs"},
		{Name: "utf-32", Codec: utf.UTF32BOM, Family: fam, MIB: 1017,
			aliases: []string{"utf32", "csutf32"},
			Summary: "UTF-32 with a byte order mark; the encoder writes 00 00 FE FF and big-endian"},
		{Name: "utf-32be", Codec: utf.UTF32BE, Family: fam, MIB: 1018, codePages: []int{12001},
			aliases: []string{"utf32be", "csutf32be"},
			Summary: "UTF-32, big-endian, no BOM"},
		{Name: "utf-32le", Codec: utf.UTF32LE, Family: fam, MIB: 1019, codePages: []int{12000},
			aliases: []string{"utf32le", "csutf32le"},
			Summary: "UTF-32, little-endian, no BOM"},
		{Name: "ucs-4be", Codec: utf.UCS4BE, Family: fam, MIB: 1001,
			aliases: []string{"ucs-4", "ucs4", "ucs4be", "iso-10646-ucs-4", "csucs4"},
			Edition: "ISO/IEC 10646 (31-bit)",
			Summary: "UCS-4, big-endian: 31-bit values up to U-7FFFFFFF"},
		{Name: "ucs-4le", Codec: utf.UCS4LE, Family: fam,
			aliases: []string{"ucs4le"},
			Edition: "ISO/IEC 10646 (31-bit)",
			Summary: "UCS-4, little-endian: 31-bit values up to U-7FFFFFFF"},
		{Name: "utf-7", Codec: utf.UTF7, Family: fam, MIB: 1012, codePages: []int{65000},
			aliases: []string{"utf7", "csutf7", "unicode-1-1-utf-7", "csunicode11utf7"},
			Edition: "RFC 2152",
			Summary: "UTF-7, the 7-bit mail-safe form of UTF-16"},
		{Name: "cesu-8", Codec: utf.CESU8, Family: fam, MIB: 1016,
			aliases:         []string{"cesu8", "cscesu8", "cscesu-8"},
			Edition:         "Unicode Technical Report #26",
			ASCIICompatible: true,
			Summary:         "CESU-8: supplementary characters as two 3-byte surrogate encodings"},
		{Name: "modified-utf-8", Codec: utf.ModifiedUTF8, Family: fam,
			aliases:         []string{"mutf-8", "mutf8", "java-modified-utf-8", "modified-utf8"},
			Edition:         "java.io.DataInput",
			ASCIICompatible: false,
			Summary:         "Java's Modified UTF-8: CESU-8 with U+0000 as C0 80"},
	}
}

// unicodeCharsets returns the UTF family, made on first use. Lookup finds
// their labels here before the registry of every charset is built, so
// that a program that names only a Unicode form does not build it.
var unicodeCharsets = sync.OnceValue(newUnicodeCharsets)

// unicodeByLabel returns the charset of the UTF family whose name or
// alias is k, a normalized label, or nil. The built-in labels cannot be
// taken over (Register refuses them), so the registry gives the same
// answer for k.
func unicodeByLabel(k []byte) *Charset {
	for _, c := range unicodeCharsets() {
		if c.Name == string(k) {
			return c
		}
		for _, a := range c.aliases {
			if a == string(k) {
				return c
			}
		}
	}
	return nil
}
