// Package simd holds the bulk kernels behind the UTF codecs: UTF-8
// validation, ASCII checks, conversions between UTF-8, UTF-16, UTF-32 and
// Latin-1, and the length functions that size conversion buffers.
//
// Every operation has a pure-Go reference implementation (a table-driven
// scalar core with word-at-a-time ASCII skipping) and, on amd64, vector
// kernels written in Go assembly for AVX2 and AVX-512 (with VBMI, VBMI2
// and GFNI). The kernel is chosen once, at first use, from the CPU's
// features, read then with CPUID and XGETBV as golang.org/x/sys/cpu reads
// them (on macOS, taken from golang.org/x/sys/cpu itself). The
// environment variable UCS_SIMD pins a kernel: scalar, avx2 or avx512. A
// pin that the CPU cannot run (or an unknown name) falls back to the best
// kernel the CPU has. Building with the purego tag turns every assembly
// file off and leaves only the scalar kernel.
//
// The kernels by operation (every other operation, and every operation of
// the scalar kernel, runs the pure-Go code):
//
//	operation                avx512                      avx2
//	ValidUTF8, ValidateUTF8  Keiser–Lemire, 64 B blocks  Keiser–Lemire, 32 B blocks
//	ValidateUTF8Lines        the same, counting LF       the same, counting LF
//	ASCIIPrefix, ValidASCII  64 B compares               32 B compares
//	Latin1ToUTF8             VPCOMPRESSB                 VPSHUFB tables
//	UTF8ToLatin1             VPERMB, VPCOMPRESSB         PEXT
//	UTF16LEToUTF8            VPCOMPRESSB                 VPSHUFB tables
//	UTF8ToUTF16LE            VPCOMPRESSW                 VPSHUFB tables
//	UTF8ToUTF32LE            VPCOMPRESSW/B/D             VPSHUFB tables (1)
//	UTF32LEToUTF8            VPCOMPRESSB (2)             VPSHUFB tables
//	RuneCount                VPCMPB, POPCNT              VPCMPGTB, VPSADBW
//	UTF16LenFromUTF8         VPSHUFB by nibble, VPSADBW  VPCMPGTB, VPMAXUB, VPSADBW
//	UTF8LenFromUTF16LE       VPCMPUW, VPMINUW, POPCNT    VPMINUW, VPCMPEQW, VPACKSSWB
//	DecodePairs              VPCOMPRESSB, VPERMI2B, scalar look-ups  VPMOVMSKB, a walk of the characters (TZCNT, BLSR)
//	EncodePairs              VPGATHERDD, VPEXPANDB, VPCOMPRESSB  none (the codec's scalar loop)
//	GB18030SupplementaryToUTF8  VPMADDUBSW/VPMADDWD, VPMULTISHIFTQB   VPMADDUBSW/VPMADDWD, shifts, VPMASKMOVD
//	UTF8ToGB18030Supplementary  VPMADDWD, single-precision division    VPMADDWD, single-precision division, VPMASKMOVD
//	Permute                  VPERMI2B                    VPSHUFB on 16 slices, byte blends
//
// (1) A 32-byte window that mixes four-byte characters with others is
// converted by the scalar code.
//
// (2) 32 units a step, as words, while all are below 800; 16 otherwise.
//
// The assembly files are named by instruction set and operation
// (avx2_utf16_to_utf8_amd64.s, avx512_utf8_to_utf16_amd64.h); those that
// hold both instruction sets by the operation alone (utf8_amd64.s,
// length_amd64.s, sbcs_amd64.s, permute_amd64.s, valid_amd64.s). Headers
// (.h) hold bodies shared by a validating kernel and its assume-valid twin
// (compiled with and without CHECKED) and macros shared by two kernels.
//
// The big-endian UTF-16 converters run the little-endian kernels and swap
// bytes (the output in place, the input in a buffer on the stack). The
// length functions
// count whole blocks with the vector kernels; the scalar code (eight bytes
// at a time with population counts for UTF-8, one unit at a time for
// UTF-16) counts the tail. A vector step works on whole blocks and stops
// before a block it cannot convert (an error, or a case the kernel leaves
// to the scalar code); the scalar code then converts one 64-byte chunk and
// hands back to the vector step.
//
// The assume-valid variants (names ending in Valid) are for input the
// caller has already validated; encoding/utf exposes them as its
// Append…FromValid… functions, and no validating path calls them. Where the
// validation is separate work in a kernel they have kernels of their
// own, the validating kernels without their checks (valid_amd64.s):
// UTF8ToUTF16LEValid (and so UTF8ToUTF16BEValid) and UTF8ToUTF32LEValid
// drop the Keiser–Lemire check, UTF32LEToUTF8Valid the test for units
// that are not scalar values, on both AVX-512 and AVX2; UTF8ToLatin1Valid
// drops the test that leads are C2 or C3 and pair with continuation bytes,
// on AVX-512. The others share the validating code: in UTF16LEToUTF8 and
// UTF16BEToUTF8 the only check is the pairing of surrogates, which the
// conversion needs anyway (a kernel without it was measured no faster),
// and Latin-1 input has nothing to check (so there is no
// Latin1ToUTF8Valid). The scalar kernel (and the
// purego build) always runs the validating code.
//
// The vector path finds, the scalar path explains: a kernel reports how
// far the input is certainly well formed, and the scalar code re-scans the
// rest to give the exact offset, kind and length of the first error.
//
// # Standards
//
//   - UTF-8: RFC 3629 §3 and §4; The Unicode Standard, chapter 3, §3.9
//     (D92, Table 3-7 "Well-Formed UTF-8 Byte Sequences"), and the
//     "U+FFFD substitution of maximal subparts" that defines badLen.
//   - UTF-16: RFC 2781 §2; The Unicode Standard §3.9 D91.
//   - UTF-32: The Unicode Standard §3.9 D90.
//   - Latin-1: ISO/IEC 8859-1, mapped one to one onto U+0000–U+00FF.
//
// # Conformance
//
//   - Converters are strict: they stop before the first ill-formed or
//     incomplete sequence; policies (replacement and the like) belong to
//     the codecs that call them.
//   - The assume-valid functions (names ending in Valid) give unspecified
//     output on ill-formed input (garbage, or a conversion stopped
//     early); they never read outside src, write outside dst or panic.
//   - The length functions are counts of bytes or units of given kinds,
//     defined on any input and the same with every kernel: RuneCount
//     counts the bytes that are not continuation bytes (80–BF);
//     UTF16LenFromUTF8 adds one for each byte F0–FF; UTF8LenFromUTF16LE
//     counts 1, 2 or 3 bytes a unit by its value and 2 for each surrogate,
//     paired or not. On ill-formed input they are not the length of a
//     conversion (RuneCount counts a stray continuation byte as nothing,
//     where utf8.RuneCount counts one).
//   - UTF-8 error kinds follow the vocabulary of the conformance data
//     (encoding.Kind); the kind is advisory, the offset and maximal-subpart
//     length are what the standard defines.
package simd
