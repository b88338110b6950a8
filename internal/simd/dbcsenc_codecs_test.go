package simd_test

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/japanese"
	"github.com/ucskit/ucs/encoding/korean"
	"github.com/ucskit/ucs/encoding/simplifiedchinese"
	"github.com/ucskit/ucs/encoding/traditionalchinese"
	"github.com/ucskit/ucs/internal/simd"
	"github.com/ucskit/ucs/internal/testfiles"
)

// codecTable encodes every character U+0080–U+FFFF with c and keeps the
// two-byte codes: the table the codec's encoder gives EncodePairs (GBK's
// is GB18030's, with U+20AC skipped).
func codecTable(c *encoding.Codec) *[65536]uint16 {
	enc := new([65536]uint16)
	core := c.NewEncoderCore()
	var out [8]byte
	for r := rune(0x80); r <= 0xFFFF; r++ {
		if r >= 0xD800 && r < 0xE000 {
			continue
		}
		core.Reset()
		src := utf8.AppendRune(nil, r)
		nd, ns, bad, err := core.Convert(out[:], src, true)
		if err == nil && bad.Kind == encoding.KindNone && ns == len(src) && nd == 2 {
			enc[r] = uint16(out[0])<<8 | uint16(out[1])
		}
	}
	return enc
}

// TestEncodePairsCodecTables compares the kernel with its reference on
// the tables of the codecs that call it and on their corpus text, as it
// is and with edits: characters the tables lack, the skip character,
// overlong forms (of characters the tables have), surrogates, two- and
// four-byte characters, bad and cut sequences, ASCII runs, at every place.
func TestEncodePairsCodecTables(t *testing.T) {
	if simd.Kernel() != "avx512" {
		t.Skip("no vector step in kernel " + simd.Kernel())
	}
	for _, c := range []struct {
		codec *encoding.Codec
		skip  uint16
		file  string
	}{
		{simplifiedchinese.GB18030, 0x20AC, "Chinese-Lipsum.utf8.txt"},
		{simplifiedchinese.GB18030, 0, "Chinese-Lipsum.utf8.txt"},
		{traditionalchinese.Big5, 0, "Chinese-Lipsum.utf8.txt"},
		{korean.EUCKR, 0, "Korean-Lipsum.utf8.txt"},
		{japanese.ShiftJIS, 0, "Japanese-Lipsum.utf8.txt"},
		{japanese.EUCJP, 0, "Japanese-Lipsum.utf8.txt"},
	} {
		enc := codecTable(c.codec)
		corpus := testfiles.Corpus(t, c.file)
		var none []byte
		for r := rune(0x4E00); none == nil; r++ {
			if enc[r] == 0 {
				none = utf8.AppendRune(nil, r)
			}
		}
		edits := [][]byte{
			none, []byte("€"), []byte("·"), []byte("é"), []byte("😀"), {0xE0, 0x82, 0xB7},
			{0xE0, 0x8E, 0x91}, {0xE0, 0x80, 0x80}, {0xED, 0xA0, 0x80}, {0xE4, 0xB8}, {0x80},
			{0xFF}, {0xC3}, {0xF0, 0x9F}, bytes.Repeat([]byte(" "), 70), []byte("a"),
		}
		check := func(src []byte, size int) {
			t.Helper()
			dst := make([]byte, size)
			nDst, nSrc, bad := simd.EncodePairs(dst, src, enc, c.skip)
			want := make([]byte, size)
			wDst, wSrc, wBad := simd.EncodePairsRef(want, src, enc, c.skip)
			if nDst != wDst || nSrc != wSrc || bad != wBad || !bytes.Equal(dst[:nDst], want[:wDst]) {
				t.Fatalf("%s (skip %04X): %+q, dst %d: EncodePairs = %d, %d, %v, % x; want %d, %d, %v, % x",
					c.codec.Name(), c.skip, src, size, nDst, nSrc, bad, dst[:nDst], wDst, wSrc, wBad, want[:wDst])
			}
		}
		check(corpus, len(corpus)+simd.EncodePairsMinDst)
		r := rand.New(rand.NewPCG(9, 10))
		for i := 0; i < 3000; i++ {
			at := r.IntN(len(corpus) - 400)
			src := append([]byte(nil), corpus[at:at+r.IntN(400)]...)
			for k := r.IntN(4); k > 0 && len(src) > 0; k-- {
				p := r.IntN(len(src))
				src = append(src[:p], append(append([]byte(nil), edits[r.IntN(len(edits))]...), src[p:]...)...)
			}
			check(src, 2*len(src)+simd.EncodePairsMinDst)
			check(src, len(src)/2+simd.EncodePairsMinDst)
		}
	}
}
