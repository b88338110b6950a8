package singlebyte

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
	"github.com/ucskit/ucs/internal/simd"
)

// dumped maps each codec made from a table of internal/gen/sbdump to its
// file in internal/gen/data.
var dumped = map[*encoding.Codec]string{
	IBM037: "glibc-IBM037", IBM273: "glibc-IBM273", IBM277: "glibc-IBM277", IBM278: "glibc-IBM278",
	IBM280: "glibc-IBM280", IBM284: "glibc-IBM284", IBM285: "glibc-IBM285", IBM297: "glibc-IBM297",
	IBM424: "glibc-IBM424", IBM500: "glibc-IBM500", IBM870: "glibc-IBM870", IBM871: "glibc-IBM871",
	IBM875: "glibc-IBM875", IBM1026: "glibc-IBM1026", IBM1047: "glibc-IBM1047",
	IBM1140: "glibc-IBM1140", IBM1141: "glibc-IBM1141", IBM1142: "glibc-IBM1142", IBM1143: "glibc-IBM1143",
	IBM1144: "glibc-IBM1144", IBM1145: "glibc-IBM1145", IBM1146: "glibc-IBM1146", IBM1147: "glibc-IBM1147",
	IBM1148: "glibc-IBM1148", IBM1149: "glibc-IBM1149",
	IBM737: "glibc-CP737", IBM775: "glibc-IBM775", IBM858: "glibc-IBM858", IBM860: "glibc-IBM860",
	IBM861: "glibc-IBM861", IBM863: "glibc-IBM863", IBM864: "glibc-IBM864", IBM865: "glibc-IBM865",
	IBM869:           "glibc-IBM869",
	MacCentralEurope: "glibc-MAC-CENTRALEUROPE", MacIceland: "glibc-MAC-IS", MacCroatian: "python-mac_croatian",
	MacGreek: "python-mac_greek", MacRomanian: "python-mac_romanian", MacTurkish: "python-mac_turkish",
	KOI8T: "glibc-KOI8-T", KZ1048: "glibc-RK1048", PTCP154: "glibc-PT154", ARMSCII8: "glibc-ARMSCII-8",
	GeorgianPS: "glibc-GEORGIAN-PS", VISCII: "glibc-VISCII", TCVN5712: "glibc-TCVN5712-1",
}

// added lists the codecs of dumped tables and the swaplfnl variants.
var added = func() []*encoding.Codec {
	var out []*encoding.Codec
	for c := range dumped {
		out = append(out, c)
	}
	for _, c := range EBCDIC {
		out = append(out, SwapLFNL(c))
	}
	sortCodecs(out)
	return out
}()

func sortCodecs(cs []*encoding.Codec) {
	for i := range cs {
		for j := i + 1; j < len(cs); j++ {
			if cs[j].Name() < cs[i].Name() {
				cs[i], cs[j] = cs[j], cs[i]
			}
		}
	}
}

// readDump reads a table of internal/gen/sbdump: byte → code point.
func readDump(t *testing.T, file string) map[byte]rune {
	t.Helper()
	data, err := os.ReadFile("../../internal/gen/data/" + file + ".txt")
	if err != nil {
		t.Fatal(err)
	}
	m := map[byte]rune{}
	for _, line := range strings.Split(string(data), "\n") {
		var b byte
		var r rune
		if n, _ := fmt.Sscanf(line, "0x%X\t0x%X", &b, &r); n == 2 {
			m[b] = r
		}
	}
	if len(m) < 200 {
		t.Fatalf("%s: only %d bytes read", file, len(m))
	}
	return m
}

// TestDumpedTables checks every byte of every page made from a dumped
// table against the file (not the generated table): each byte decodes as
// the file says or is malformed, and each character encodes to the first
// byte the file gives it.
func TestDumpedTables(t *testing.T) {
	for c, file := range dumped {
		m := readDump(t, file)
		first := map[rune]byte{}
		for b := 255; b >= 0; b-- {
			if r, ok := m[byte(b)]; ok {
				first[r] = byte(b)
			}
		}
		for b := range 256 {
			got, err := c.AppendDecode(nil, []byte{byte(b)})
			r, ok := m[byte(b)]
			if !ok {
				if err == nil {
					t.Errorf("%s: byte %02X decodes to %q; %s has no character", c, b, got, file)
				}
				continue
			}
			if err != nil || string(got) != string(r) {
				t.Errorf("%s: byte %02X → %q, %v; want U+%04X", c, b, got, err, r)
			}
			enc, err := c.AppendEncode(nil, []byte(string(r)))
			if err != nil || !bytes.Equal(enc, []byte{first[r]}) {
				t.Errorf("%s: U+%04X → % X, %v; want %02X", c, r, enc, err, first[r])
			}
		}
	}
}

// TestSwapLFNL checks the newline bytes of the EBCDIC pages and their
// swaplfnl variants.
func TestSwapLFNL(t *testing.T) {
	for _, c := range EBCDIC {
		s := SwapLFNL(c)
		if s == nil || s.Name() != c.Name()+"-swaplfnl" {
			t.Fatalf("%s: SwapLFNL gives %v", c, s)
		}
		if SwapLFNL(c) != s {
			t.Errorf("%s: SwapLFNL gives another codec on a second call", c)
		}
		// Every byte but 15 and 25 reads as in the page itself.
		for b := range 256 {
			if b == 0x15 || b == 0x25 {
				continue
			}
			want, werr := c.AppendDecode(nil, []byte{byte(b)})
			got, gerr := s.AppendDecode(nil, []byte{byte(b)})
			if !bytes.Equal(got, want) || (werr == nil) != (gerr == nil) {
				t.Errorf("%s: %02X → %q, %v; %s gives %q, %v", s, b, got, gerr, c, want, werr)
			}
		}
		for _, tc := range []struct {
			c    *encoding.Codec
			b    byte
			want string
		}{{c, 0x25, "\n"}, {c, 0x15, "\u0085"}, {s, 0x15, "\n"}, {s, 0x25, "\u0085"}} {
			if got, err := tc.c.AppendDecode(nil, []byte{tc.b}); err != nil || string(got) != tc.want {
				t.Errorf("%s: %02X → %q, %v; want %q", tc.c, tc.b, got, err, tc.want)
			}
			if got, err := tc.c.AppendEncode(nil, []byte(tc.want)); err != nil || !bytes.Equal(got, []byte{tc.b}) {
				t.Errorf("%s: %q → % X, %v; want %02X", tc.c, tc.want, got, err, tc.b)
			}
		}
	}
	if SwapLFNL(IBM437) != nil || SwapLFNL(IBM864) != nil {
		t.Error("SwapLFNL of a page that is not EBCDIC")
	}
	// "Hello\n" in IBM1047 as z/OS Unix text.
	if got, err := SwapLFNL(IBM1047).AppendDecode(nil, []byte{0xC8, 0x85, 0x93, 0x93, 0x96, 0x15}); err != nil || string(got) != "Hello\n" {
		t.Errorf("ibm1047-swaplfnl: %q, %v", got, err)
	}
}

// TestAddedHarness runs the codec harness over every added page: the whole
// table as a pair, its malformed bytes between two good ones, streaming at
// every split and every policy.
func TestAddedHarness(t *testing.T) {
	var all256 []byte
	for b := range 256 {
		all256 = append(all256, byte(b))
	}
	sample := []byte("Aé€Жж\u0E01ğšΩ\u05D0\u0561\u10D0ệ\U0001F600%\xff\n")
	for _, c := range added {
		var enc []byte
		var text string
		var bad []byte
		for b := range 256 {
			out, err := c.AppendDecode(nil, []byte{byte(b)})
			if err != nil {
				bad = append(bad, byte(b))
				continue
			}
			enc = append(enc, byte(b))
			text += string(out)
		}
		// ARMSCII-8 decodes five bytes to ASCII punctuation, which
		// encodes to the ASCII bytes: its table is no round trip.
		enctest.TestPairs(t, c, []enctest.Pair{{Name: "table", Encoded: enc, Text: text}}, c != ARMSCII8)
		ab, err := c.AppendEncode(nil, []byte("ab"))
		if err != nil {
			t.Fatalf("%s: cannot encode \"ab\": %v", c, err)
		}
		var ms []enctest.Malformed
		for _, b := range bad[:min(3, len(bad))] {
			ms = append(ms, enctest.Malformed{Name: "invalid byte", Input: []byte{ab[0], b, ab[1]}, Replace: "a\uFFFDb", Offset: 1, Kind: encoding.InvalidByte})
		}
		enctest.TestMalformed(t, c, ms)
		enctest.Streaming(t, c.WithPolicy(encoding.Replace), false, all256[0x10:0x50], 5)
		enctest.Policies(t, c, false, all256)
		enctest.Policies(t, c, true, sample)
		enctest.Streaming(t, c.WithPolicy(encoding.Escape), true, sample, 7)
		dec, _ := c.WithPolicy(encoding.Skip).AppendDecode(nil, all256)
		back, err := c.AppendEncode(nil, dec)
		if err != nil {
			t.Fatalf("%s: cannot re-encode its own output: %v", c, err)
		}
		again, err := c.AppendDecode(nil, back)
		if err != nil || !bytes.Equal(again, dec) {
			t.Fatalf("%s: round trip differs", c)
		}
	}
}

// TestAddedKernels converts random text of every added page, in every
// policy, with every kernel of internal/simd, whole and as a stream into
// small destinations: the kernels must agree byte for byte, errors and
// offsets included, and replacing must decode byte by byte as the table
// says.
func TestAddedKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	policies := []encoding.Policy{encoding.Fail, encoding.Replace, encoding.Skip, encoding.Escape}
	for _, c := range added {
		var good []byte
		var chars []rune
		for b := range 256 {
			if out, err := c.AppendDecode(nil, []byte{byte(b)}); err == nil {
				good = append(good, byte(b))
				rr, _ := utf8.DecodeRune(out)
				chars = append(chars, rr)
			}
		}
		for _, legacy := range []bool{true, false} {
			for _, n := range []int{63, 64, 65, 1000, 5000} {
				var src []byte
				for len(src) < n {
					switch k := r.IntN(20); {
					case k < 18 && legacy:
						src = append(src, good[r.IntN(len(good))])
					case k < 18:
						src = utf8.AppendRune(src, chars[r.IntN(len(chars))])
					case legacy:
						src = append(src, byte(r.IntN(256)))
					default:
						src = utf8.AppendRune(src, rune(r.IntN(0x3000)))
					}
				}
				for _, p := range policies {
					cp := c.WithPolicy(p)
					for _, size := range []int{len(src)*3 + 64, 300, 64} {
						var want []byte
						var wantErr error
						for i, k := range simd.Kernels() {
							restore, ok := simd.ForceKernel(k)
							if !ok {
								t.Fatalf("cannot force kernel %s", k)
							}
							var got []byte
							var err error
							if legacy {
								got, err = convertAll(cp.DecodeTransformer(), src, size)
							} else {
								got, err = convertAll(cp.EncodeTransformer(), src, size)
							}
							restore()
							if i == 0 {
								want, wantErr = got, err
								continue
							}
							if !bytes.Equal(got, want) || errString(err) != errString(wantErr) {
								t.Fatalf("%s, %v, legacy %v, dst %d: kernel %s gives %q, %v; kernel %s gives %q, %v",
									c, p, legacy, size, k, got, err, simd.Kernels()[0], want, wantErr)
							}
						}
						if legacy && p == encoding.Replace {
							var oracle []byte
							for _, b := range src {
								out, err := c.AppendDecode(nil, []byte{b})
								if err != nil {
									out = []byte("\uFFFD")
								}
								oracle = append(oracle, out...)
							}
							if !bytes.Equal(want, oracle) || wantErr != nil {
								t.Fatalf("%s, replace, dst %d: decodes %q, %v; want %q", c, size, want, wantErr, oracle)
							}
						}
					}
				}
			}
		}
	}
}

// TestShadowForms checks which pages convert through the kernels: all but
// VISCII and TCVN 5712, which have more than 128 characters outside ASCII.
func TestShadowForms(t *testing.T) {
	for _, c := range added {
		d, ok := c.NewDecoderCore().(*fullDecoder)
		if !ok {
			continue // an ASCII-based page: the kernels of charmap
		}
		scalar := c == VISCII || c == TCVN5712
		if d.m.scalar != scalar {
			t.Errorf("%s: table form %v, want %v", c, d.m.scalar, scalar)
		}
	}
}
