// Package japanese implements the Japanese encodings of the WHATWG
// Encoding Standard: EUC-JP, ISO-2022-JP and Shift_JIS.
//
// # Standards
//
//   - WHATWG Encoding Standard §12.1 "EUC-JP", §12.2 "ISO-2022-JP",
//     §12.3 "Shift_JIS", with index jis0208, index jis0212 and index
//     iso-2022-jp-katakana as pinned in internal/gen/data (2024-09-18).
//   - JIS X 0208:1997 (with its Annex 1, Shift_JIS), JIS X 0212:1990,
//     JIS X 0201:1997; RFC 1468 (ISO-2022-JP).
//   - ISO/IEC 2022:1994 §15.4 "Designation of other coding systems"
//     (ESC % G / ESC % @), as described in the utf-8(7) manual page.
//
// # Conformance
//
// The codecs are WHATWG's, with one addition: the ISO-2022-JP decoder
// recognises ESC % G … ESC % @ (UTF-8 inside). Deviations of WHATWG's
// tables from the JIS standards (Microsoft's CP932 mappings, the NEC and
// IBM extensions, 5C and 7E as ASCII) are listed on each codec. JIS X 0212
// is decoded in EUC-JP but never encoded.
package japanese
