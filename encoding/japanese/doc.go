// Package japanese implements the Japanese encodings of the WHATWG
// Encoding Standard (EUC-JP, ISO-2022-JP and Shift_JIS), those of JIS X
// 0213 (EUC-JIS-2004, Shift_JIS-2004 and ISO-2022-JP-3), and the
// multilingual ISO-2022-JP-2.
//
// # Standards
//
//   - WHATWG Encoding Standard §12.1 "EUC-JP", §12.2 "ISO-2022-JP",
//     §12.3 "Shift_JIS", with index jis0208, index jis0212 and index
//     iso-2022-jp-katakana as pinned in internal/gen/data (2024-09-18).
//   - JIS X 0208:1997 (with its Annex 1, Shift_JIS), JIS X 0212:1990,
//     JIS X 0201:1997; RFC 1468 (ISO-2022-JP).
//   - JIS X 0213:2004 planes 1 and 2, in its EUC form and in the Shift_JIS
//     form of its Annex 1, with the table of glibc 2.36's EUC-JISX0213
//     read from iconv's output (internal/gen/data/glibc-EUC-JISX0213.txt).
//   - RFC 1554 (ISO-2022-JP-2), with the character sets of glibc 2.36's
//     ISO-2022-JP-2 read from iconv's output
//     (internal/gen/data/glibc-ISO-2022-JP-2.txt); JIS X 0213:2004 Annex 2
//     (ISO-2022-JP-3).
//   - ISO/IEC 2022:1994 §15.4 "Designation of other coding systems"
//     (ESC % G / ESC % @), as described in the utf-8(7) manual page.
//
// # Conformance
//
// The WHATWG codecs are WHATWG's, with one addition: the ISO-2022-JP
// decoder recognises ESC % G … ESC % @ (UTF-8 inside). Deviations of
// WHATWG's tables from the JIS standards (Microsoft's CP932 mappings, the
// NEC and IBM extensions, 5C and 7E as ASCII) are listed on each codec.
// JIS X 0212 is decoded in EUC-JP but never encoded.
//
// The JIS X 0213 codecs decode and encode every code as glibc does (a test
// compares every byte sequence up to three bytes and every code point
// with glibc's iconv at test time). Twenty-five codes of JIS X 0213 stand
// for a base character followed by a combining mark: they decode to both
// characters, and the encoders write them for the base followed by its
// mark, holding a base character back until the next character is known,
// as glibc and CPython do. In Shift_JIS-2004, bytes 5C and 7E are U+00A5
// and U+203E (glibc, CPython); U+005C and U+007E encode to them too, as in
// glibc (CPython writes them as the full-width codes 81 5F and 81 B0).
// ISO-2022-JP-2 and ISO-2022-JP-3 follow glibc too, in what they decode
// and in the character sets the encoders choose (tests compare every code
// of every set, every code point, and random texts with language tags,
// with iconv). Where glibc is lenient (unknown escape sequences, SO and
// SI, C1 controls after ESC N) they report errors; after a character of
// JIS X 0212, glibc writes "~" as the code of U+FF5E, ucs as ASCII. Both
// codecs are listed with their differences on ISO2022JP2 and ISO2022JP3.
//
// ICU and .NET have neither JIS X 0213 codec; Java's x-SJIS_0213 is Shift_JIS-2004
// and is accepted as its label.
package japanese
