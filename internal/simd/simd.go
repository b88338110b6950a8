package simd

import (
	"bytes"
	"encoding/binary"
	"os"
	"sync"
	"sync/atomic"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/utf8class"
)

// impl is one kernel: a set of functions that each do a bulk step of an
// operation. A vector step handles whole blocks and stops at a character
// boundary; the exported functions finish with the scalar code, which
// also explains errors. The scalar kernel fills every field with the
// reference code.
type impl struct {
	name string
	// asciiPrefix returns the length of the leading ASCII run.
	asciiPrefix func(src []byte) int
	// utf8Prefix returns n such that src[:n] is well formed except,
	// perhaps, for one incomplete character at its end.
	utf8Prefix func(src []byte) int
	// utf8PrefixLines is utf8Prefix that also counts the line feeds of
	// src[:n]; nil where the kernel has none (utf8Prefix and a count then
	// do its work).
	utf8PrefixLines func(src []byte) (n, lines int)
	// Converter steps: convert a prefix of src made of complete, valid
	// characters, stopping at a character boundary.
	utf8ToUTF16LE func(dst, src []byte) (nDst, nSrc int)
	utf16LEToUTF8 func(dst, src []byte) (nDst, nSrc int)
	utf8ToUTF32LE func(dst, src []byte) (nDst, nSrc int)
	utf32LEToUTF8 func(dst, src []byte) (nDst, nSrc int)
	latin1ToUTF8  func(dst, src []byte) (nDst, nSrc int)
	utf8ToLatin1  func(dst, src []byte) (nDst, nSrc int)
	// The length functions, over all of src.
	runeCount          func(src []byte) int
	utf16LenFromUTF8   func(src []byte) int
	utf8LenFromUTF16LE func(src []byte) int
	// Steps that only some kernels have; nil where the scalar code does
	// the whole conversion. (The double-byte and GB18030 steps, which
	// only avx512 has, are called directly after a test of the kernel
	// instead, in dbcs_amd64.go, dbcsenc_amd64.go and gb18030_amd64.go: a
	// call through a function value would make the codecs' buffers escape
	// to the heap, where a direct call to the assembly keeps them on the
	// caller's stack.)
	sbcsToUTF8   sbcsStep   // SBCS.ToUTF8
	sbcsFromUTF8 sbcsStep   // SBCS.FromUTF8
	valid        *validImpl // the assume-valid converters (valid.go)
}

// noStep is a converter step that converts nothing: the scalar code then
// does the whole conversion.
func noStep(dst, src []byte) (int, int) { return 0, 0 }

// stepLoop runs a vector step, then the scalar code over one chunk of
// src where the step stopped, and again, for as long as both make
// progress and a whole chunk is left: a block the vector step cannot do
// costs one chunk of scalar work. The caller finishes the rest.
func stepLoop(dst, src []byte, vec, scalar func(dst, src []byte) (int, int), chunk int) (nDst, nSrc int) {
	for {
		d, s := vec(dst[nDst:], src[nSrc:])
		nDst += d
		nSrc += s
		if len(src)-nSrc < chunk {
			return
		}
		d, s = scalar(dst[nDst:], src[nSrc:nSrc+chunk])
		nDst += d
		nSrc += s
		if s == 0 || len(src)-nSrc < chunk {
			return
		}
	}
}

func utf16LEToUTF8Chunk(dst, src []byte) (int, int) { return utf16ToUTF8Scalar(dst, src, false) }

func utf8ToUTF16LEChunk(dst, src []byte) (int, int) { return utf8ToUTF16Scalar(dst, src, false) }

var scalarImpl = &impl{
	name:          "scalar",
	asciiPrefix:   asciiPrefixScalar,
	utf8Prefix:    validUTF8Prefix,
	utf8ToUTF16LE: noStep,
	utf16LEToUTF8: noStep,
	utf8ToUTF32LE: noStep,
	utf32LEToUTF8: noStep,
	latin1ToUTF8:  noStep,
	utf8ToLatin1:  noStep,

	runeCount:          runeCountScalar,
	utf16LenFromUTF8:   utf16LenFromUTF8Scalar,
	utf8LenFromUTF16LE: utf8LenFromUTF16LEScalar,
}

// impls lists the kernels from best to worst; the vector kernels add
// themselves (see the amd64 files) when the CPU can run them.
var (
	implsOnce sync.Once
	impls     []*impl
	active    atomic.Pointer[impl]
)

// vectorImpls is set by the architecture files: the vector kernels this
// CPU can run, best first.
var vectorImpls func() []*impl

func initImpls() {
	implsOnce.Do(func() {
		if vectorImpls != nil {
			impls = append(impls, vectorImpls()...)
		}
		impls = append(impls, scalarImpl)
		active.Store(choose(os.Getenv("UCS_SIMD")))
	})
}

// choose returns the kernel named pin when this CPU can run it, else the
// best one.
func choose(pin string) *impl {
	for _, k := range impls {
		if k.name == pin {
			return k
		}
	}
	return impls[0]
}

func cur() *impl {
	if k := active.Load(); k != nil {
		return k
	}
	initImpls()
	return active.Load()
}

// Kernel returns the name of the kernel in use: "avx512", "avx2" or
// "scalar". It is chosen at first use from the CPU's features, unless the
// environment variable UCS_SIMD names a kernel this CPU can run.
func Kernel() string { return cur().name }

// Kernels returns the names of the kernels this CPU can run, best first;
// the last is always "scalar".
func Kernels() []string {
	initImpls()
	names := make([]string, len(impls))
	for i, k := range impls {
		names[i] = k.name
	}
	return names
}

// ForceKernel makes name the kernel in use until the returned function is
// called; it is a hook for tests and benchmarks and is not safe to call
// while other goroutines use the package. It reports false (and changes
// nothing) when this CPU cannot run the kernel.
func ForceKernel(name string) (restore func(), ok bool) {
	initImpls()
	for _, k := range impls {
		if k.name == name {
			prev := active.Swap(k)
			return func() { active.Store(prev) }, true
		}
	}
	return func() {}, false
}

// ASCIIPrefix returns the length of the leading run of ASCII bytes
// (00–7F) of src. It does not allocate.
func ASCIIPrefix(src []byte) int { return cur().asciiPrefix(src) }

// ValidASCII reports whether every byte of src is ASCII.
func ValidASCII(src []byte) bool { return cur().asciiPrefix(src) == len(src) }

// utf8Resume returns where the scalar code resumes after a vector step
// that reported src[:p] free of errors. The step sees an error in a pair
// of bytes only when it has both, so the character that starts in the
// last three bytes before p may still be wrong (C0 or F5 there shows as an
// error only with the byte after it) or unfinished: resume at its lead.
func utf8Resume(src []byte, p int) int {
	for k := 1; k <= 3 && k <= p; k++ {
		if c := src[p-k]; c >= 0xC0 {
			return p - k
		} else if c < 0x80 {
			return p
		}
	}
	return p
}

// shortInput is the length below which the scalar code is faster than
// setting up a vector kernel.
const shortInput = 32

// shortConvert is the input length below which the converters go
// straight to the scalar code: no vector step converts less than a block.
const shortConvert = 64

// utf8ValidLen returns the length of the longest well-formed prefix of src.
func utf8ValidLen(src []byte) int {
	if len(src) < shortInput {
		return validUTF8Prefix(src)
	}
	p := utf8Resume(src, cur().utf8Prefix(src))
	return p + validUTF8Prefix(src[p:])
}

// ValidUTF8 reports whether src is well-formed UTF-8 (RFC 3629). It does
// not allocate.
func ValidUTF8(src []byte) bool { return utf8ValidLen(src) == len(src) }

// ValidateUTF8 checks that src is well-formed UTF-8. It returns n, the
// offset of the first ill-formed or truncated sequence (len(src) when src
// is valid), what is wrong with it, and badLen, the length of its maximal
// subpart: the bytes that one U+FFFD replaces (Unicode §3.9). It does not
// allocate.
func ValidateUTF8(src []byte) (n int, kind encoding.Kind, badLen int) {
	n = utf8ValidLen(src)
	if n == len(src) {
		return n, encoding.KindNone, 0
	}
	k, badLen := utf8class.Classify(src[n:])
	return n, encoding.Kind(k), badLen
}

// ValidateUTF8Lines is ValidateUTF8 that also returns the number of line
// feeds (0x0A bytes) in src[:n], counted as the kernel validates, for a
// caller that keeps line numbers.
func ValidateUTF8Lines(src []byte) (n int, kind encoding.Kind, badLen, lines int) {
	if len(src) < shortInput {
		n = validUTF8Prefix(src)
		lines = bytes.Count(src[:n], lf)
	} else {
		var p int
		if k := cur(); k.utf8PrefixLines != nil {
			p, lines = k.utf8PrefixLines(src)
		} else {
			p = k.utf8Prefix(src)
			lines = bytes.Count(src[:p], lf)
		}
		q := utf8Resume(src, p)
		lines -= bytes.Count(src[q:p], lf)
		m := validUTF8Prefix(src[q:])
		lines += bytes.Count(src[q:q+m], lf)
		n = q + m
	}
	if n == len(src) {
		return n, encoding.KindNone, 0, lines
	}
	k, badLen := utf8class.Classify(src[n:])
	return n, encoding.Kind(k), badLen, lines
}

var lf = []byte{'\n'}

// UTF8ToUTF16LE converts the longest prefix of src made of complete,
// well-formed UTF-8 characters whose UTF-16LE form fits in dst. It stops
// before the first ill-formed or incomplete sequence, or before the first
// character dst has no room for, and returns the bytes written and read.
func UTF8ToUTF16LE(dst, src []byte) (nDst, nSrc int) {
	var d, s int
	if len(src) >= shortConvert {
		d, s = cur().utf8ToUTF16LE(dst, src)
	}
	d2, s2 := utf8ToUTF16Scalar(dst[d:], src[s:], false)
	return d + d2, s + s2
}

// UTF8ToUTF16BE is UTF8ToUTF16LE with big-endian output: the
// little-endian conversion, then the bytes of each unit swapped in place.
func UTF8ToUTF16BE(dst, src []byte) (nDst, nSrc int) {
	if len(src) < shortConvert {
		return utf8ToUTF16Scalar(dst, src, true)
	}
	nDst, nSrc = UTF8ToUTF16LE(dst, src)
	swap16(dst[:nDst])
	return nDst, nSrc
}

// swap16 swaps the two bytes of every 16-bit unit of b (len(b) even),
// eight bytes at a time.
func swap16(b []byte) {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		x = (x&0x00FF00FF00FF00FF)<<8 | (x>>8)&0x00FF00FF00FF00FF
		binary.LittleEndian.PutUint64(b[i:], x)
	}
	for ; i+2 <= len(b); i += 2 {
		b[i], b[i+1] = b[i+1], b[i]
	}
}

// swapChunk is the size of the buffer in which UTF16BEToUTF8 swaps its
// input to little-endian order, a piece at a time.
const swapChunk = 2048

// UTF16LEToUTF8 converts the longest prefix of src, UTF-16LE, made of
// complete characters whose UTF-8 form fits in dst. It stops before an
// unpaired surrogate, an odd trailing byte, or the first character dst has
// no room for, and returns the bytes written and read.
func UTF16LEToUTF8(dst, src []byte) (nDst, nSrc int) {
	var d, s int
	if len(src) >= shortConvert {
		d, s = cur().utf16LEToUTF8(dst, src)
	}
	d2, s2 := utf16ToUTF8Scalar(dst[d:], src[s:], false)
	return d + d2, s + s2
}

// UTF16BEToUTF8 is UTF16LEToUTF8 for big-endian input. It swaps the input
// to little-endian order piece by piece in a buffer on the stack and
// converts each piece with the little-endian code; it does not allocate.
func UTF16BEToUTF8(dst, src []byte) (nDst, nSrc int) {
	if len(src) < shortConvert {
		return utf16ToUTF8Scalar(dst, src, true)
	}
	var buf [swapChunk]byte
	for nSrc+1 < len(src) {
		piece := buf[:copy(buf[:], src[nSrc:len(src)&^1])]
		swap16(piece)
		d, s := utf16LEToUTF8Kernel(dst[nDst:], piece)
		nDst += d
		nSrc += s
		if s < len(piece)-3 || s == 0 {
			// Stopped inside the piece (an error or a full dst), not
			// just before a pair cut by its end.
			break
		}
	}
	// The scalar code finishes: an odd last byte, or the error or full
	// dst where the loop stopped, or a pair cut by the last piece's end.
	d, s := utf16ToUTF8Scalar(dst[nDst:], src[nSrc:], true)
	return nDst + d, nSrc + s
}

// UTF8ToUTF32LE converts the longest prefix of src made of complete,
// well-formed UTF-8 characters that fits in dst to UTF-32LE (four bytes a
// character), and returns the bytes written and read.
func UTF8ToUTF32LE(dst, src []byte) (nDst, nSrc int) {
	var d, s int
	if len(src) >= shortConvert {
		d, s = cur().utf8ToUTF32LE(dst, src)
	}
	d2, s2 := utf8ToUTF32LEScalar(dst[d:], src[s:])
	return d + d2, s + s2
}

// UTF32LEToUTF8 converts the longest prefix of src, UTF-32LE, whose UTF-8
// form fits in dst. It stops before a unit above 0x10FFFF or in
// D800–DFFF, before a trailing partial unit, or before the first
// character dst has no room for.
func UTF32LEToUTF8(dst, src []byte) (nDst, nSrc int) {
	var d, s int
	if len(src) >= shortConvert {
		d, s = cur().utf32LEToUTF8(dst, src)
	}
	d2, s2 := utf32LEToUTF8Scalar(dst[d:], src[s:])
	return d + d2, s + s2
}

// Latin1ToUTF8 converts the longest prefix of src, ISO 8859-1, whose UTF-8
// form fits in dst. Every byte is a character, so it stops only when dst
// is full.
func Latin1ToUTF8(dst, src []byte) (nDst, nSrc int) {
	var d, s int
	if len(src) >= shortConvert {
		d, s = cur().latin1ToUTF8(dst, src)
	}
	d2, s2 := latin1ToUTF8Scalar(dst[d:], src[s:])
	return d + d2, s + s2
}

// UTF8ToLatin1 converts the longest prefix of src, UTF-8, made of
// characters U+0000–U+00FF that fits in dst. It stops before an
// ill-formed or incomplete sequence, before a character above U+00FF, or
// when dst is full.
func UTF8ToLatin1(dst, src []byte) (nDst, nSrc int) {
	var d, s int
	if len(src) >= shortConvert {
		d, s = cur().utf8ToLatin1(dst, src)
	}
	d2, s2 := utf8ToLatin1Scalar(dst[d:], src[s:])
	return d + d2, s + s2
}

// The assume-valid variants. Each converts all of src, which the caller
// guarantees to be well formed, into dst, which must be large enough (see
// the length functions), and returns the bytes written. On well-formed
// input the output is the validating function's, byte for byte. On
// ill-formed input or a short dst the output is unspecified, but no byte
// outside dst is written, no byte outside src is read and nothing
// panics. They do not allocate. encoding/utf exposes them as its
// Append…FromValid… functions.

// UTF8ToUTF16LEValid is the assume-valid form of UTF8ToUTF16LE. The
// avx512 and avx2 kernels have their own steps for it (the validating
// steps without the Keiser–Lemire check); the scalar kernel runs
// UTF8ToUTF16LE.
func UTF8ToUTF16LEValid(dst, src []byte) int {
	if len(src) >= shortConvert {
		if v := cur().valid; v != nil && v.utf8ToUTF16LE != nil {
			d, s := v.utf8ToUTF16LE(dst, src)
			d2, _ := utf8ToUTF16Scalar(dst[d:], src[s:], false)
			return d + d2
		}
	}
	n, _ := UTF8ToUTF16LE(dst, src)
	return n
}

// UTF8ToUTF16BEValid is the assume-valid form of UTF8ToUTF16BE:
// UTF8ToUTF16LEValid, then the bytes of each unit swapped in place.
func UTF8ToUTF16BEValid(dst, src []byte) int {
	if len(src) < shortConvert {
		n, _ := utf8ToUTF16Scalar(dst, src, true)
		return n
	}
	n := UTF8ToUTF16LEValid(dst, src)
	swap16(dst[:n])
	return n
}

// UTF16LEToUTF8Valid is the assume-valid form of UTF16LEToUTF8; it runs
// the validating code, whose only check (the pairing of surrogates) the
// conversion needs anyway.
func UTF16LEToUTF8Valid(dst, src []byte) int { n, _ := UTF16LEToUTF8(dst, src); return n }

// UTF16BEToUTF8Valid is the assume-valid form of UTF16BEToUTF8; it runs
// the validating code.
func UTF16BEToUTF8Valid(dst, src []byte) int { n, _ := UTF16BEToUTF8(dst, src); return n }

// UTF8ToUTF32LEValid is the assume-valid form of UTF8ToUTF32LE. The
// avx512 and avx2 kernels have their own steps for it (the validating
// steps without the Keiser–Lemire check); the scalar kernel runs
// UTF8ToUTF32LE.
func UTF8ToUTF32LEValid(dst, src []byte) int {
	if len(src) >= shortConvert {
		if v := cur().valid; v != nil && v.utf8ToUTF32LE != nil {
			d, s := v.utf8ToUTF32LE(dst, src)
			d2, _ := utf8ToUTF32LEScalar(dst[d:], src[s:])
			return d + d2
		}
	}
	n, _ := UTF8ToUTF32LE(dst, src)
	return n
}

// UTF32LEToUTF8Valid is the assume-valid form of UTF32LEToUTF8. The
// avx512 and avx2 kernels have their own steps for it (the validating
// steps without the test for units above 10FFFF or in D800–DFFF); the
// scalar kernel runs UTF32LEToUTF8.
func UTF32LEToUTF8Valid(dst, src []byte) int {
	if len(src) >= shortConvert {
		if v := cur().valid; v != nil && v.utf32LEToUTF8 != nil {
			d, s := v.utf32LEToUTF8(dst, src)
			d2, _ := utf32LEToUTF8Scalar(dst[d:], src[s:])
			return d + d2
		}
	}
	n, _ := UTF32LEToUTF8(dst, src)
	return n
}

// UTF8ToLatin1Valid is the assume-valid form of UTF8ToLatin1 (src must
// hold only characters U+0000–U+00FF). The avx512 kernel has its own step
// for it (the validating step without the check that leads are C2 or C3
// and pair with continuation bytes); the others run UTF8ToLatin1.
func UTF8ToLatin1Valid(dst, src []byte) int {
	if len(src) >= shortConvert {
		if v := cur().valid; v != nil && v.utf8ToLatin1 != nil {
			d, s := v.utf8ToLatin1(dst, src)
			d2, _ := utf8ToLatin1Scalar(dst[d:], src[s:])
			return d + d2
		}
	}
	n, _ := UTF8ToLatin1(dst, src)
	return n
}

// The length functions are total: they count bytes or units of a given
// kind, so on ill-formed input they return a definite number, the same
// with every kernel, which is the exact length only for well-formed input.

// UTF16LenFromUTF8 returns the number of UTF-16 code units needed for src,
// well-formed UTF-8 (twice that many bytes). It counts the bytes that are
// not continuation bytes (80–BF), plus one for each byte F0–FF; on
// ill-formed input that count need not match what a conversion writes
// (the converters stop at the first error, and a policy may replace it).
// It does not allocate.
func UTF16LenFromUTF8(src []byte) int {
	if len(src) < shortInput {
		return utf16LenFromUTF8Scalar(src)
	}
	return cur().utf16LenFromUTF8(src)
}

// UTF8LenFromUTF16LE returns the number of bytes of the UTF-8 form of src,
// well-formed UTF-16LE. It counts 1 byte for a unit below U+0080, 2 below
// U+0800, 2 for each surrogate (4 for a pair; 2 also for an unpaired
// one, where U+FFFD would take 3) and 3 for any other unit; an odd
// trailing byte counts nothing. It does not allocate.
func UTF8LenFromUTF16LE(src []byte) int {
	if len(src) < shortInput {
		return utf8LenFromUTF16LEScalar(src)
	}
	return cur().utf8LenFromUTF16LE(src)
}

// RuneCount returns the number of characters of src, well-formed UTF-8:
// it counts the bytes that are not continuation bytes (80–BF). On
// ill-formed input a stray continuation byte counts nothing and any other
// byte one (utf8.RuneCount counts each byte of an ill-formed sequence
// instead). It does not allocate.
func RuneCount(src []byte) int {
	if len(src) < shortInput {
		return runeCountScalar(src)
	}
	return cur().runeCount(src)
}
