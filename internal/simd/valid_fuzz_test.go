package simd

import (
	"bytes"
	"testing"
)

// The assume-valid fuzz targets: for every kernel, the fuzzer's input (as
// it is, and planted after ASCII or multi-byte text at a position of a
// 64-byte block, see fuzzInputs) goes to the assume-valid converter with
// dst sized by the length function. When the validating converter takes
// all of it (the input is well formed), the outputs must be equal byte
// for byte; when not, the assume-valid converter must still neither panic
// nor write outside dst.

func fuzzValid(f *testing.F, name string) {
	var op convOp
	for _, o := range convOps {
		if o.name == name {
			op = o
		}
	}
	fuzzSeeds(f)
	f.Add([]byte("Ünïcödé ✓ ∑ 😀 𝄞 "+"日本語のテキスト"), uint8(17), uint16(0))
	f.Add(bytes.Repeat([]byte("\xF0\x9F\x98\x80"), 17), uint8(0), uint16(0))
	f.Fuzz(func(t *testing.T, data []byte, pos uint8, _ uint16) {
		for _, k := range Kernels() {
			withKernel(k, func() {
				for _, in := range fuzzInputs(data, pos) {
					in = append([]byte(nil), in...)
					_, nSrc := op.fn(make([]byte, 4*len(in)+8), in)
					if nSrc == len(in) {
						checkValid(t, op, in, int(pos)%64)
					} else {
						size := lengthFor(op, in)
						checkValidSafe(t, op, in, size)
						checkValidSafe(t, op, in, size/2)
					}
				}
			})
		}
	})
}

func FuzzUTF8ToUTF16LEValid(f *testing.F) { fuzzValid(f, "utf8-to-utf16le") }
func FuzzUTF8ToUTF16BEValid(f *testing.F) { fuzzValid(f, "utf8-to-utf16be") }
func FuzzUTF16LEToUTF8Valid(f *testing.F) { fuzzValid(f, "utf16le-to-utf8") }
func FuzzUTF16BEToUTF8Valid(f *testing.F) { fuzzValid(f, "utf16be-to-utf8") }
func FuzzUTF8ToUTF32LEValid(f *testing.F) { fuzzValid(f, "utf8-to-utf32le") }
func FuzzUTF32LEToUTF8Valid(f *testing.F) { fuzzValid(f, "utf32le-to-utf8") }
func FuzzUTF8ToLatin1Valid(f *testing.F)  { fuzzValid(f, "utf8-to-latin1") }
