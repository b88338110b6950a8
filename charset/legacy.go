package charset

// The legacy encodings of ucs: Chinese, Japanese, Korean, the single-byte
// code pages, WHATWG's replacement encoding and the UNICODE-1-1-UTF-8
// guard. The package documentation lists where their labels deviate from
// WHATWG's.

import (
	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/japanese"
	"github.com/ucskit/ucs/encoding/korean"
	"github.com/ucskit/ucs/encoding/replacement"
	"github.com/ucskit/ucs/encoding/simplifiedchinese"
	"github.com/ucskit/ucs/encoding/singlebyte"
	"github.com/ucskit/ucs/encoding/traditionalchinese"
)

const whatwgEdition = "WHATWG Encoding Standard (indexes of 2024-09-18)"

// registerLegacy adds the legacy charsets to r.
func registerLegacy(r *registry) {
	register := r.mustAdd
	// Chinese.
	register(&Charset{
		Name: "gb18030", Codec: simplifiedchinese.GB18030, Family: "chinese", MIB: 114,
		Structure: MultiByte, Language: "zh-Hans", Extends: "gbk",
		aliases:   []string{"gb-18030", "gb18030-2022", "ibm-1392", "csgb18030"},
		codePages: []int{54936}, ASCIICompatible: false,
		Edition: "GB 18030-2022 as the WHATWG Encoding Standard specifies it (2024-10)",
		Summary: "Chinese national standard: all of Unicode in 1, 2 or 4 bytes",
	})
	register(&Charset{
		Name: "gb18030-2005", Codec: simplifiedchinese.GB18030_2005, Family: "chinese",
		Structure: MultiByte, Language: "zh-Hans", Extends: "gb18030",
		aliases: []string{"gb-18030-2005"}, ASCIICompatible: false,
		Edition: "GB 18030-2005",
		Summary: "GB 18030, 2005 edition (18 two-byte codes are private-use characters)",
	})
	register(&Charset{
		Name: "gbk", Codec: simplifiedchinese.GBK, Family: "chinese", MIB: 113,
		Structure: MultiByte, Language: "zh-Hans",
		aliases:   []string{"chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "iso-ir-58", "x-gbk", "csgbk"},
		codePages: []int{936}, ASCIICompatible: false, Edition: whatwgEdition,
		Summary: "simplified Chinese, Windows code page 936 (WHATWG's gb2312 too)",
	})
	register(&Charset{
		Name: "euc-cn", Codec: simplifiedchinese.GB2312, Family: "chinese", MIB: 2025,
		Structure: MultiByte, Language: "zh-Hans", Extends: "gbk",
		aliases:   []string{"euccn", "x-euc-cn", "gb2312-strict", "gb2312-1980", "cn-gb"},
		codePages: []int{20936}, ASCIICompatible: true, Edition: "GB 2312-80",
		Summary: "GB 2312 in its EUC form: the 7445 characters of 1980 only",
	})
	register(&Charset{
		Name: "big5", Codec: traditionalchinese.Big5, Family: "chinese", MIB: 2026,
		Structure: MultiByte, Language: "zh-Hant",
		aliases:         []string{"cn-big5", "csbig5", "x-x-big5", "big-5", "big-five"},
		ASCIICompatible: false, Edition: whatwgEdition + ", HKSCS-2008 included",
		Summary: "traditional Chinese (Taiwan, Hong Kong), with HKSCS",
	})
	register(&Charset{
		Name: "big5-hkscs", Codec: traditionalchinese.Big5HKSCS, Family: "chinese", MIB: 2101,
		Structure: MultiByte, Language: "zh-Hant", Extends: "big5",
		aliases: []string{"big5hkscs", "big5_hkscs", "big5hk", "hkscs-big5", "hkscs", "ibm-1375", "ibm-1375_p100-2008"},
		Edition: "HKSCS-2008, glibc 2.36's BIG5-HKSCS table",
		Summary: "traditional Chinese (Hong Kong): Big5 with HKSCS-2008, every HKSCS character encoded",
	})
	register(&Charset{
		Name: "cp950", Codec: traditionalchinese.CP950, Family: "chinese",
		Structure: MultiByte, Language: "zh-Hant", Extends: "big5",
		aliases: []string{"x-windows-950", "ms950", "windows-950", "big5-cp950"}, codePages: []int{950},
		Edition: "Microsoft code page 950 (ICU windows-950-2000), without best-fit fallbacks",
		Summary: "traditional Chinese, Windows code page 950 (Big5 with Microsoft's additions)",
	})
	register(&Charset{
		Name: "euc-tw", Codec: traditionalchinese.EUCTW, Family: "chinese",
		Structure: MultiByte, Language: "zh-Hant",
		aliases: []string{"euctw", "euc_tw", "x-euc-tw", "cns11643", "osf0005000a", "ibm-euctw",
			"ibm-964", "ibm964", "cp964", "x-ibm964"},
		codePages: []int{51950}, ASCIICompatible: true,
		Edition: "CNS 11643-1992 planes 1–7 and 15, glibc 2.36's EUC-TW table",
		Summary: "traditional Chinese (Taiwan), CNS 11643 in its EUC form: plane 1 in two bytes, the others in four",
	})
	// Japanese.
	register(&Charset{
		Name: "shift_jis", Codec: japanese.ShiftJIS, Family: "japanese", MIB: 17,
		Structure: MultiByte, Language: "ja",
		aliases:   []string{"csshiftjis", "ms932", "ms_kanji", "shift-jis", "sjis", "windows-31j", "x-sjis", "cswindows31j", "shiftjis"},
		codePages: []int{932}, ASCIICompatible: false, Edition: whatwgEdition,
		Summary: "Japanese, Windows code page 932",
	})
	register(&Charset{
		Name: "euc-jp", Codec: japanese.EUCJP, Family: "japanese", MIB: 18,
		Structure: MultiByte, Language: "ja",
		aliases:   []string{"cseucpkdfmtjapanese", "x-euc-jp", "eucjp", "ujis", "extended_unix_code_packed_format_for_japanese"},
		codePages: []int{51932, 20932}, ASCIICompatible: true, Edition: whatwgEdition,
		Summary: "Japanese EUC: JIS X 0208 and (decoding) JIS X 0212",
	})
	register(&Charset{
		Name: "iso-2022-jp", Codec: japanese.ISO2022JP, Family: "japanese", MIB: 39,
		Structure: Stateful, Language: "ja",
		aliases:   []string{"csiso2022jp", "jis", "jis7", "iso2022jp"},
		codePages: []int{50220}, Edition: whatwgEdition + "; ESC % G recognised",
		Summary: "Japanese 7-bit mail encoding (RFC 1468)",
	})
	register(&Charset{
		Name: "iso-2022-jp-2", Codec: japanese.ISO2022JP2, Family: "japanese", MIB: 40,
		Structure: Stateful, Language: "ja", Extends: "iso-2022-jp",
		aliases: []string{"csiso2022jp2", "iso2022jp2", "iso2022jp-2", "iso2022_jp_2", "iso_2022_jp_2", "iso2022jp_2",
			"iso_2022,locale=ja,version=2"},
		Edition: "RFC 1554, with glibc 2.36's character sets and choice of sets",
		Summary: "multilingual 7-bit mail encoding: ISO-2022-JP with JIS X 0212, GB 2312, KS C 5601, Latin-1 and Greek",
	})
	register(&Charset{
		Name: "iso-2022-jp-3", Codec: japanese.ISO2022JP3, Family: "japanese",
		Structure: Stateful, Language: "ja", Extends: "iso-2022-jp",
		aliases: []string{"iso2022jp3", "iso2022jp-3", "iso2022_jp_3", "iso_2022_jp_3", "iso2022jp_3",
			"iso-2022-jp-2004", "iso2022_jp_2004", "iso_2022_jp_2004", "iso2022jp_2004"},
		Edition: "JIS X 0213:2004 Annex 2, with glibc 2.36's tables and choice of sets",
		Summary: "Japanese 7-bit encoding of JIS X 0213 (ESC $ ( O, Q, P) beside JIS X 0208",
	})
	register(&Charset{
		Name: "euc-jis-2004", Codec: japanese.EUCJIS2004, Family: "japanese",
		Structure: MultiByte, Language: "ja", Extends: "euc-jp",
		aliases: []string{"euc-jisx0213", "euc_jisx0213", "eucjisx0213", "euc_jis_2004", "euc_jis2004",
			"eucjis2004", "jisx0213"},
		ASCIICompatible: true,
		Edition:         "JIS X 0213:2004 planes 1 and 2, glibc 2.36's EUC-JISX0213 table",
		Summary:         "Japanese EUC of JIS X 0213: plane 1 in two bytes, plane 2 after 8F",
	})
	register(&Charset{
		Name: "shift_jis-2004", Codec: japanese.ShiftJIS2004, Family: "japanese",
		Structure: MultiByte, Language: "ja", Extends: "shift_jis",
		aliases: []string{"shift_jisx0213", "shift-jisx0213", "shiftjisx0213", "sjisx0213", "s_jisx0213",
			"shift_jis_2004", "shiftjis2004", "sjis_2004", "sjis-2004", "s_jis_2004",
			"x-sjis_0213", "sjis_0213", "sjis-0213", "shift_jis:2004"},
		Edition: "JIS X 0213:2004 Annex 1, glibc 2.36's SHIFT_JISX0213 table",
		Summary: "Japanese Shift_JIS of JIS X 0213, with 5C and 7E as yen sign and overline",
	})
	// Korean.
	register(&Charset{
		Name: "euc-kr", Codec: korean.EUCKR, Family: "korean", MIB: 38,
		Structure: MultiByte, Language: "ko",
		aliases:   []string{"cseuckr", "csksc56011987", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601", "ksc_5601", "windows-949", "uhc", "euckr"},
		codePages: []int{949, 51949}, ASCIICompatible: false, Edition: whatwgEdition + " (Unified Hangul Code)",
		Summary: "Korean, Windows code page 949 (UHC)",
	})
	register(&Charset{
		Name: "iso-2022-kr", Codec: korean.ISO2022KR, Family: "korean", MIB: 37,
		Structure: Stateful, Language: "ko",
		aliases:   []string{"csiso2022kr", "iso2022kr", "iso2022_kr", "iso_2022,locale=ko,version=0"},
		codePages: []int{50225}, Edition: "RFC 1557; KS X 1001:1998 (WHATWG's index, A1–FE A1–FE)",
		Summary: "Korean 7-bit mail encoding (KS X 1001 shifted in with SO/SI)",
	})
	register(&Charset{
		Name: "johab", Codec: korean.Johab, Family: "korean",
		Structure: MultiByte, Language: "ko",
		aliases:   []string{"x-johab", "ms1361", "csjohab", "ksc5601-1992", "ksc5601_1992", "korean.johab"},
		codePages: []int{1361}, Edition: "KS X 1001:1992 annex 3, glibc 2.36's JOHAB table; 5C is the backslash",
		Summary: "Korean Johab: all 11 172 Hangul syllables by their jamo (Windows code page 1361)",
	})
	register(&Charset{
		Name: "hz-gb-2312", Codec: simplifiedchinese.HZGB2312, Family: "chinese", MIB: 2085,
		Structure: Stateful, Language: "zh-Hans",
		aliases:   []string{"hz", "hzgb", "hz-gb", "hzgb2312", "cshzgb2312"},
		codePages: []int{52936}, Edition: "RFC 1843; GB 2312-80 with GBK's code points",
		Summary: "simplified Chinese 7-bit form of GB 2312 for mail and news (~{ ~})",
	})
	register(&Charset{
		Name: "iso-2022-cn", Codec: traditionalchinese.ISO2022CN, Family: "chinese", MIB: 104,
		Structure: Stateful, Language: "zh",
		aliases:   []string{"csiso2022cn", "iso2022cn", "iso2022_cn", "iso_2022,locale=zh,version=0", "x-cp50227"},
		codePages: []int{50227}, Edition: "RFC 1922; GB 2312-80 with GBK's code points, CNS 11643-1992 planes 1 and 2 (glibc 2.36's EUC-TW table)",
		Summary: "Chinese 7-bit mail encoding: GB 2312 or CNS 11643 plane 1 shifted in with SO/SI, plane 2 by SS2",
	})
	register(&Charset{
		Name: "iso-2022-cn-ext", Codec: traditionalchinese.ISO2022CNEXT, Family: "chinese", MIB: 105,
		Structure: Stateful, Language: "zh", Extends: "iso-2022-cn",
		aliases: []string{"iso2022cnext", "iso2022_cn_ext", "iso_2022,locale=zh,version=1"},
		Edition: "RFC 1922; ISO-2022-CN, ISO-IR-165 and CNS 11643-1992 planes 3–7 by SS3 (glibc 2.36's tables)",
		Summary: "Chinese 7-bit mail encoding: ISO-2022-CN with ISO-IR-165 and CNS 11643 planes 3–7",
	})
	// WHATWG's replacement encoding and the Unicode 1.1 guard.
	register(&Charset{
		Name: "replacement", Codec: replacement.Replacement, Family: "replacement",
		Edition: "WHATWG Encoding Standard §14.1",
		Summary: "WHATWG's encoding for the labels it refuses: any input decodes to one U+FFFD",
	})
	register(&Charset{
		Name: "unicode-1-1-utf-8", Codec: replacement.Unicode11UTF8, Family: "unicode", MIB: 103,
		ASCIICompatible: true, Edition: "RFC 2279 §5 label; Unicode 1.1",
		Summary: "UTF-8 of Unicode 1.1: decode-only, refuses the withdrawn Hangul block U+3400–U+4DFF (no authoritative mapping exists)",
		Caveat: "text labelled UNICODE-1-1-UTF-8 (RFC 2279 §5) may hold Hangul of Unicode 1.1, which sat at U+3400–U+4DFF " +
			"until Unicode 2.0 moved Hangul to U+AC00–U+D7A3; no authoritative mapping from the old block exists, " +
			"so ucs refuses those characters rather than guess (decode with -f utf-8 if the text is not old Hangul)",
	})
	// Single-byte.
	for _, s := range singleByteCharsets() {
		register(&Charset{
			Name: s.codec.Name(), Codec: s.codec, Family: "single-byte", MIB: s.mib, Structure: SingleByte,
			aliases: s.aliases, codePages: s.cps, ASCIICompatible: true,
			Edition: s.edition, Summary: s.summary,
		})
	}
}

type sbCharset struct {
	codec   *encoding.Codec
	mib     int
	cps     []int
	aliases []string
	edition string
	summary string
}

// singleByteCharsets returns the single-byte charsets of this file. (A
// function, not a variable: its codec fields would be filled in when the
// package is initialised.)
func singleByteCharsets() []sbCharset {
	return []sbCharset{
		{singlebyte.ISO8859_1, 4, []int{28591}, []string{"iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "iso-ir-100", "latin1", "l1", "cp819", "ibm819", "csisolatin1", "8859-1", "iso-8859-1:1987"}, "ISO/IEC 8859-1:1998 with C1 controls (not WHATWG's windows-1252)", "Latin-1, Western European, exactly (80–9F are C1 controls)"},
		{singlebyte.USASCII, 3, []int{20127}, []string{"ascii", "ansi_x3.4-1968", "iso646-us", "646", "csascii", "cp367", "ibm367", "iso-ir-6", "us", "iso_646.irv:1991", "ansi_x3.4-1986", "ascii7"}, "ANSI X3.4-1968 (not WHATWG's windows-1252)", "7-bit ASCII; bytes 80–FF are invalid"},
		{singlebyte.Windows1252, 2252, []int{1252}, []string{"x-cp1252"}, whatwgEdition, "Western European (Windows)"},
		{singlebyte.IBM866, 2086, []int{866}, []string{"866", "csibm866"}, whatwgEdition, "DOS Cyrillic (Russian)"},
		{singlebyte.ISO8859_2, 5, []int{28592}, []string{"csisolatin2", "iso-ir-101", "iso8859-2", "iso88592", "iso_8859-2", "iso_8859-2:1987", "l2", "latin2"}, whatwgEdition, "Latin-2, Central European"},
		{singlebyte.ISO8859_3, 6, []int{28593}, []string{"csisolatin3", "iso-ir-109", "iso8859-3", "iso88593", "iso_8859-3", "iso_8859-3:1988", "l3", "latin3"}, whatwgEdition, "Latin-3, South European"},
		{singlebyte.ISO8859_4, 7, []int{28594}, []string{"csisolatin4", "iso-ir-110", "iso8859-4", "iso88594", "iso_8859-4", "iso_8859-4:1988", "l4", "latin4"}, whatwgEdition, "Latin-4, North European"},
		{singlebyte.ISO8859_5, 8, []int{28595}, []string{"csisolatincyrillic", "cyrillic", "iso-ir-144", "iso8859-5", "iso88595", "iso_8859-5", "iso_8859-5:1988"}, whatwgEdition, "Latin/Cyrillic"},
		{singlebyte.ISO8859_6, 9, []int{28596}, []string{"arabic", "asmo-708", "csiso88596e", "csiso88596i", "csisolatinarabic", "ecma-114", "iso-8859-6-e", "iso-8859-6-i", "iso-ir-127", "iso8859-6", "iso88596", "iso_8859-6", "iso_8859-6:1987"}, whatwgEdition, "Latin/Arabic"},
		{singlebyte.ISO8859_7, 10, []int{28597}, []string{"csisolatingreek", "ecma-118", "elot_928", "greek", "greek8", "iso-ir-126", "iso8859-7", "iso88597", "iso_8859-7", "iso_8859-7:1987", "sun_eu_greek"}, whatwgEdition, "Latin/Greek"},
		{singlebyte.ISO8859_8, 11, []int{28598}, []string{"csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8-e", "iso-ir-138", "iso8859-8", "iso88598", "iso_8859-8", "iso_8859-8:1988", "visual"}, whatwgEdition, "Latin/Hebrew, visual order"},
		{singlebyte.ISO8859_8I, 85, []int{38598}, []string{"csiso88598i", "logical"}, whatwgEdition, "Latin/Hebrew, logical order"},
		{singlebyte.ISO8859_10, 13, []int{28600}, []string{"csisolatin6", "iso-ir-157", "iso8859-10", "iso885910", "l6", "latin6"}, whatwgEdition, "Latin-6, Nordic"},
		{singlebyte.ISO8859_13, 109, []int{28603}, []string{"iso8859-13", "iso885913", "latin7", "l7"}, whatwgEdition, "Latin-7, Baltic Rim"},
		{singlebyte.ISO8859_14, 110, []int{28604}, []string{"iso8859-14", "iso885914", "latin8", "l8"}, whatwgEdition, "Latin-8, Celtic"},
		{singlebyte.ISO8859_15, 111, []int{28605}, []string{"csisolatin9", "iso8859-15", "iso885915", "iso_8859-15", "l9", "latin9", "latin-9"}, whatwgEdition, "Latin-9, Western European with €"},
		{singlebyte.ISO8859_16, 112, []int{28606}, []string{"iso8859-16", "iso885916", "latin10", "l10"}, whatwgEdition, "Latin-10, South-Eastern European"},
		{singlebyte.KOI8R, 2084, []int{20866}, []string{"cskoi8r", "koi", "koi8", "koi8_r"}, whatwgEdition, "Russian (RFC 1489)"},
		{singlebyte.KOI8U, 2088, []int{21866}, []string{"koi8-ru", "koi8_u"}, whatwgEdition, "Ukrainian (RFC 2319)"},
		{singlebyte.Macintosh, 2027, []int{10000}, []string{"csmacintosh", "mac", "x-mac-roman", "macroman", "mac-roman"}, whatwgEdition, "Mac OS Roman"},
		{singlebyte.XMacCyrillic, 0, []int{10007}, []string{"x-mac-ukrainian", "maccyrillic", "mac-cyrillic"}, whatwgEdition, "Mac OS Cyrillic"},
		{singlebyte.Windows874, 2109, []int{874}, []string{"dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620"}, whatwgEdition, "Thai (Windows; WHATWG's tis-620 too)"},
		{singlebyte.Windows1250, 2250, []int{1250}, []string{"x-cp1250"}, whatwgEdition, "Central European (Windows)"},
		{singlebyte.Windows1251, 2251, []int{1251}, []string{"x-cp1251"}, whatwgEdition, "Cyrillic (Windows)"},
		{singlebyte.Windows1253, 2253, []int{1253}, []string{"x-cp1253"}, whatwgEdition, "Greek (Windows)"},
		{singlebyte.Windows1254, 2254, []int{1254}, []string{"csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9", "iso88599", "iso_8859-9", "iso_8859-9:1989", "l5", "latin5", "x-cp1254"}, whatwgEdition, "Turkish (Windows; WHATWG's iso-8859-9 too)"},
		{singlebyte.Windows1255, 2255, []int{1255}, []string{"x-cp1255"}, whatwgEdition, "Hebrew (Windows)"},
		{singlebyte.Windows1256, 2256, []int{1256}, []string{"x-cp1256"}, whatwgEdition, "Arabic (Windows)"},
		{singlebyte.Windows1257, 2257, []int{1257}, []string{"x-cp1257"}, whatwgEdition, "Baltic (Windows)"},
		{singlebyte.Windows1258, 2258, []int{1258}, []string{"x-cp1258"}, whatwgEdition, "Vietnamese (Windows)"},
		{singlebyte.XUserDefined, 0, nil, nil, "WHATWG Encoding Standard §14.5", "bytes 80–FF as private-use U+F780–U+F7FF"},
		{singlebyte.IBM437, 2011, []int{437}, []string{"437", "cspc8codepage437", "dos-437", "oem-us"}, "IBM ibm-437_P100-1995 (bytes 80–FF)", "original IBM PC / DOS United States"},
		{singlebyte.IBM850, 2009, []int{850}, []string{"850", "cspc850multilingual", "dos-850"}, "IBM ibm-850_P100-1999 (bytes 80–FF)", "DOS Latin-1 (Western European)"},
		{singlebyte.IBM852, 2010, []int{852}, []string{"852", "cspcp852", "dos-852"}, "IBM ibm-852_P100-1999 (bytes 80–FF)", "DOS Latin-2 (Central European)"},
		{singlebyte.IBM855, 2046, []int{855}, []string{"855", "csibm855", "dos-855"}, "IBM ibm-855_P100-1995 (bytes 80–FF)", "DOS Cyrillic"},
		{singlebyte.IBM857, 2047, []int{857}, []string{"857", "csibm857", "dos-857"}, "IBM ibm-857_P100-1995 (bytes 80–FF)", "DOS Turkish"},
		{singlebyte.IBM862, 2013, []int{862}, []string{"862", "cspc862latinhebrew", "dos-862"}, "IBM ibm-862_P100-1995 (bytes 80–FF)", "DOS Hebrew"},
		{singlebyte.CP1125, 0, []int{1125}, []string{"rst-2018-91", "cp866u", "ruscii"}, "IBM ibm-1125_P100-1997 (bytes 80–FF)", "DOS Ukrainian"},
		{singlebyte.TIS620, 2259, nil, []string{"tis620-2533", "tis-620:2533", "cstis620"}, "TIS 620-2533, glibc's table", "Thai Industrial Standard (no NBSP at A0; not WHATWG's tis-620)"},
	}
}
