// Package singlebyte implements the single-byte encodings of ucs: every
// single-byte encoding of the WHATWG Encoding Standard, true ISO-8859-1
// and US-ASCII, x-user-defined, and the IBM/DOS code pages 437, 850, 852,
// 855, 857, 862, 1125 and TIS-620.
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
// ISO8859_1 uses the Latin-1 kernels where they have an AVX-512 form. To measure, with x/text side by
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
//
// # Conformance
//
//   - ISO8859_1 and USASCII are not WHATWG's: WHATWG maps their labels to
//     windows-1252. ucs decodes 80–9F of ISO-8859-1 as C1 controls and
//     rejects 80–FF in US-ASCII (package charset routes the labels).
//   - The IBM pages keep bytes 00–7F as ASCII, as Microsoft's and glibc's
//     tables do; IBM's tables map 1A, 1C and 7F to other controls, and the
//     PC displayed graphic symbols for 01–1F, which ucs does not decode.
//   - TIS620 has no character at A0 (TIS 620 has none); windows-874, which
//     WHATWG reaches by the label tis-620, has NBSP there.
//   - The windows-125x and windows-874 tables are WHATWG's: the bytes that
//     Microsoft's tables leave undefined (81, 8D, 8F, 90, 9D in
//     windows-1252, and so on) decode to the C1 control of the same value
//     and encode back; windows-1255 has U+05BA at CA.
//   - KOI8U is WHATWG's KOI8-U, which adds KOI8-RU's ў and Ў at AE and BE
//     (RFC 2319 has box drawing there). Macintosh has U+2206 INCREMENT at C6
//     and the Apple logo U+F8FF at F0, as Apple's current table.
//   - IBM437 and IBM862 decode E6 as U+03BC GREEK SMALL LETTER MU, as IBM's
//     table does; Microsoft's and glibc's tables have U+00B5 MICRO SIGN, which
//     these codecs therefore cannot encode. CP1125 has ÷ and ± at FA and FB,
//     as IBM's table does (glibc keeps CP866's · and √). IBM852 has
//     AA ↔ U+00AC NOT SIGN, as glibc, CPython and Microsoft have; IBM's
//     ibm-852_P100-1999 table leaves AA empty.
//
// The differential test against glibc's iconv (encoding/internal/iconvtest)
// lists each of these differences.
package singlebyte
