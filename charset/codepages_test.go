package charset

import (
	"testing"

	"github.com/ucskit/ucs/encoding/singlebyte"
)

// TestCodePageLabels looks up names that glibc, ICU, IANA, CPython, Java
// and .NET give the code pages.
func TestCodePageLabels(t *testing.T) {
	for label, want := range map[string]string{
		"IBM037": "ibm037", "CP037": "ibm037", "ebcdic-cp-us": "ibm037", "csIBM037": "ibm037", "ibm-37_P100-1995": "ibm037", "cp37": "ibm037",
		"IBM273": "ibm273", "windows-20273": "ibm273", "EBCDIC-CP-DK": "ibm277", "ebcdic-cp-se": "ibm278", "CP280": "ibm280",
		"ebcdic-cp-es": "ibm284", "ebcdic-cp-gb": "ibm285", "ebcdic-cp-fr": "ibm297", "ebcdic-cp-he": "ibm424", "ebcdic-cp-ch": "ibm500",
		"ebcdic-cp-roece": "ibm870", "ebcdic-cp-is": "ibm871", "x-IBM875": "ibm875", "CP1026": "ibm1026",
		"IBM-1047": "ibm1047", "IBM01047": "ibm1047", "ibm-1047_P100-1995,swaplfnl": "ibm1047-swaplfnl", "ibm-1047-s390": "ibm1047-swaplfnl",
		"IBM01140": "ibm1140", "CCSID01141": "ibm1141", "ebcdic-dk-277+euro": "ibm1142", "CP01143": "ibm1143", "IBM1144": "ibm1144",
		"cp1145": "ibm1145", "ibm-1146": "ibm1146", "csIBM1147": "ibm1147", "ebcdic-international-500+euro": "ibm1148", "IBM01149": "ibm1149",
		"ibm-1140-s390": "ibm1140-swaplfnl", "ibm273-swaplfnl": "ibm273-swaplfnl",
		"CP737": "ibm737", "x-IBM737": "ibm737", "cp775": "ibm775", "IBM00858": "ibm858", "PC-Multilingual-850+euro": "ibm858",
		"860": "ibm860", "cp-is": "ibm861", "CP863": "ibm863", "csIBM864": "ibm864", "865": "ibm865", "cp-gr": "ibm869",
		"MAC-CENTRALEUROPE": "x-mac-ce", "x-MacCentralEurope": "x-mac-ce", "mac_latin2": "x-mac-ce", "windows-10029": "x-mac-ce",
		"MAC-IS": "x-mac-icelandic", "mac_iceland": "x-mac-icelandic", "x-MacCroatian": "x-mac-croatian", "mac_greek": "x-mac-greek",
		"x-MacRomania": "x-mac-romanian", "x-MacTurkish": "x-mac-turkish", "cp10081": "x-mac-turkish",
		"KOI8-T": "koi8-t", "KZ-1048": "kz-1048", "STRK1048-2002": "kz-1048", "RK1048": "kz-1048", "PT154": "ptcp154", "Cyrillic-Asian": "ptcp154",
		"ARMSCII-8": "armscii-8", "GEORGIAN-PS": "georgian-ps", "VISCII": "viscii", "csVISCII": "viscii",
		"TCVN": "tcvn5712-1", "TCVN5712-1:1993": "tcvn5712-1",
	} {
		c, err := Lookup(label)
		if err != nil || c.Name != want {
			t.Errorf("Lookup(%q) = %v, %v; want %s", label, c, err, want)
		}
	}
}

// TestSingleByteTraits checks the traits a detector relies on, against
// the codecs themselves: ASCIICompatible is true exactly when bytes 00–7F
// decode to ASCII, and the EBCDIC pages (and only they) are in the family
// "ebcdic".
func TestSingleByteTraits(t *testing.T) {
	ebcdic := map[string]bool{}
	for _, c := range singlebyte.EBCDIC {
		ebcdic[c.Name()] = true
		ebcdic[singlebyte.SwapLFNL(c).Name()] = true
	}
	var low []byte
	for b := range 0x80 {
		low = append(low, byte(b))
	}
	n := 0
	for _, c := range List() {
		if c.Family != "single-byte" && c.Family != "ebcdic" {
			continue
		}
		n++
		out, err := c.Codec.AppendDecode(nil, low)
		ascii := err == nil && string(out) == string(low)
		if c.ASCIICompatible != ascii {
			t.Errorf("%s: ASCIICompatible %v, but bytes 00–7F decode as ASCII: %v", c.Name, c.ASCIICompatible, ascii)
		}
		if (c.Family == "ebcdic") != ebcdic[c.Name] {
			t.Errorf("%s: family %s", c.Name, c.Family)
		}
		if c.Family == "ebcdic" {
			// EBCDIC: letters and digits at C1–E9 and F0–F9, space at 40.
			out, err := c.Codec.AppendDecode(nil, []byte{0xC1, 0xC9, 0xF0, 0xF9, 0x40})
			if err != nil || string(out) != "AI09 " {
				t.Errorf("%s: C1 C9 F0 F9 40 decode to %q, %v", c.Name, out, err)
			}
		}
	}
	if n < 110 {
		t.Errorf("only %d single-byte charsets", n)
	}
}
