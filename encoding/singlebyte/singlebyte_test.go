package singlebyte

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
	"github.com/ucskit/ucs/internal/testfiles"
)

// whatwg maps each codec to its WHATWG index file.
var whatwg = map[*encoding.Codec]string{
	IBM866: "ibm866", ISO8859_2: "iso-8859-2", ISO8859_3: "iso-8859-3", ISO8859_4: "iso-8859-4",
	ISO8859_5: "iso-8859-5", ISO8859_6: "iso-8859-6", ISO8859_7: "iso-8859-7", ISO8859_8: "iso-8859-8",
	ISO8859_8I: "iso-8859-8", ISO8859_10: "iso-8859-10", ISO8859_13: "iso-8859-13", ISO8859_14: "iso-8859-14",
	ISO8859_15: "iso-8859-15", ISO8859_16: "iso-8859-16", KOI8R: "koi8-r", KOI8U: "koi8-u",
	Macintosh: "macintosh", XMacCyrillic: "x-mac-cyrillic", Windows874: "windows-874",
	Windows1250: "windows-1250", Windows1251: "windows-1251", Windows1252: "windows-1252",
	Windows1253: "windows-1253", Windows1254: "windows-1254", Windows1255: "windows-1255",
	Windows1256: "windows-1256", Windows1257: "windows-1257", Windows1258: "windows-1258",
}

// All lists every codec of the package.
var all = []*encoding.Codec{IBM866, ISO8859_2, ISO8859_3, ISO8859_4, ISO8859_5, ISO8859_6, ISO8859_7,
	ISO8859_8, ISO8859_8I, ISO8859_10, ISO8859_13, ISO8859_14, ISO8859_15, ISO8859_16, KOI8R, KOI8U,
	Macintosh, XMacCyrillic, Windows874, Windows1250, Windows1251, Windows1252, Windows1253,
	Windows1254, Windows1255, Windows1256, Windows1257, Windows1258, XUserDefined,
	ISO8859_1, USASCII, IBM437, IBM850, IBM852, IBM855, IBM857, IBM862, CP1125, TIS620}

func readIndex(t *testing.T, name string) map[int]rune {
	t.Helper()
	f, err := os.Open(testfiles.Module(t, "internal/gen/data/index-"+name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	idx := map[int]rune{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 2 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		p, _ := strconv.Atoi(fs[0])
		c, _ := strconv.ParseUint(strings.TrimPrefix(fs[1], "0x"), 16, 32)
		idx[p] = rune(c)
	}
	return idx
}

// TestWHATWGIndexes decodes all 256 bytes of every WHATWG single-byte
// encoding and re-encodes every character, as the index (read from the
// shared copy, not the generated table) says.
func TestWHATWGIndexes(t *testing.T) {
	for c, name := range whatwg {
		idx := readIndex(t, name)
		for b := 0; b < 256; b++ {
			want, ok := rune(b), true
			if b >= 0x80 {
				want, ok = idx[b-0x80]
			}
			got, err := c.AppendDecode(nil, []byte{byte(b)})
			if !ok {
				if err == nil {
					t.Errorf("%s: byte %02X decoded to %q, want an error", c.Name(), b, got)
				}
				continue
			}
			if err != nil || string(got) != string(want) {
				t.Errorf("%s: byte %02X → %q, %v; want U+%04X", c.Name(), b, got, err, want)
			}
			enc, err := c.AppendEncode(nil, got)
			if err != nil || !bytes.Equal(enc, []byte{byte(b)}) {
				t.Errorf("%s: U+%04X → % X, %v; want %02X", c.Name(), want, enc, err, b)
			}
		}
	}
}

// TestOwnTables checks the tables ucs adds: true Latin-1, US-ASCII,
// x-user-defined.
func TestOwnTables(t *testing.T) {
	for b := 0; b < 256; b++ {
		got, err := ISO8859_1.AppendDecode(nil, []byte{byte(b)})
		if err != nil || string(got) != string(rune(b)) {
			t.Fatalf("iso-8859-1 %02X → %q, %v", b, got, err)
		}
		got, err = USASCII.AppendDecode(nil, []byte{byte(b)})
		if (b < 0x80) != (err == nil) {
			t.Fatalf("us-ascii %02X → %q, %v", b, got, err)
		}
		got, err = XUserDefined.AppendDecode(nil, []byte{byte(b)})
		want := rune(b)
		if b >= 0x80 {
			want = 0xF780 + rune(b) - 0x80
		}
		if err != nil || string(got) != string(want) {
			t.Fatalf("x-user-defined %02X → %q, %v", b, got, err)
		}
	}
	if _, err := USASCII.AppendEncode(nil, []byte("é")); err == nil {
		t.Fatal("us-ascii encoded é")
	}
	if got, err := ISO8859_1.AppendEncode(nil, []byte("\u0085é")); err != nil || !bytes.Equal(got, []byte{0x85, 0xE9}) {
		t.Fatalf("iso-8859-1: % X, %v", got, err)
	}
	if got, err := ISO8859_1.AppendEncode(nil, []byte("€")); err == nil {
		t.Fatalf("iso-8859-1 encoded € as % X", got)
	}
}

// TestICUTables compares the IBM pages and TIS-620 with the ICU/glibc
// tables they come from: every byte 80–FF round trip mapping (|0).
func TestICUTables(t *testing.T) {
	for c, file := range map[*encoding.Codec]string{
		IBM437: "ibm-437_P100-1995", IBM850: "ibm-850_P100-1999", IBM852: "ibm-852_P100-1999",
		IBM855: "ibm-855_P100-1995", IBM857: "ibm-857_P100-1995", IBM862: "ibm-862_P100-1995",
		CP1125: "ibm-1125_P100-1997", TIS620: "glibc-TIS_620-2.1.2",
	} {
		data, err := os.ReadFile("../../internal/gen/data/" + file + ".ucm")
		if err != nil {
			t.Fatal(err)
		}
		mapped := map[byte]bool{}
		for _, line := range strings.Split(string(data), "\n") {
			var cp uint32
			var b byte
			var fl int
			if n, _ := fmt.Sscanf(line, "<U%X> \\x%X |%d", &cp, &b, &fl); n != 3 || b < 0x80 || fl != 0 {
				continue
			}
			mapped[b] = true
			got, err := c.AppendDecode(nil, []byte{b})
			if err != nil || string(got) != string(rune(cp)) {
				t.Errorf("%s: %02X → %q, %v; want U+%04X", c.Name(), b, got, err, cp)
			}
			enc, err := c.AppendEncode(nil, []byte(string(rune(cp))))
			if err != nil || !bytes.Equal(enc, []byte{b}) {
				t.Errorf("%s: U+%04X → % X, %v; want %02X", c.Name(), cp, enc, err, b)
			}
		}
		for b := 0x80; b < 0x100; b++ {
			if c == IBM852 && b == 0xAA {
				continue // an addition to the ICU table: see TestIBM852NotSign
			}
			if _, err := c.AppendDecode(nil, []byte{byte(b)}); (err == nil) != mapped[byte(b)] {
				t.Errorf("%s: byte %02X decodes: %v, mapped in %s: %v", c.Name(), b, err == nil, file, mapped[byte(b)])
			}
		}
	}
}

// TestHarness streams every codec at every split and destination size and
// checks every error policy.
func TestHarness(t *testing.T) {
	var all256 []byte
	for b := 0; b < 256; b++ {
		all256 = append(all256, byte(b))
	}
	sample := []byte("Aé€Жж\u0E01ğš\U0001F600\xff")
	for _, c := range all {
		enctest.Streaming(t, c.WithPolicy(encoding.Replace), false, all256[0x78:0x98], 5)
		enctest.Policies(t, c, false, all256)
		enctest.Policies(t, c, true, sample)
		dec, _ := c.WithPolicy(encoding.Skip).AppendDecode(nil, all256)
		enc, err := c.AppendEncode(nil, dec)
		if err != nil {
			t.Fatalf("%s: cannot re-encode its own output: %v", c.Name(), err)
		}
		back, err := c.AppendDecode(nil, enc)
		if err != nil || !bytes.Equal(back, dec) {
			t.Fatalf("%s: round trip differs", c.Name())
		}
		if utf8.RuneCount(dec) < 128 {
			t.Fatalf("%s: only %d characters", c.Name(), utf8.RuneCount(dec))
		}
		enctest.Streaming(t, c, true, dec[0x70:], 4)
		for _, b := range enctest.MalformedUTF8() {
			enctest.Policies(t, c, true, b)
		}
	}
}

// TestBlockEdges feeds the fast paths characters that straddle their
// eight-byte blocks and the end of the input: valid text round-trips, and
// every input gives the same result in every streaming schedule.
func TestBlockEdges(t *testing.T) {
	for n := 0; n < 20; n++ {
		pad := strings.Repeat("a", n)
		for _, tail := range []string{"Ж", "Жж", "\xD0", "ж€", "\xD0a"} {
			in := []byte(pad + "Жa" + tail)
			if utf8.Valid(in) {
				enc, err := Windows1251.AppendEncode(nil, in)
				if err != nil {
					t.Fatalf("%q: %v", in, err)
				}
				back, err := Windows1251.AppendDecode(nil, enc)
				if err != nil || !bytes.Equal(back, in) {
					t.Fatalf("%q → % X → %q, %v", in, enc, back, err)
				}
			} else if _, err := Windows1251.AppendEncode(nil, in); err == nil {
				t.Fatalf("%q: invalid UTF-8 encoded without error", in)
			}
			got, _ := Windows1251.WithPolicy(encoding.Replace).AppendEncode(nil, in)
			enctest.Streaming(t, Windows1251.WithPolicy(encoding.Replace), true, in, 3)
			enctest.Streaming(t, Windows1251.WithPolicy(encoding.Replace), false, got, 3)
		}
	}
}

// TestIBM852NotSign checks byte AA of IBM852, U+00AC NOT SIGN in glibc,
// CPython and Microsoft's table (ICU's ibm-852 table leaves it empty).
func TestIBM852NotSign(t *testing.T) {
	if got, err := IBM852.AppendDecode(nil, []byte{'x', 0xAA}); err != nil || string(got) != "x¬" {
		t.Errorf("decode AA: %q, %v; want \"x¬\"", got, err)
	}
	if got, err := IBM852.AppendEncode(nil, []byte("x¬")); err != nil || !bytes.Equal(got, []byte{'x', 0xAA}) {
		t.Errorf("encode ¬: % X, %v; want 78 AA", got, err)
	}
}
