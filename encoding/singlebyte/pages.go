package singlebyte

import (
	"sync"

	"github.com/ucskit/ucs/encoding"
)

// The EBCDIC code pages, from glibc's tables (see the package
// documentation for where ICU's differ). Byte 25 is LF and byte 15 is
// U+0085 NEL, as in IBM's, glibc's, ICU's, Java's and Python's tables;
// SwapLFNL gives the variant in which 15 is LF.
var (
	// IBM037 is EBCDIC code page 37: USA, Canada, Netherlands, Portugal,
	// Brazil, Australia, New Zealand.
	IBM037 = newFull("ibm037", &ibm037)
	// IBM273 is EBCDIC code page 273: Austria, Germany.
	IBM273 = newFull("ibm273", &ibm273)
	// IBM277 is EBCDIC code page 277: Denmark, Norway.
	IBM277 = newFull("ibm277", &ibm277)
	// IBM278 is EBCDIC code page 278: Finland, Sweden.
	IBM278 = newFull("ibm278", &ibm278)
	// IBM280 is EBCDIC code page 280: Italy.
	IBM280 = newFull("ibm280", &ibm280)
	// IBM284 is EBCDIC code page 284: Spain, Latin America.
	IBM284 = newFull("ibm284", &ibm284)
	// IBM285 is EBCDIC code page 285: United Kingdom.
	IBM285 = newFull("ibm285", &ibm285)
	// IBM297 is EBCDIC code page 297: France.
	IBM297 = newFull("ibm297", &ibm297)
	// IBM424 is EBCDIC code page 424: Hebrew (without Latin lower case;
	// 39 bytes have no character).
	IBM424 = newFull("ibm424", &ibm424)
	// IBM500 is EBCDIC code page 500: International (Belgium, Switzerland).
	IBM500 = newFull("ibm500", &ibm500)
	// IBM870 is EBCDIC code page 870: Latin-2, Central European.
	IBM870 = newFull("ibm870", &ibm870)
	// IBM871 is EBCDIC code page 871: Iceland.
	IBM871 = newFull("ibm871", &ibm871)
	// IBM875 is EBCDIC code page 875: Greek.
	IBM875 = newFull("ibm875", &ibm875)
	// IBM1026 is EBCDIC code page 1026: Latin-5, Turkish.
	IBM1026 = newFull("ibm1026", &ibm1026)
	// IBM1047 is EBCDIC code page 1047: Latin-1 for open systems (z/OS
	// Unix System Services, C compilers).
	IBM1047 = newFull("ibm1047", &ibm1047)
	// IBM1140 is code page 37 with € at 9F (in place of ¤).
	IBM1140 = newFull("ibm1140", &ibm1140)
	// IBM1141 is code page 273 with € at 9F.
	IBM1141 = newFull("ibm1141", &ibm1141)
	// IBM1142 is code page 277 with € at 5A.
	IBM1142 = newFull("ibm1142", &ibm1142)
	// IBM1143 is code page 278 with € at 5A.
	IBM1143 = newFull("ibm1143", &ibm1143)
	// IBM1144 is code page 280 with € at 9F.
	IBM1144 = newFull("ibm1144", &ibm1144)
	// IBM1145 is code page 284 with € at 9F.
	IBM1145 = newFull("ibm1145", &ibm1145)
	// IBM1146 is code page 285 with € at 9F.
	IBM1146 = newFull("ibm1146", &ibm1146)
	// IBM1147 is code page 297 with € at 9F.
	IBM1147 = newFull("ibm1147", &ibm1147)
	// IBM1148 is code page 500 with € at 9F.
	IBM1148 = newFull("ibm1148", &ibm1148)
	// IBM1149 is code page 871 with € at 9F.
	IBM1149 = newFull("ibm1149", &ibm1149)
)

// EBCDIC lists the EBCDIC codecs of the package.
var EBCDIC = []*encoding.Codec{IBM037, IBM273, IBM277, IBM278, IBM280, IBM284, IBM285, IBM297,
	IBM424, IBM500, IBM870, IBM871, IBM875, IBM1026, IBM1047,
	IBM1140, IBM1141, IBM1142, IBM1143, IBM1144, IBM1145, IBM1146, IBM1147, IBM1148, IBM1149}

// swapped maps each EBCDIC codec to its swaplfnl variant; it is made on
// first use.
var swapped = sync.OnceValue(func() map[*encoding.Codec]*encoding.Codec {
	tables := []*[256]uint16{&ibm037, &ibm273, &ibm277, &ibm278, &ibm280, &ibm284, &ibm285, &ibm297,
		&ibm424, &ibm500, &ibm870, &ibm871, &ibm875, &ibm1026, &ibm1047,
		&ibm1140, &ibm1141, &ibm1142, &ibm1143, &ibm1144, &ibm1145, &ibm1146, &ibm1147, &ibm1148, &ibm1149}
	s := make(map[*encoding.Codec]*encoding.Codec, len(EBCDIC))
	for i, c := range EBCDIC {
		s[c] = newFull(c.Name()+"-swaplfnl", swapLFNL(tables[i]))
	}
	return s
})

// SwapLFNL returns the variant of an EBCDIC codec of this package in which
// byte 15 is LF and byte 25 is U+0085 NEL (ICU's ",swaplfnl" converters,
// for the text files of z/OS Unix System Services, whose lines end in 15),
// named with "-swaplfnl" added; nil for any other codec.
func SwapLFNL(c *encoding.Codec) *encoding.Codec { return swapped()[c] }

// The DOS code pages, from glibc's tables. Bytes 00–7F are ASCII
// (IBM864 excepted: 25 is U+066A ARABIC PERCENT SIGN).
var (
	// IBM737 is DOS Greek, code page 737 (glibc's CP737).
	IBM737 = newCodec("ibm737", &ibm737)
	// IBM775 is DOS Baltic Rim, code page 775.
	IBM775 = newCodec("ibm775", &ibm775)
	// IBM858 is DOS Latin-1 with € at D5, code page 858 (850 with the euro).
	IBM858 = newCodec("ibm858", &ibm858)
	// IBM860 is DOS Portuguese, code page 860.
	IBM860 = newCodec("ibm860", &ibm860)
	// IBM861 is DOS Icelandic, code page 861.
	IBM861 = newCodec("ibm861", &ibm861)
	// IBM863 is DOS Canadian French, code page 863.
	IBM863 = newCodec("ibm863", &ibm863)
	// IBM864 is DOS Arabic, code page 864: byte 25 is U+066A ARABIC
	// PERCENT SIGN (so U+0025 cannot be encoded), and 9B, 9C, 9F, A6, A7
	// and FF have no character.
	IBM864 = newFull("ibm864", &ibm864)
	// IBM865 is DOS Nordic, code page 865.
	IBM865 = newCodec("ibm865", &ibm865)
	// IBM869 is DOS Greek-2, code page 869.
	IBM869 = newCodec("ibm869", &ibm869)
)

// The Mac OS code pages: glibc's tables where glibc has one, CPython's
// codecs for the others.
var (
	// MacCentralEurope is Mac OS Central European (Latin-2), glibc's
	// MAC-CENTRALEUROPE.
	MacCentralEurope = newCodec("x-mac-ce", &macCentralEurope)
	// MacIceland is Mac OS Icelandic, glibc's MAC-IS.
	MacIceland = newCodec("x-mac-icelandic", &macIceland)
	// MacCroatian is Mac OS Croatian, CPython's mac_croatian.
	MacCroatian = newCodec("x-mac-croatian", &macCroatian)
	// MacGreek is Mac OS Greek, CPython's mac_greek.
	MacGreek = newCodec("x-mac-greek", &macGreek)
	// MacRomanian is Mac OS Romanian, CPython's mac_romanian.
	MacRomanian = newCodec("x-mac-romanian", &macRomanian)
	// MacTurkish is Mac OS Turkish, CPython's mac_turkish.
	MacTurkish = newCodec("x-mac-turkish", &macTurkish)
)

// Cyrillic, Armenian, Georgian and Vietnamese pages, from glibc's tables.
var (
	// KOI8T is KOI8-T, Tajik.
	KOI8T = newCodec("koi8-t", &koi8t)
	// KZ1048 is KZ-1048 (STRK1048-2002), Kazakh: windows-1251 with the
	// Kazakh letters.
	KZ1048 = newCodec("kz-1048", &kz1048)
	// PTCP154 is PTCP154 (Paratype CP154), Cyrillic-Asian: Kazakh and
	// other languages of Central Asia.
	PTCP154 = newCodec("ptcp154", &ptcp154)
	// ARMSCII8 is ARMSCII-8, Armenian. Five of its bytes (A4, A5, A9, AB,
	// AC) decode to the ASCII punctuation ) ( . , - as glibc's table has
	// them; those characters encode to their ASCII bytes.
	ARMSCII8 = newCodec("armscii-8", &armscii8)
	// GeorgianPS is Georgian-PS (Paratype), Georgian.
	GeorgianPS = newCodec("georgian-ps", &georgianPS)
	// VISCII is VISCII, Vietnamese (RFC 1456): six bytes of the C0 range
	// (02, 05, 06, 14, 19, 1E) are capital letters.
	VISCII = newFull("viscii", &viscii)
	// TCVN5712 is TCVN 5712:1993 (VN3), Vietnamese, as a single-byte
	// table: twelve bytes of the C0 range are capital letters, and bytes
	// B0–B4 are the combining tone marks. Unlike glibc's converter, the
	// decoder does not compose a letter and a following tone mark into
	// one precomposed character, and the encoder encodes only the
	// characters of the table: to write a precomposed letter the table
	// lacks, decompose the text first (NFD), as for windows-1258.
	TCVN5712 = newFull("tcvn5712-1", &tcvn5712)
)
