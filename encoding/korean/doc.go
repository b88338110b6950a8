// Package korean implements EUC-KR as the WHATWG Encoding Standard
// specifies it (which is Windows code page 949, UHC).
//
// # Standards
//
//   - WHATWG Encoding Standard §13.1 "EUC-KR" (decoder §13.1.1, encoder
//     §13.1.2) with index euc-kr as pinned in internal/gen/data (2024-09-18).
//   - KS X 1001:2004 (formerly KS C 5601-1987) and its EUC form (RFC 1557).
//
// # Conformance
//
// The codec is WHATWG's EUC-KR exactly; it therefore reads and writes
// Microsoft's UHC extension, which KS X 1001's EUC form lacks.
// ISO-2022-KR is not implemented as a codec: WHATWG maps its labels to the
// replacement encoding (package replacement), and the registry does too.
package korean
