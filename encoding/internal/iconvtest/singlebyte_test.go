package iconvtest

import (
	"bytes"
	"encoding/binary"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	sb "github.com/ucskit/ucs/encoding/singlebyte"
)

// A sbPage is a single-byte codec and its reference: glibc's iconv under
// the given name, or, for "python:NAME", CPython's codec NAME (for the Mac
// pages glibc lacks).
type sbPage struct {
	c       *encoding.Codec
	ref     string
	explain explain
}

// sbPages lists every single-byte codec that glibc (or CPython) also has.
// The pages made from glibc's and CPython's tables must agree with them on
// every byte; the others differ only as their explain function says (the
// same reasons as in TestTableSweep).
func sbPages() []sbPage {
	ps := []sbPage{
		{sb.ISO8859_3, "ISO-8859-3", nil}, {sb.ISO8859_4, "ISO-8859-4", nil}, {sb.ISO8859_6, "ISO-8859-6", nil},
		{sb.ISO8859_7, "ISO-8859-7", nil}, {sb.ISO8859_8, "ISO-8859-8", nil}, {sb.ISO8859_10, "ISO-8859-10", nil},
		{sb.ISO8859_13, "ISO-8859-13", nil}, {sb.ISO8859_14, "ISO-8859-14", nil}, {sb.ISO8859_16, "ISO-8859-16", nil},
		{sb.XMacCyrillic, "MAC-CYRILLIC", func(d diff) string {
			if d.b[0] == 0xFF && one(d.ucs) == 0x20AC && one(d.iconv) == 0xA4 {
				return "FF: WHATWG (Apple's table since Mac OS 9) has €, glibc the older ¤"
			}
			return ""
		}}, {sb.USASCII, "ANSI_X3.4-1968", nil},
	}
	for _, sw := range sweeps {
		if singleByte[sw.c] {
			ps = append(ps, sbPage{sw.c, sw.iconv, sw.explain})
		}
	}
	for _, c := range sb.EBCDIC {
		name := strings.ToUpper(c.Name())
		ps = append(ps, sbPage{c, name, nil})
		// The swaplfnl variant is glibc's table with 15 and 25 exchanged.
		ps = append(ps, sbPage{sb.SwapLFNL(c), name, swappedLFNL})
	}
	for c, ref := range map[*encoding.Codec]string{
		sb.IBM737: "CP737", sb.IBM775: "IBM775", sb.IBM858: "IBM858", sb.IBM860: "IBM860", sb.IBM861: "IBM861",
		sb.IBM863: "IBM863", sb.IBM864: "IBM864", sb.IBM865: "IBM865", sb.IBM869: "IBM869",
		sb.MacCentralEurope: "MAC-CENTRALEUROPE", sb.MacIceland: "MAC-IS",
		sb.MacCroatian: "python:mac_croatian", sb.MacGreek: "python:mac_greek",
		sb.MacRomanian: "python:mac_romanian", sb.MacTurkish: "python:mac_turkish",
		sb.KOI8T: "KOI8-T", sb.KZ1048: "RK1048", sb.PTCP154: "PT154", sb.ARMSCII8: "ARMSCII-8",
		sb.GeorgianPS: "GEORGIAN-PS", sb.VISCII: "VISCII", sb.TCVN5712: "TCVN5712-1",
	} {
		ps = append(ps, sbPage{c, ref, nil})
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].c.Name() < ps[j].c.Name() })
	return ps
}

var singleByte = map[*encoding.Codec]bool{
	sb.IBM437: true, sb.IBM850: true, sb.IBM852: true, sb.IBM855: true, sb.IBM857: true, sb.IBM862: true,
	sb.CP1125: true, sb.TIS620: true, sb.IBM866: true, sb.KOI8R: true, sb.KOI8U: true, sb.ISO8859_1: true,
	sb.ISO8859_2: true, sb.ISO8859_5: true, sb.ISO8859_15: true, sb.Macintosh: true, sb.Windows874: true,
	sb.Windows1250: true, sb.Windows1251: true, sb.Windows1252: true, sb.Windows1253: true, sb.Windows1254: true,
	sb.Windows1255: true, sb.Windows1256: true, sb.Windows1257: true, sb.Windows1258: true,
}

func swappedLFNL(d diff) string {
	if len(d.b) == 1 && (d.b[0] == 0x15 && one(d.ucs) == '\n' && one(d.iconv) == 0x85 || d.b[0] == 0x25 && one(d.ucs) == 0x85 && one(d.iconv) == '\n') {
		return "swaplfnl: 15 is LF and 25 NEL, exchanged from the reference's table"
	}
	return ""
}

// refDecode decodes every byte with the reference: dec[b] is its
// characters, nil when the reference has none.
func refDecode(t *testing.T, ref string) (dec [256][]rune) {
	if codec, ok := strings.CutPrefix(ref, "python:"); ok {
		out := runPython(t, `import sys
for b in range(256):
    try:
        print(b, *[ord(c) for c in bytes([b]).decode(sys.argv[1])])
    except UnicodeDecodeError:
        print(b)
`, codec, nil)
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			fs := strings.Fields(line)
			b, _ := strconv.Atoi(fs[0])
			for _, f := range fs[1:] {
				r, _ := strconv.Atoi(f)
				dec[b] = append(dec[b], rune(r))
			}
		}
		return dec
	}
	// Each byte followed by the reference's space, decoded with -c (which
	// drops the bytes without a character): the spaces keep the bytes
	// apart, and keep glibc's TCVN5712-1, CP1255 and CP1258 decoders from
	// composing a letter with a following tone mark.
	sp, err := runIconv(t, "UTF-8", ref, []byte(" "), false)
	if err != nil || len(sp) != 1 {
		t.Fatalf("iconv -t %s cannot encode a space: % X, %v", ref, sp, err)
	}
	var in []byte
	for b := range 256 {
		in = append(in, byte(b), sp[0])
	}
	out, _ := runIconv(t, ref, "UTF-32BE", in, true)
	var cps []rune
	for i := 0; i+4 <= len(out); i += 4 {
		cps = append(cps, rune(binary.BigEndian.Uint32(out[i:])))
	}
	i := 0
	for b := range 256 {
		switch {
		case byte(b) == sp[0]:
			dec[b] = []rune{' '}
			i += 2
		case i < len(cps) && cps[i] == ' ':
			i++ // no character
		case i+1 < len(cps) && cps[i+1] == ' ':
			dec[b] = []rune{cps[i]}
			i += 2
		default:
			t.Fatalf("%s: cannot read iconv's output at byte %02X", ref, b)
		}
	}
	if i != len(cps) {
		t.Fatalf("%s: iconv's output has %d code points, %d read", ref, len(cps), i)
	}
	return dec
}

// refEncode encodes each character of text (one code point each) with
// the reference: enc[i] is its byte, -1 when the reference has none.
func refEncode(t *testing.T, ref string, text []rune) []int {
	enc := make([]int, len(text))
	if codec, ok := strings.CutPrefix(ref, "python:"); ok {
		var in []byte
		for _, r := range text {
			in = utf8.AppendRune(in, r)
		}
		out := runPython(t, `import sys
for c in sys.stdin.buffer.read().decode('utf-8'):
    try:
        print(c.encode(sys.argv[1])[0])
    except UnicodeEncodeError:
        print(-1)
`, codec, in)
		for i, f := range strings.Fields(string(out)) {
			enc[i], _ = strconv.Atoi(f)
		}
		return enc
	}
	sp, _ := runIconv(t, "UTF-8", ref, []byte(" "), false)
	var in []byte
	for _, r := range text {
		in = append(utf8.AppendRune(in, r), ' ')
	}
	out, _ := runIconv(t, "UTF-8", ref, in, true)
	i := 0
	for k, r := range text {
		switch {
		case r == ' ':
			enc[k] = int(sp[0])
			i += 2
		case i < len(out) && out[i] == sp[0]:
			enc[k] = -1
			i++
		case i+1 < len(out) && out[i+1] == sp[0]:
			enc[k] = int(out[i])
			i += 2
		default:
			t.Fatalf("%s: cannot read iconv's output at U+%04X", ref, r)
		}
	}
	if i != len(out) {
		t.Fatalf("%s: iconv wrote %d bytes, %d read", ref, len(out), i)
	}
	return enc
}

func runPython(t *testing.T, script, codec string, stdin []byte) []byte {
	p, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: skipping the comparison with CPython's codecs")
	}
	cmd := exec.Command(p, "-c", script, codec)
	cmd.Stdin = bytes.NewReader(stdin)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3 (%s): %v", codec, err)
	}
	return out
}

// TestSingleByteBothWays compares every byte of every single-byte page
// with the reference, both ways: each of the 256 bytes decodes to the
// reference's character (or is malformed where the reference has none),
// and each character the page decodes encodes to the byte the reference
// writes for it. Every difference must be an explained one; the log (go
// test -v) lists them with their counts.
func TestSingleByteBothWays(t *testing.T) {
	iconvPath(t)
	for _, p := range sbPages() {
		ref := refDecode(t, p.ref)
		reasons := map[string]int{}
		skipEnc := map[rune]bool{}
		var text []rune
		var textBytes []byte
		for b := range 256 {
			out, err := p.c.AppendDecode(nil, []byte{byte(b)})
			var got []rune
			if err == nil {
				got = []rune(string(out))
				text = append(text, got[0])
				textBytes = append(textBytes, byte(b))
			}
			if string(got) == string(ref[b]) {
				continue
			}
			d := diff{b: []byte{byte(b)}, ucs: got, iconv: ref[b]}
			why := ""
			if p.explain != nil {
				why = p.explain(d)
			}
			if why == "" {
				t.Errorf("%s vs %s: byte %02X: ucs %s, reference %s: an unexplained difference", p.c, p.ref, b, runes(string(got)), runes(string(ref[b])))
				continue
			}
			reasons[why]++
			for _, r := range got {
				skipEnc[r] = true
			}
		}
		enc := refEncode(t, p.ref, text)
		for i, r := range text {
			out, err := p.c.AppendEncode(nil, []byte(string(r)))
			if err != nil || len(out) != 1 {
				t.Errorf("%s: cannot encode U+%04X, which byte %02X decodes to: %v", p.c, r, textBytes[i], err)
				continue
			}
			if int(out[0]) == enc[i] || skipEnc[r] {
				continue
			}
			t.Errorf("%s vs %s: U+%04X encodes to %02X, the reference writes %d (-1: none)", p.c, p.ref, r, out[0], enc[i])
		}
		t.Logf("%s vs %s: 256 bytes and %d characters compared", p.c, p.ref, len(text))
		keys := make([]string, 0, len(reasons))
		for k := range reasons {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			t.Logf("  %5d × %s", reasons[k], k)
		}
	}
}
