package simd

import (
	"testing"
)

// The differential fuzz targets: every kernel against the scalar kernel
// and the standard library, byte for byte (outputs, offsets, kinds). The
// fuzzer's input is also planted at a position of a 64-byte block and
// after an ASCII or multi-byte run, so that errors straddle block edges.

// fuzzInputs derives the inputs checked for one fuzz input: the input
// itself, shifted to position pos of a block after ASCII or after
// multi-byte text, and cut one byte short.
func fuzzInputs(data []byte, pos uint8) [][]byte {
	p := int(pos) % 130
	ascii := append(filler("abcdefgh", p), data...)
	multi := append(filler("é€", p), data...)
	out := [][]byte{data, ascii, multi}
	if len(data) > 0 {
		out = append(out, ascii[:len(ascii)-1])
	}
	return out
}

func fuzzSeeds(f *testing.F) {
	f.Add([]byte("hello, world"), uint8(0), uint16(3))
	f.Add([]byte("caf\xC3\xA9 \xE2\x82 ok"), uint8(61), uint16(5))
	f.Add([]byte("\xF0\x9F\x98\x80\xED\xA0\x80\xC0\xAF\xF4\x90\x80\x80"), uint8(63), uint16(100))
	f.Add([]byte{0x3D, 0xD8, 0x00, 0xDE, 0x00, 0xDC, 0x41, 0x00}, uint8(62), uint16(7))
	f.Add([]byte{0xE9, 0, 0, 0, 0x00, 0xD8, 0, 0, 0, 0, 0x11, 0}, uint8(1), uint16(9))
}

func FuzzValidateUTF8(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, pos uint8, _ uint16) {
		for _, k := range Kernels() {
			withKernel(k, func() {
				for _, in := range fuzzInputs(data, pos) {
					checkValidate(t, in)
					checkLengths(t, in)
					checkUTF16Len(t, in)
				}
			})
		}
	})
}

// FuzzLengths checks the length functions of every kernel on any input
// against their definitions (and, on well-formed input, the standard
// library).
func FuzzLengths(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, pos uint8, _ uint16) {
		for _, k := range Kernels() {
			withKernel(k, func() {
				for _, in := range fuzzInputs(data, pos) {
					checkLengths(t, in)
					checkUTF16Len(t, in)
				}
			})
		}
	})
}

func fuzzConv(f *testing.F, name string) {
	var op convOp
	for _, o := range convOps {
		if o.name == name {
			op = o
		}
	}
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, pos uint8, size uint16) {
		for _, k := range Kernels() {
			withKernel(k, func() {
				for _, in := range fuzzInputs(data, pos) {
					checkConv(t, op, in, []int{int(size) % (op.ratio*len(in) + 1)})
				}
			})
		}
	})
}

func FuzzUTF8ToUTF16LE(f *testing.F) { fuzzConv(f, "utf8-to-utf16le") }
func FuzzUTF8ToUTF16BE(f *testing.F) { fuzzConv(f, "utf8-to-utf16be") }
func FuzzUTF16LEToUTF8(f *testing.F) { fuzzConv(f, "utf16le-to-utf8") }
func FuzzUTF16BEToUTF8(f *testing.F) { fuzzConv(f, "utf16be-to-utf8") }
func FuzzUTF8ToUTF32LE(f *testing.F) { fuzzConv(f, "utf8-to-utf32le") }
func FuzzUTF32LEToUTF8(f *testing.F) { fuzzConv(f, "utf32le-to-utf8") }
func FuzzLatin1ToUTF8(f *testing.F)  { fuzzConv(f, "latin1-to-utf8") }
func FuzzUTF8ToLatin1(f *testing.F)  { fuzzConv(f, "utf8-to-latin1") }
