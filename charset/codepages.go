package charset

// The code pages whose tables ucs reads from glibc's iconv and CPython:
// EBCDIC, DOS, Mac, and the Central Asian, Armenian, Georgian and
// Vietnamese pages. Their aliases are the names glibc, ICU, IANA, CPython,
// Java and .NET give them.

import (
	"strings"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/singlebyte"
)

type cpCharset struct {
	codec   *encoding.Codec
	ref     string // where the table was read: "glibc:NAME" or "python:CODEC"
	mib     int
	cps     []int
	aliases []string
	ascii   bool   // bytes 00–7F are ASCII
	icu     string // ICU's converter name, for the swaplfnl aliases of EBCDIC pages ("" when none)
	summary string
}

// ebcdicCharsets returns the EBCDIC pages. (A function, not a variable:
// its codec fields would be filled in when the package is initialised.)
func ebcdicCharsets() []cpCharset {
	return []cpCharset{
		{singlebyte.IBM037, "glibc:IBM037", 2028, []int{37}, []string{"cp037", "ibm-037", "ibm-37", "037", "ebcdic-cp-us", "ebcdic-cp-ca", "ebcdic-cp-wt", "ebcdic-cp-nl", "csibm037", "cs-ebcdic-cp-us", "cpibm37", "ibm039", "ibm-37_p100-1995"}, false, "ibm-37_P100-1995", "EBCDIC USA, Canada, Netherlands, Portugal, Brazil"},
		{singlebyte.IBM273, "glibc:IBM273", 2030, []int{20273}, []string{"cp273", "ibm-273", "csibm273", "ibm-273_p100-1995"}, false, "", "EBCDIC Germany, Austria"},
		{singlebyte.IBM277, "glibc:IBM277", 2033, []int{20277}, []string{"cp277", "ibm-277", "ebcdic-cp-dk", "ebcdic-cp-no", "csibm277", "ibm-277_p100-1995"}, false, "", "EBCDIC Denmark, Norway"},
		{singlebyte.IBM278, "glibc:IBM278", 2034, []int{20278}, []string{"cp278", "ibm-278", "ebcdic-cp-fi", "ebcdic-cp-se", "csibm278", "ibm-278_p100-1995"}, false, "", "EBCDIC Finland, Sweden"},
		{singlebyte.IBM280, "glibc:IBM280", 2035, []int{20280}, []string{"cp280", "ibm-280", "ebcdic-cp-it", "csibm280", "ibm-280_p100-1995"}, false, "", "EBCDIC Italy"},
		{singlebyte.IBM284, "glibc:IBM284", 2037, []int{20284}, []string{"cp284", "ibm-284", "ebcdic-cp-es", "csibm284", "ibm-284_p100-1995"}, false, "", "EBCDIC Spain, Latin America"},
		{singlebyte.IBM285, "glibc:IBM285", 2038, []int{20285}, []string{"cp285", "ibm-285", "ebcdic-cp-gb", "csibm285", "ibm-285_p100-1995"}, false, "", "EBCDIC United Kingdom"},
		{singlebyte.IBM297, "glibc:IBM297", 2040, []int{20297}, []string{"cp297", "ibm-297", "ebcdic-cp-fr", "csibm297", "ibm-297_p100-1995"}, false, "", "EBCDIC France"},
		{singlebyte.IBM424, "glibc:IBM424", 2043, []int{20424}, []string{"cp424", "ibm-424", "ebcdic-cp-he", "csibm424", "ibm-424_p100-1995"}, false, "", "EBCDIC Hebrew"},
		{singlebyte.IBM500, "glibc:IBM500", 2044, []int{500}, []string{"ibm-500", "500", "ebcdic-cp-be", "ebcdic-cp-ch", "csibm500", "ibm-500_p100-1995"}, false, "", "EBCDIC International (Belgium, Switzerland)"},
		{singlebyte.IBM870, "glibc:IBM870", 2055, []int{870}, []string{"ibm-870", "ebcdic-cp-roece", "ebcdic-cp-yu", "csibm870", "ibm-870_p100-1995"}, false, "", "EBCDIC Latin-2, Central European"},
		{singlebyte.IBM871, "glibc:IBM871", 2056, []int{20871}, []string{"cp871", "ibm-871", "ebcdic-cp-is", "csibm871", "ibm-871_p100-1995"}, false, "", "EBCDIC Iceland"},
		{singlebyte.IBM875, "glibc:IBM875", 0, []int{875}, []string{"ibm-875", "x-ibm875", "ibm-875_p100-1995"}, false, "", "EBCDIC Greek"},
		{singlebyte.IBM1026, "glibc:IBM1026", 2063, []int{1026}, []string{"ibm-1026", "1026", "csibm1026", "ibm-1026_p100-1995"}, false, "", "EBCDIC Latin-5, Turkish"},
		{singlebyte.IBM1047, "glibc:IBM1047", 2102, []int{1047}, []string{"ibm-1047", "1047", "ibm01047", "ibm-1047_p100-1995"}, false, "ibm-1047_P100-1995", "EBCDIC Latin-1, open systems (z/OS Unix)"},
		{singlebyte.IBM1140, "glibc:IBM1140", 2091, []int{1140}, []string{"ibm01140", "ccsid01140", "cp01140", "ebcdic-us-37+euro", "ibm-1140", "csibm1140", "ibm-1140_p100-1997"}, false, "ibm-1140_P100-1997", "EBCDIC 37 with the euro sign"},
		{singlebyte.IBM1141, "glibc:IBM1141", 2092, []int{1141}, []string{"ibm01141", "ccsid01141", "cp01141", "ebcdic-de-273+euro", "ibm-1141", "csibm1141", "ibm-1141_p100-1997"}, false, "ibm-1141_P100-1997", "EBCDIC 273 with the euro sign"},
		{singlebyte.IBM1142, "glibc:IBM1142", 2093, []int{1142}, []string{"ibm01142", "ccsid01142", "cp01142", "ebcdic-dk-277+euro", "ebcdic-no-277+euro", "ibm-1142", "csibm1142", "ibm-1142_p100-1997"}, false, "ibm-1142_P100-1997", "EBCDIC 277 with the euro sign"},
		{singlebyte.IBM1143, "glibc:IBM1143", 2094, []int{1143}, []string{"ibm01143", "ccsid01143", "cp01143", "ebcdic-fi-278+euro", "ebcdic-se-278+euro", "ibm-1143", "csibm1143", "ibm-1143_p100-1997"}, false, "ibm-1143_P100-1997", "EBCDIC 278 with the euro sign"},
		{singlebyte.IBM1144, "glibc:IBM1144", 2095, []int{1144}, []string{"ibm01144", "ccsid01144", "cp01144", "ebcdic-it-280+euro", "ibm-1144", "csibm1144", "ibm-1144_p100-1997"}, false, "ibm-1144_P100-1997", "EBCDIC 280 with the euro sign"},
		{singlebyte.IBM1145, "glibc:IBM1145", 2096, []int{1145}, []string{"ibm01145", "ccsid01145", "cp01145", "ebcdic-es-284+euro", "ibm-1145", "csibm1145", "ibm-1145_p100-1997"}, false, "ibm-1145_P100-1997", "EBCDIC 284 with the euro sign"},
		{singlebyte.IBM1146, "glibc:IBM1146", 2097, []int{1146}, []string{"ibm01146", "ccsid01146", "cp01146", "ebcdic-gb-285+euro", "ibm-1146", "csibm1146", "ibm-1146_p100-1997"}, false, "ibm-1146_P100-1997", "EBCDIC 285 with the euro sign"},
		{singlebyte.IBM1147, "glibc:IBM1147", 2098, []int{1147}, []string{"ibm01147", "ccsid01147", "cp01147", "ebcdic-fr-297+euro", "ibm-1147", "csibm1147", "ibm-1147_p100-1997"}, false, "ibm-1147_P100-1997", "EBCDIC 297 with the euro sign"},
		{singlebyte.IBM1148, "glibc:IBM1148", 2099, []int{1148}, []string{"ibm01148", "ccsid01148", "cp01148", "ebcdic-international-500+euro", "ibm-1148", "csibm1148", "ibm-1148_p100-1997"}, false, "ibm-1148_P100-1997", "EBCDIC 500 with the euro sign"},
		{singlebyte.IBM1149, "glibc:IBM1149", 2100, []int{1149}, []string{"ibm01149", "ccsid01149", "cp01149", "ebcdic-is-871+euro", "ibm-1149", "csibm1149", "ibm-1149_p100-1997"}, false, "ibm-1149_P100-1997", "EBCDIC 871 with the euro sign"},
	}
}

// codePageCharsets returns the other code pages.
func codePageCharsets() []cpCharset {
	return []cpCharset{
		// DOS.
		{singlebyte.IBM737, "glibc:CP737", 0, []int{737}, []string{"737", "ibm-737", "x-ibm737", "cspc737", "ibm-737_p100-1997"}, true, "", "DOS Greek"},
		{singlebyte.IBM775, "glibc:IBM775", 2087, []int{775}, []string{"775", "ibm-775", "cspc775baltic", "ibm-775_p100-1996"}, true, "", "DOS Baltic Rim"},
		{singlebyte.IBM858, "glibc:IBM858", 2089, []int{858}, []string{"858", "ibm-858", "ibm00858", "ccsid00858", "cp00858", "pc-multilingual-850+euro", "ibm-858_p100-1997"}, true, "", "DOS Latin-1 with the euro sign (850 + €)"},
		{singlebyte.IBM860, "glibc:IBM860", 2048, []int{860}, []string{"860", "ibm-860", "csibm860", "ibm-860_p100-1995"}, true, "", "DOS Portuguese"},
		{singlebyte.IBM861, "glibc:IBM861", 2049, []int{861}, []string{"861", "ibm-861", "cp-is", "csibm861", "cpibm861", "ibm-861_p100-1995"}, true, "", "DOS Icelandic"},
		{singlebyte.IBM863, "glibc:IBM863", 2050, []int{863}, []string{"863", "ibm-863", "csibm863", "ibm-863_p100-1995"}, true, "", "DOS Canadian French"},
		{singlebyte.IBM864, "glibc:IBM864", 2051, []int{864}, []string{"864", "ibm-864", "csibm864", "ibm-864_x110-1999"}, false, "", "DOS Arabic (25 is the Arabic percent sign)"},
		{singlebyte.IBM865, "glibc:IBM865", 2052, []int{865}, []string{"865", "ibm-865", "csibm865", "ibm-865_p100-1995"}, true, "", "DOS Nordic"},
		{singlebyte.IBM869, "glibc:IBM869", 2054, []int{869}, []string{"869", "ibm-869", "cp-gr", "csibm869", "ibm-869_p100-1995"}, true, "", "DOS Greek-2"},
		// Mac OS.
		{singlebyte.MacCentralEurope, "glibc:MAC-CENTRALEUROPE", 0, []int{10029}, []string{"mac-centraleurope", "maccentraleurope", "x-maccentraleurope", "x-mac-centraleurroman", "macce", "mac_latin2", "maclatin2", "mac_centeuro", "macos-29-10.2"}, true, "", "Mac OS Central European"},
		{singlebyte.MacIceland, "glibc:MAC-IS", 0, []int{10079}, []string{"mac-is", "macis", "mac_iceland", "maciceland", "x-maciceland", "mac-icelandic"}, true, "", "Mac OS Icelandic"},
		{singlebyte.MacCroatian, "python:mac_croatian", 0, []int{10082}, []string{"mac_croatian", "maccroatian", "x-maccroatian", "mac-croatian"}, true, "", "Mac OS Croatian"},
		{singlebyte.MacGreek, "python:mac_greek", 0, []int{10006}, []string{"mac_greek", "macgreek", "x-macgreek", "macgr", "mac-greek", "macos-6_2-10.4"}, true, "", "Mac OS Greek"},
		{singlebyte.MacRomanian, "python:mac_romanian", 0, []int{10010}, []string{"mac_romanian", "macromanian", "x-macromania", "mac-romanian"}, true, "", "Mac OS Romanian"},
		{singlebyte.MacTurkish, "python:mac_turkish", 0, []int{10081}, []string{"mac_turkish", "macturkish", "x-macturkish", "mactr", "mac-turkish", "macos-35-10.2"}, true, "", "Mac OS Turkish"},
		// Central Asian, Armenian, Georgian, Vietnamese.
		{singlebyte.KOI8T, "glibc:KOI8-T", 0, nil, []string{"koi8_t", "koi8t"}, true, "", "Tajik (KOI8-T)"},
		{singlebyte.KZ1048, "glibc:RK1048", 119, nil, []string{"strk1048-2002", "rk1048", "cskz1048", "kz_1048", "kz1048"}, true, "", "Kazakh (KZ-1048, windows-1251 based)"},
		{singlebyte.PTCP154, "glibc:PT154", 2103, nil, []string{"pt154", "cp154", "cyrillic-asian", "csptcp154"}, true, "", "Cyrillic-Asian: Kazakh and other languages of Central Asia"},
		{singlebyte.ARMSCII8, "glibc:ARMSCII-8", 0, nil, []string{"armscii8"}, true, "", "Armenian (ARMSCII-8)"},
		{singlebyte.GeorgianPS, "glibc:GEORGIAN-PS", 0, nil, []string{"georgian_ps", "georgianps"}, true, "", "Georgian (Paratype)"},
		{singlebyte.VISCII, "glibc:VISCII", 2082, nil, []string{"csviscii", "viscii1.1-1"}, false, "", "Vietnamese (RFC 1456; six C0 bytes are letters)"},
		{singlebyte.TCVN5712, "glibc:TCVN5712-1", 0, nil, []string{"tcvn", "tcvn-5712", "tcvn5712-1:1993", "tcvn5712", "vn3"}, false, "", "Vietnamese (TCVN 5712:1993 VN3) as a table of single bytes, without composing tone marks"},
	}
}

// edition names the reference a page's table was read from.
func (s *cpCharset) edition() string {
	who, name, _ := strings.Cut(s.ref, ":")
	if who == "python" {
		return "CPython 3.11's codec " + name + " (Apple's table)"
	}
	return "glibc 2.36's " + name + " table"
}

// registerCodePages adds the EBCDIC, DOS, Mac and other code pages to r.
func registerCodePages(r *registry) {
	register := r.mustAdd
	ebcdic := ebcdicCharsets()
	for i := range ebcdic {
		s := &ebcdic[i]
		register(&Charset{
			Name: s.codec.Name(), Codec: s.codec, Family: "ebcdic", MIB: s.mib, Structure: SingleByte,
			aliases: s.aliases, codePages: s.cps, Edition: s.edition(),
			Summary: s.summary + "; 25 is LF, 15 is NEL",
		})
		sw := singlebyte.SwapLFNL(s.codec)
		var aliases []string
		if s.icu != "" {
			l := strings.ToLower(s.icu)
			num := strings.TrimPrefix(l[:strings.IndexByte(l, '_')], "ibm-")
			aliases = []string{l + ",swaplfnl", "ibm-" + num + "-s390", "ibm" + num + "-s390"}
		}
		register(&Charset{
			Name: sw.Name(), Codec: sw, Family: "ebcdic", aliases: aliases, Structure: SingleByte,
			Edition: s.edition() + " with 15 and 25 exchanged (ICU's swaplfnl)",
			Summary: s.summary + "; 15 is LF, 25 is NEL (z/OS Unix text)",
		})
	}
	pages := codePageCharsets()
	for i := range pages {
		s := &pages[i]
		register(&Charset{
			Name: s.codec.Name(), Codec: s.codec, Family: "single-byte", MIB: s.mib, Structure: SingleByte,
			aliases: s.aliases, codePages: s.cps, ASCIICompatible: s.ascii,
			Edition: s.edition(), Summary: s.summary,
		})
	}
}
