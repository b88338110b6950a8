package iconvtest

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/japanese"
	"github.com/ucskit/ucs/encoding/korean"
	"github.com/ucskit/ucs/encoding/simplifiedchinese"
	"github.com/ucskit/ucs/encoding/singlebyte"
	"github.com/ucskit/ucs/encoding/traditionalchinese"
)

// codes returns every one- and two-byte sequence (lead 80–FF) that c
// decodes without error, with its decoding.
func codes(c *encoding.Codec) (seqs [][]byte, decoded []string) {
	for b := 0x80; b < 0x100; b++ {
		if out, err := c.AppendDecode(nil, []byte{byte(b)}); err == nil {
			seqs, decoded = append(seqs, []byte{byte(b)}), append(decoded, string(out))
			continue
		}
		for t := 0x21; t < 0x100; t++ {
			if out, err := c.AppendDecode(nil, []byte{byte(b), byte(t)}); err == nil {
				seqs, decoded = append(seqs, []byte{byte(b), byte(t)}), append(decoded, string(out))
			}
		}
	}
	return
}

func runes(s string) string {
	if s == "" {
		return "none"
	}
	var p []string
	for _, r := range s {
		p = append(p, fmt.Sprintf("U+%04X", r))
	}
	return strings.Join(p, "+")
}

// A diff is one code on which ucs and iconv disagree.
type diff struct {
	b          []byte
	ucs, iconv []rune // iconv: nil when iconv has no character (it drops the code)
}

// explain returns why ucs and iconv differ on d, or "" when the difference
// is not a known one.
type explain func(d diff) string

func one(r []rune) rune {
	if len(r) == 1 {
		return r[0]
	}
	return -1
}

// Reasons shared by several codecs.
const (
	c1Fill   = "WHATWG maps the bytes the Windows table leaves undefined to the C1 controls of the same value; glibc has no character"
	eurocode = "WHATWG's gb18030 decoder reads 80 as U+20AC (as CP936 does); glibc's GB18030 has no character"
	fe5x     = "FE 51, FE 52, FE 53, FE 6C, FE 76, FE 91: GB 18030 maps them to private-use code points (WHATWG too); glibc maps them to the supplementary ideographs later encoded"
)

func explainC1(d diff) string {
	if d.iconv == nil && len(d.b) == 1 && one(d.ucs) == rune(d.b[0]) && d.b[0] >= 0x80 && d.b[0] <= 0x9F {
		return c1Fill
	}
	return ""
}

var sweeps = []struct {
	c       *encoding.Codec
	iconv   string
	explain explain
}{
	{singlebyte.IBM437, "IBM437", func(d diff) string {
		if len(d.b) == 1 && d.b[0] == 0xE6 && one(d.ucs) == 0x3BC && one(d.iconv) == 0xB5 {
			return "E6: IBM's table has U+03BC GREEK SMALL LETTER MU, glibc (and Microsoft) U+00B5 MICRO SIGN"
		}
		return ""
	}},
	{singlebyte.IBM862, "IBM862", func(d diff) string {
		if len(d.b) == 1 && d.b[0] == 0xE6 && one(d.ucs) == 0x3BC && one(d.iconv) == 0xB5 {
			return "E6: IBM's table has U+03BC GREEK SMALL LETTER MU, glibc U+00B5 MICRO SIGN"
		}
		return ""
	}},
	{singlebyte.CP1125, "CP1125", func(d diff) string {
		if len(d.b) == 1 && (d.b[0] == 0xFA && one(d.ucs) == 0xF7 && one(d.iconv) == 0xB7 || d.b[0] == 0xFB && one(d.ucs) == 0xB1 && one(d.iconv) == 0x221A) {
			return "FA, FB: IBM's table has ÷ and ±, glibc keeps CP866's · and √"
		}
		return ""
	}},
	{singlebyte.IBM850, "IBM850", nil}, {singlebyte.IBM852, "IBM852", nil}, {singlebyte.IBM855, "IBM855", nil},
	{singlebyte.IBM857, "IBM857", nil}, {singlebyte.TIS620, "TIS-620", nil}, {singlebyte.IBM866, "IBM866", nil},
	{singlebyte.KOI8R, "KOI8-R", nil}, {singlebyte.ISO8859_1, "ISO-8859-1", nil}, {singlebyte.ISO8859_2, "ISO-8859-2", nil},
	{singlebyte.ISO8859_5, "ISO-8859-5", nil}, {singlebyte.ISO8859_15, "ISO-8859-15", nil},
	{singlebyte.KOI8U, "KOI8-U", func(d diff) string {
		if len(d.b) == 1 && (d.b[0] == 0xAE && one(d.ucs) == 0x45E || d.b[0] == 0xBE && one(d.ucs) == 0x40E) {
			return "AE, BE: WHATWG's KOI8-U has KOI8-RU's ў and Ў; glibc (RFC 2319) has box drawing"
		}
		return ""
	}},
	{singlebyte.Windows1250, "CP1250", explainC1}, {singlebyte.Windows1251, "CP1251", explainC1},
	{singlebyte.Windows1252, "CP1252", explainC1}, {singlebyte.Windows1253, "CP1253", explainC1},
	{singlebyte.Windows1254, "CP1254", explainC1}, {singlebyte.Windows1255, "CP1255", func(d diff) string {
		if len(d.b) == 1 && d.b[0] == 0xCA && one(d.ucs) == 0x5BA && d.iconv == nil {
			return "CA: U+05BA HEBREW POINT HOLAM HASER FOR VAV, which Microsoft added to windows-1255 after glibc's table was made"
		}
		return explainC1(d)
	}},
	{singlebyte.Windows1256, "CP1256", explainC1}, {singlebyte.Windows1257, "CP1257", explainC1},
	{singlebyte.Windows1258, "CP1258", explainC1}, {singlebyte.Windows874, "CP874", explainC1},
	{singlebyte.Macintosh, "MACINTOSH", func(d diff) string {
		switch {
		case len(d.b) == 1 && d.b[0] == 0xC6 && one(d.ucs) == 0x2206 && one(d.iconv) == 0x394:
			return "C6: WHATWG (Apple's current table) has U+2206 INCREMENT, glibc U+0394 GREEK CAPITAL DELTA"
		case len(d.b) == 1 && d.b[0] == 0xF0 && one(d.ucs) == 0xF8FF:
			return "F0: the Apple logo, U+F8FF in Apple's table and WHATWG, another private-use code point in glibc"
		}
		return ""
	}},
	{simplifiedchinese.GBK, "GB18030", func(d diff) string {
		switch {
		case len(d.b) == 1 && d.b[0] == 0x80:
			return eurocode
		case d.b[0] == 0xA3 && d.b[1] == 0xA0:
			return "A3 A0: WHATWG maps it to U+3000; GB 18030 and glibc to private-use U+E5E5"
		case d.b[0] == 0xFE && len(d.iconv) == 1 && d.iconv[0] >= 0x20000:
			return fe5x
		}
		return ""
	}},
	{simplifiedchinese.GB18030_2005, "GB18030", func(d diff) string {
		switch {
		case len(d.b) == 1 && d.b[0] == 0x80:
			return eurocode
		case d.b[0] == 0xFE && len(d.iconv) == 1 && d.iconv[0] >= 0x20000:
			return fe5x
		case one(d.ucs) >= 0xE78D && one(d.ucs) <= 0xE864 && len(d.iconv) == 1:
			return "the 18 two-byte codes GB 18030-2005 gives to private-use code points: glibc already maps them to the vertical forms and ideographs of Unicode 4.1 (as GB 18030-2022 does)"
		}
		return ""
	}},
	{simplifiedchinese.GB2312, "EUC-CN", func(d diff) string {
		if d.b[0] == 0xA1 && (d.b[1] == 0xA4 && one(d.ucs) == 0xB7 || d.b[1] == 0xAA && one(d.ucs) == 0x2014) {
			return "A1 A4, A1 AA: ucs uses CP936's (and WHATWG's) U+00B7 and U+2014; glibc U+30FB and U+2015"
		}
		return ""
	}},
	{traditionalchinese.Big5, "BIG5-HKSCS", func(d diff) string {
		if len(d.b) != 2 {
			return ""
		}
		if d.iconv == nil || (len(d.iconv) == 1 && d.iconv[0] == rune(d.b[1])) {
			return "codes of WHATWG's index (HKSCS and Big5-2003 additions) that glibc's BIG5-HKSCS lacks (iconv -c drops the lead byte)"
		}
		if d.b[0] >= 0xA1 && d.b[0] <= 0xA3 {
			return "Big5 symbols with two mappings in use: WHATWG follows Microsoft's CP950 (U+2027, U+FE51, U+00AF, U+FF5E, …), glibc the older ones (U+2022, U+FF64, U+203E, U+223C, …)"
		}
		return ""
	}},
	{traditionalchinese.CP950, "CP950", func(d diff) string {
		dropped := d.iconv == nil || len(d.b) == 2 && one(d.iconv) == rune(d.b[1]) && d.b[1] < 0x80
		if u := one(d.ucs); dropped && u >= 0xE000 && u <= 0xF8FF {
			return "the user-defined areas (and FF as U+F8F8): Microsoft's table maps them to private-use code points; glibc's CP950 has no character (iconv -c drops the code, or its lead byte)"
		}
		return ""
	}},
	{japanese.ShiftJIS, "CP932", func(d diff) string {
		if len(d.b) == 1 && d.b[0] == 0x80 && d.iconv == nil {
			return "80: WHATWG decodes it as U+0080; CP932 in glibc has no character"
		}
		return ""
	}},
	{japanese.EUCJP, "EUC-JP", func(d diff) string {
		switch {
		case d.iconv == nil && len(d.b) == 2 && (d.b[0] == 0xAD || d.b[0] >= 0xF9):
			return "rows 13 and 89–92: the NEC special characters and NEC-selected IBM extensions of index jis0208 (CP932's repertoire), which glibc's EUC-JP lacks"
		case len(d.iconv) == 1 && len(d.b) == 2 && (d.b[0] == 0xA1 || d.b[0] == 0xA2):
			return "A1 C1, A1 C2, A1 DD, A1 F1, A1 F2, A2 CC: WHATWG uses Microsoft's mappings (U+FF5E, U+2225, U+FF0D, U+FFE0, U+FFE1, U+FFE2); glibc JIS X 0208's (U+301C, U+2016, U+2212, U+00A2, U+00A3, U+00AC)"
		}
		return ""
	}},
	{korean.EUCKR, "CP949", nil},
	{korean.Johab, "JOHAB", nil},
}

// TestTableSweep decodes every one- and two-byte code of each codec with
// iconv: every difference must be one of the explained ones, which the
// test log lists with their counts (go test -v).
func TestTableSweep(t *testing.T) {
	iconvPath(t)
	for _, sw := range sweeps {
		seqs, dec := codes(sw.c)
		var in bytes.Buffer
		for _, s := range seqs {
			in.Write(s)
			in.WriteByte('\n')
		}
		out, _ := runIconv(t, sw.iconv, "UTF-8", in.Bytes(), true)
		lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if len(lines) != len(seqs) {
			t.Fatalf("%s: iconv gave %d lines for %d codes", sw.iconv, len(lines), len(seqs))
		}
		reasons := map[string]int{}
		for i, s := range seqs {
			if lines[i] == dec[i] {
				continue
			}
			d := diff{b: s, ucs: []rune(dec[i])}
			if lines[i] != "" {
				d.iconv = []rune(lines[i])
			}
			why := ""
			if sw.explain != nil {
				why = sw.explain(d)
			}
			if why == "" {
				t.Errorf("%s vs iconv %s: % X: ucs %s, iconv %s: an unexplained difference", sw.c.Name(), sw.iconv, s, runes(dec[i]), runes(lines[i]))
				continue
			}
			reasons[why]++
		}
		keys := make([]string, 0, len(reasons))
		for k := range reasons {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		t.Logf("%s vs iconv %s: %d codes compared", sw.c.Name(), sw.iconv, len(seqs))
		for _, k := range keys {
			t.Logf("  %5d × %s", reasons[k], k)
		}
	}
}

// TestGB18030FourByte decodes the four-byte code of every BMP code point
// that has one (the 207 ranges) with iconv, and every supplementary plane's
// first and last code point.
func TestGB18030FourByte(t *testing.T) {
	iconvPath(t)
	var in, want bytes.Buffer
	n := 0
	for r := rune(0x80); r <= 0x10FFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF || r > 0xFFFF && r&0xFFFF != 0 && r&0xFFFF != 0xFFFF {
			continue
		}
		b, err := simplifiedchinese.GB18030_2005.AppendEncode(nil, []byte(string(r)))
		if err != nil || len(b) != 4 {
			continue
		}
		in.Write(b)
		in.WriteByte('\n')
		want.WriteString(string(r))
		want.WriteByte('\n')
		n++
	}
	got, _ := runIconv(t, "GB18030", "UTF-8", in.Bytes(), true)
	gl := strings.Split(string(got), "\n")
	wl := strings.Split(want.String(), "\n")
	if len(gl) != len(wl) {
		t.Fatalf("iconv gave %d lines, want %d", len(gl), len(wl))
	}
	differ := 0
	for i := range wl {
		if gl[i] == wl[i] {
			continue
		}
		// glibc follows Unicode 4.1 for the 18 code points (see
		// TestTableSweep): their GB 18030-2005 four-byte codes decode to
		// private-use code points in glibc.
		w := []rune(wl[i])
		if len(w) == 1 && (w[0] >= 0xFE10 && w[0] <= 0xFE19 || w[0] >= 0x9FB4 && w[0] <= 0x9FBB) {
			differ++
			continue
		}
		t.Errorf("U+%04X: iconv decodes its four-byte code to %s", w, runes(gl[i]))
	}
	t.Logf("%d four-byte codes compared; %d differ as explained", n, differ)
	if n < 39000 || differ != 18 {
		t.Fatalf("compared %d codes, %d explained differences (want 18)", n, differ)
	}
}
