//go:build linux

package mb_test

import (
	"runtime"
	"testing"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/enctest"
	"github.com/ucskit/ucs/encoding/internal/mb"
	"github.com/ucskit/ucs/encoding/japanese"
	"github.com/ucskit/ucs/encoding/korean"
	"github.com/ucskit/ucs/encoding/simplifiedchinese"
)

// BenchmarkEncode2 runs the fast path alone over the text of each legacy
// corpus file (decoded, as BenchmarkCPU encodes it), driven as a codec
// drives it (see benchDrive), with the vector Encode2 and with the scalar
// code, and reports GB/s of CPU time beside the wall-clock figure:
//
//	go test ./encoding/internal/mb -run XXX -bench Encode2 -count 5
func BenchmarkEncode2(b *testing.B) {
	legacy := map[string]string{
		"GBK": "legacy/Chinese-Lipsum.gbk.txt", "GB18030": "legacy/Chinese-Lipsum.gb18030.txt",
		"Big5": "legacy/Chinese-Lipsum.big5.txt", "EUC-KR": "legacy/Korean-Lipsum.euckr.txt",
		"Shift_JIS": "legacy/Japanese-Lipsum.sjis.txt", "EUC-JP": "legacy/Japanese-Lipsum.eucjp.txt",
	}
	for _, c := range encCases {
		src, err := c.codec.AppendDecode(nil, enctest.Corpus(b, legacy[c.name]))
		if err != nil {
			b.Fatal(err)
		}
		enc := c.table()
		dst := make([]byte, len(src)+200)
		for _, f := range []struct {
			name string
			fn   func(dst, src []byte, enc *[65536]uint16, skip uint16) (int, int)
		}{{"vector", mb.Encode2}, {"scalar", mb.Encode2Scalar}} {
			b.Run(f.name+"/"+c.name, func(b *testing.B) {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				b.SetBytes(int64(len(src)))
				c0 := threadCPU(b)
				for b.Loop() {
					if _, n := benchDrive(f.fn, dst, src, enc, c.skip); n != len(src) {
						b.Fatalf("stopped at %d of %d", n, len(src))
					}
				}
				if cpu := threadCPU(b) - c0; cpu > 0 {
					b.ReportMetric(float64(b.N)*float64(len(src))/cpu.Seconds()/1e9, "GB/s-cpu")
				}
			})
		}
	}
}

// BenchmarkEncodeOther encodes text of other scripts, which the fast path
// stops at every character or word: Russian (two-byte UTF-8, which the
// codes have, between spaces) and Latin (ASCII, with characters the codes
// lack), with policy Replace, in GB/s of UTF-8 input per second of CPU
// time:
//
//	go test ./encoding/internal/mb -run XXX -bench EncodeOther -count 5
func BenchmarkEncodeOther(b *testing.B) {
	for _, bc := range []struct {
		name  string
		codec *encoding.Codec
		file  string
	}{
		{"Russian/EUC-KR", korean.EUCKR, "Russian-Lipsum.utf8.txt"},
		{"Russian/Shift_JIS", japanese.ShiftJIS, "Russian-Lipsum.utf8.txt"},
		{"Russian/GBK", simplifiedchinese.GBK, "Russian-Lipsum.utf8.txt"},
		{"Latin/GBK", simplifiedchinese.GBK, "Latin-Lipsum.utf8.txt"},
	} {
		src := enctest.Corpus(b, bc.file)
		b.Run(bc.name, func(b *testing.B) {
			benchCPU(b, bc.codec.WithPolicy(encoding.Replace).EncodeTransformer(), src)
		})
	}
}

// benchDrive is driveEnc with the general loop's work replaced by a
// question mark: where f and driveEnc's own step make no progress, it
// writes '?' and goes past the character.
func benchDrive(f func(dst, src []byte, enc *[65536]uint16, skip uint16) (int, int), dst, src []byte, enc *[65536]uint16, skip uint16) (nDst, nSrc int) {
	for nSrc < len(src) {
		d, s := driveEnc(f, dst[nDst:], src[nSrc:], enc, skip)
		nDst += d
		nSrc += s
		if nSrc < len(src) && nDst < len(dst) {
			_, n := utf8.DecodeRune(src[nSrc:])
			dst[nDst] = '?'
			nDst++
			nSrc += n
		} else if nSrc < len(src) {
			return
		}
	}
	return
}
