package simd

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// The assume-valid converters against their validating twins: on
// well-formed input, with every kernel, the same output byte for byte,
// with a destination of exactly the size the length functions give and
// with a roomy one; on ill-formed input, no panic and no write past dst
// (the guard-page forms are in valid_guard_test.go).

// exactSize returns the size of the output of op on src, well formed in
// op's source form: from the length functions where there is one, else
// from the validating converter with a roomy dst.
func exactSize(op convOp, src []byte) int {
	switch op.name {
	case "utf8-to-utf16le", "utf8-to-utf16be":
		return 2 * UTF16LenFromUTF8(src)
	case "utf16le-to-utf8":
		return UTF8LenFromUTF16LE(src)
	case "utf8-to-utf32le":
		return 4 * RuneCount(src)
	case "utf8-to-latin1":
		return RuneCount(src)
	}
	n, _ := op.fn(make([]byte, 4*len(src)+8), src)
	return n
}

// checkValid compares op.valid with op.fn on src, which must be well
// formed in op's source form (the validating converter must convert all
// of it), with dst of exactly the output's size at offset align of a
// buffer guarded by sentinel bytes, and with a roomy dst.
func checkValid(t *testing.T, op convOp, src []byte, align int) {
	t.Helper()
	want := make([]byte, 4*len(src)+8)
	wantN, nSrc := op.fn(want, src)
	if nSrc != len(src) {
		t.Fatalf("%s: test input % x is not well formed (converted %d of %d)", op.name, src, nSrc, len(src))
	}
	size := exactSize(op, src)
	if size != wantN {
		t.Fatalf("%s(% x): the length function gives %d, the conversion %d", op.name, src, size, wantN)
	}
	for _, room := range []int{size, 4*len(src) + 8} {
		buf := make([]byte, align+room+64)
		for i := range buf {
			buf[i] = 0xA5
		}
		dst := buf[align : align+room : align+room]
		n := op.valid(dst, src)
		if n != wantN || !bytes.Equal(dst[:n], want[:wantN]) {
			t.Fatalf("%sValid(% x) with dst of %d bytes = %d % x; validating: %d % x",
				op.name, src, room, n, dst[:min(max(n, 0), room)], wantN, want[:wantN])
		}
		for i, c := range buf {
			if (i < align || i >= align+room) && c != 0xA5 {
				t.Fatalf("%sValid(% x) with dst of %d bytes wrote outside dst at %d", op.name, src, room, i-align)
			}
		}
	}
}

// validText returns n bytes of well-formed UTF-8 made of random
// characters of one to four bytes (weights w1–w4, then whatever fits the
// remaining length).
func validText(r *rand.Rand, n int, w [4]int) []byte {
	out := make([]byte, 0, n)
	total := w[0] + w[1] + w[2] + w[3]
	for len(out) < n {
		k := r.IntN(total)
		size := 1
		for size < 4 && k >= w[size-1] {
			k -= w[size-1]
			size++
		}
		if size > n-len(out) {
			size = n - len(out)
		}
		out = utf8.AppendRune(out, randRune(r, size))
	}
	return out
}

// randRune returns a random scalar value whose UTF-8 form has size bytes.
func randRune(r *rand.Rand, size int) rune {
	switch size {
	case 1:
		return rune(r.IntN(0x80))
	case 2:
		return 0x80 + rune(r.IntN(0x800-0x80))
	case 3:
		for {
			c := 0x800 + rune(r.IntN(0x10000-0x800))
			if c < 0xD800 || c > 0xDFFF {
				return c
			}
		}
	}
	return 0x10000 + rune(r.IntN(0x110000-0x10000))
}

// validForm turns well-formed UTF-8 into op's source form, keeping only
// characters U+0000–U+00FF for the Latin-1 ops.
func validForm(op convOp, s []byte) []byte {
	if op.name == "utf8-to-latin1" || op.name == "latin1-to-utf8" {
		s = latin1Subset(s)
	}
	return sourceForm(op.name, s)
}

// mixes are the weights of one- to four-byte characters of the random
// texts: ASCII with a little of everything, each size alone, all mixed.
var mixes = [][4]int{{12, 1, 1, 1}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}, {1, 1, 1, 1}, {0, 2, 3, 1}}

// TestValidLengths: every length 0–257 at every alignment 0–63 of src and
// dst, for texts of every mix.
func TestValidLengths(t *testing.T) {
	aligns := 64
	if testing.Short() {
		aligns = 4
	}
	eachKernel(t, func(t *testing.T, kernel string) {
		r := rand.New(rand.NewPCG(7, 8))
		for _, op := range convOps {
			for n := 0; n <= 257; n++ {
				text := validForm(op, validText(r, n, mixes[n%len(mixes)]))
				for a := 0; a < aligns; a++ {
					buf := make([]byte, a+len(text))
					src := buf[a:]
					copy(src, text)
					checkValid(t, op, src, a)
				}
			}
		}
	})
}

// TestValidBlockPositions puts a character of each size at every position
// of a 64-byte block, within ASCII and within multi-byte text, in inputs
// of one to four blocks.
func TestValidBlockPositions(t *testing.T) {
	chars := []string{"é", "€", "😀", "\u07FF", "\uFFFD", "\U0010FFFF"}
	eachKernel(t, func(t *testing.T, kernel string) {
		for _, op := range convOps {
			for _, f := range fillers {
				for _, n := range []int{64, 67, 128, 130, 256} {
					base := filler(f, n)
					for _, c := range chars {
						for p := 0; p <= len(base); p++ {
							if !utf8.Valid(base[:p]) {
								continue
							}
							s := append(append(append([]byte{}, base[:p]...), c...), base[p:]...)
							checkValid(t, op, validForm(op, s), p%7)
						}
					}
				}
			}
		}
	})
}

// TestValidRandom: long random texts of every mix.
func TestValidRandom(t *testing.T) {
	iters := 400
	if testing.Short() {
		iters = 40
	}
	eachKernel(t, func(t *testing.T, kernel string) {
		r := rand.New(rand.NewPCG(9, 10))
		for i := 0; i < iters; i++ {
			n := r.IntN(3000)
			text := validText(r, n, mixes[i%len(mixes)])
			for _, op := range convOps {
				checkValid(t, op, validForm(op, text), r.IntN(64))
			}
		}
	})
}

// TestValidCorpus: every file of the shared corpus in every source form.
func TestValidCorpus(t *testing.T) {
	for _, name := range corpusNames(t) {
		data := corpusFile(t, name)
		t.Run(name, func(t *testing.T) {
			eachKernel(t, func(t *testing.T, kernel string) {
				for _, op := range convOps {
					checkValid(t, op, validForm(op, data), 0)
				}
			})
		})
	}
}

// TestValidIllFormed runs the assume-valid converters on ill-formed input
// with dst sized by the length function (and smaller and larger): any
// output, but no panic and no byte written outside dst.
func TestValidIllFormed(t *testing.T) {
	iters := 2000
	if testing.Short() {
		iters = 200
	}
	eachKernel(t, func(t *testing.T, kernel string) {
		r := rand.New(rand.NewPCG(11, 12))
		for i := 0; i < iters; i++ {
			n := r.IntN(600)
			for _, op := range convOps {
				src := illFormed(r, op, n)
				size := lengthFor(op, src)
				for _, room := range []int{size, size / 2, r.IntN(4*len(src) + 1), 4*len(src) + 8} {
					checkValidSafe(t, op, src, room)
				}
			}
		}
	})
}

// illFormed returns about n bytes of op's source form with errors: the
// shared generator's text, or random bytes, or well-formed text with
// random bytes planted.
func illFormed(r *rand.Rand, op convOp, n int) []byte {
	switch r.IntN(3) {
	case 0:
		return op.gen(r, n)
	case 1:
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	b := validForm(op, validText(r, n, mixes[r.IntN(len(mixes))]))
	for k := r.IntN(4); k >= 0 && len(b) > 0; k-- {
		b[r.IntN(len(b))] = utf8Junk[r.IntN(len(utf8Junk))]
	}
	return b
}

// lengthFor is the size a caller would give dst for src in op's source
// form, whatever src holds: the length functions where there is one, else
// the largest output (four bytes for a UTF-32 unit, two for a Latin-1
// byte).
func lengthFor(op convOp, src []byte) int {
	switch op.name {
	case "utf8-to-utf16le", "utf8-to-utf16be":
		return 2 * UTF16LenFromUTF8(src)
	case "utf16le-to-utf8":
		return UTF8LenFromUTF16LE(src)
	case "utf16be-to-utf8":
		return 3 * (len(src) / 2)
	case "utf8-to-utf32le":
		return 4 * RuneCount(src)
	case "utf32le-to-utf8":
		return len(src)
	case "latin1-to-utf8":
		return 2 * len(src)
	}
	return RuneCount(src)
}

// checkValidSafe runs op.valid on src with a dst of room bytes inside a
// buffer of sentinel bytes, and fails if it writes outside dst or returns
// a length outside 0–room.
func checkValidSafe(t *testing.T, op convOp, src []byte, room int) {
	t.Helper()
	buf := make([]byte, room+128)
	for i := range buf {
		buf[i] = 0xA5
	}
	dst := buf[64 : 64+room : 64+room]
	n := op.valid(dst, src)
	if n < 0 || n > room {
		t.Fatalf("%sValid(% x) with dst of %d bytes returned %d", op.name, src, room, n)
	}
	for i, c := range buf {
		if (i < 64 || i >= 64+room) && c != 0xA5 {
			t.Fatalf("%sValid(% x) with dst of %d bytes wrote outside dst at %d", op.name, src, room, i-64)
		}
	}
}

// TestValidAllocs pins the assume-valid converters at zero allocations.
func TestValidAllocs(t *testing.T) {
	text := []byte("Ünïcödé ✓ ∑ 😀 𝄞 日本語のテキスト and ASCII, more than one block of it")
	eachKernel(t, func(t *testing.T, kernel string) {
		for _, op := range convOps {
			src := validForm(op, text)
			dst := make([]byte, 4*len(src))
			if n := testing.AllocsPerRun(20, func() { op.valid(dst, src) }); n != 0 {
				t.Errorf("%sValid allocates %v times a call", op.name, n)
			}
		}
	})
}
