// Package korean implements EUC-KR as the WHATWG Encoding Standard
// specifies it (which is Windows code page 949, UHC), ISO-2022-KR and
// Johab.
//
// # Standards
//
//   - WHATWG Encoding Standard §13.1 "EUC-KR" (decoder §13.1.1, encoder
//     §13.1.2) with index euc-kr as pinned in internal/gen/data (2024-09-18).
//   - KS X 1001:2004 (formerly KS C 5601-1987) and its EUC form (RFC 1557).
//   - RFC 1557 "Korean Character Encoding for Internet Messages"
//     (ISO2022KR), with KS X 1001 from index euc-kr (A1–FE A1–FE).
//   - KS X 1001:1992 annex 3, the combinatorial code Johab (Johab), with
//     the two-byte table of glibc's JOHAB as pinned in internal/gen/data
//     (read from iconv's output by internal/gen/sbdump).
//
// # Conformance
//
// The codec is WHATWG's EUC-KR exactly; it therefore reads and writes
// Microsoft's UHC extension, which KS X 1001's EUC form lacks.
// ISO2022KR is not WHATWG's: WHATWG maps the ISO-2022-KR labels to its
// replacement encoding, which decodes any input to one U+FFFD; ucs
// decodes and encodes it (package charset routes the labels). Its
// KS X 1001 is index euc-kr's A1–FE A1–FE, which has € and ® (KS X
// 1001:1998) but not ㉾ (A2 E8, KS X 1001:2002), which glibc has.
package korean
