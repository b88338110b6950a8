// Package singlebyte implements the single-byte encodings of ucs: every
// single-byte encoding of the WHATWG Encoding Standard, true ISO-8859-1
// and US-ASCII, x-user-defined, the IBM/DOS code pages 437, 737, 775, 850,
// 852, 855, 857, 858, 860, 861, 862, 863, 864, 865, 869 and 1125, the
// EBCDIC code pages 37, 273, 277, 278, 280, 284, 285, 297, 424, 500, 870,
// 871, 875, 1026, 1047 and 1140–1149 (each also in a swaplfnl form), the
// Mac OS Central European, Croatian, Greek, Icelandic, Romanian and
// Turkish pages, KOI8-T, KZ-1048, PTCP154, ARMSCII-8, Georgian-PS, VISCII,
// TCVN 5712 and TIS-620.
//
// # EBCDIC newlines
//
// In every EBCDIC table (IBM's, glibc's, ICU's, Java's, Python's) byte 25
// is LF and byte 15 is U+0085 NEL, so a file whose lines end in 15 (z/OS
// Unix System Services text, the usual case for IBM1047) decodes to one
// line with NEL characters in it. The codecs follow the tables; SwapLFNL
// gives each EBCDIC codec's variant with 15 and 25 exchanged (ICU's
// ",swaplfnl" converters; names ending in -swaplfnl), which turns such a
// file into lines and writes LF as 15. Choose the variant by where the
// data comes from: 15 for z/OS Unix files, 25 for record-oriented data
// sets converted by IBM's tools.
//
// Each codec is an *encoding.Codec (x/text's encoding.Encoding). Bytes
// 00–7F are ASCII in all of them. Decoding a byte that the table leaves
// empty, or encoding a character it lacks, is an error under the default
// Fail policy and handled by the chosen policy otherwise.
//
// # Speed
//
// The codecs convert through the table kernels of internal/simd (an
// AVX-512 VBMI/VBMI2 kernel on CPUs that have it, an AVX2 kernel on
// others, a word-at-a-time scalar core elsewhere and under the purego
// build tag; UCS_SIMD=avx512|avx2|scalar pins one). Decoding looks every byte up in three 128-byte tables of
// UTF-8 bytes with VPERMI2B and packs the result with VPCOMPRESSB;
// encoding looks up ASCII, two-byte characters and (AVX-512 only) the
// three-byte characters of one lead, from the four blocks of 64 code
// points that hold most of the page, and leaves other characters to the
// scalar core.
// ISO8859_1 uses the Latin-1 kernels where they have an AVX-512 form.
// The pages whose bytes 00–7F are not ASCII (EBCDIC, IBM864) go through
// the same kernels by way of a permutation: each byte becomes the byte of
// an ASCII-based page with the same characters, and the encoder maps the
// kernels' output back (simd.Permute: VPERMI2B in the avx512 kernel,
// VPSHUFB over sixteen table slices in the avx2 kernel, a Go loop
// otherwise). On avx512 IBM037 decodes French text at about 9 GB/s and
// encodes it at about 7 (windows-1252: 14 and 8); on avx2 at about 3.5
// and 3.2. VISCII and TCVN 5712 have more characters outside
// ASCII (134 and 140) than the kernels' 128 table entries and convert
// through 256-entry tables in Go. To measure, with x/text side by
// side and with throughput by CPU time (cpu-MB/s) as well as by the
// clock:
//
//	go test -run '^$' -bench . ./encoding/singlebyte
//
// # Standards
//
//   - WHATWG Encoding Standard §9 "Legacy single-byte encodings" (the
//     single-byte decoder §9.1 and encoder §9.2) with the indexes pinned in
//     internal/gen/data (dated 2024-09-18), and §14.5 "x-user-defined".
//   - ISO/IEC 8859-1:1998 together with ISO/IEC 6429's C1 set for bytes
//     80–9F (ISO8859_1); ANSI X3.4-1968 / ISO 646 IRV (USASCII).
//   - IBM code pages 437, 850, 852, 855, 857, 862 and 1125 as IBM's
//     ibm-NNN tables in ICU's data repository; TIS 620-2533 as glibc's
//     TIS-620 table.
//   - The EBCDIC pages, IBM737, 775, 858, 860, 861, 863, 864, 865 and
//     869, Mac Central European and Icelandic, KOI8-T, KZ-1048 (glibc's
//     RK1048), PTCP154, ARMSCII-8, Georgian-PS, VISCII (RFC 1456) and
//     TCVN 5712:1993 as glibc 2.36's iconv decodes each byte; Mac
//     Croatian, Greek, Romanian and Turkish, which glibc lacks, as
//     CPython 3.11's codecs do (Apple's tables). internal/gen/sbdump
//     wrote the pinned files from the references' output.
//
// # Conformance
//
//   - ISO8859_1 and USASCII are not WHATWG's: WHATWG maps their labels to
//     windows-1252. ucs decodes 80–9F of ISO-8859-1 as C1 controls and
//     rejects 80–FF in US-ASCII (package charset routes the labels).
//
//   - The IBM pages keep bytes 00–7F as ASCII, as Microsoft's and glibc's
//     tables do; IBM's tables map 1A, 1C and 7F to other controls, and the
//     PC displayed graphic symbols for 01–1F, which ucs does not decode.
//
//   - TIS620 has no character at A0 (TIS 620 has none); windows-874, which
//     WHATWG reaches by the label tis-620, has NBSP there.
//
//   - The windows-125x and windows-874 tables are WHATWG's: the bytes that
//     Microsoft's tables leave undefined (81, 8D, 8F, 90, 9D in
//     windows-1252, and so on) decode to the C1 control of the same value
//     and encode back; windows-1255 has U+05BA at CA.
//
//   - KOI8U is WHATWG's KOI8-U, which adds KOI8-RU's ў and Ў at AE and BE
//     (RFC 2319 has box drawing there). Macintosh has U+2206 INCREMENT at C6
//     and the Apple logo U+F8FF at F0, as Apple's current table.
//
//   - IBM437 and IBM862 decode E6 as U+03BC GREEK SMALL LETTER MU, as IBM's
//     table does; Microsoft's and glibc's tables have U+00B5 MICRO SIGN, which
//     these codecs therefore cannot encode. CP1125 has ÷ and ± at FA and FB,
//     as IBM's table does (glibc keeps CP866's · and √). IBM852 has
//     AA ↔ U+00AC NOT SIGN, as glibc, CPython and Microsoft have; IBM's
//     ibm-852_P100-1999 table leaves AA empty.
//
//   - Where glibc and ICU (and CPython) disagree on a page, ucs follows
//     glibc, the reference on every Linux machine and the one the
//     differential test runs: EBCDIC 278 has É at 71 and \ at E0 (ICU
//     the reverse); 285 has U+203E at A1 (ICU U+00AF); 424 has U+21D4 at
//     78, · at B3, ¯ at BC and no character at 8F (ICU and CPython:
//     U+2017, U+2022, U+203E, ±); 870 has · at B0 (ICU U+02D9); 871
//     has þ at 4A and Þ at C0 (ICU the reverse); 875 has U+2207 at 74,
//     · at DD and no character at 6A (ICU and CPython: NBSP, U+0387, |);
//     1026 has ª at 9A, ˛ at 9D and — at BC (ICU ₺, ¸, ¯). DOS 860, 861,
//     863 and 865 have U+00B5 MICRO SIGN at E6 (as Microsoft and CPython;
//     ICU U+03BC, which IBM437 and IBM862 keep from IBM's table); 864 has
//     U+FEC1, U+FEC5 and U+0651 at D7, D8 and F1 and no character at 9F
//     (ICU U+FEC3, U+FEC7, U+FE7C, ZWSP); 869 has · and ΄ at 88 and EF
//     (ICU U+0387 and ´). ICU's DOS tables also permute 1A, 1C and 7F;
//     glibc's, like ucs, keep them ASCII.
//
//   - ARMSCII-8 decodes A4, A5, A9, AB and AC to ASCII ) ( . , - as
//     glibc does; those characters encode to their ASCII bytes.
//
//   - TCVN5712 is a table of single bytes: it neither composes a letter
//     and a following tone mark (B0–B4) on decoding, as glibc does, nor
//     decomposes precomposed letters the table lacks on encoding.
//
// The differential test against glibc's iconv (encoding/internal/iconvtest)
// lists each of these differences.
package singlebyte
