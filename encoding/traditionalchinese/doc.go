// Package traditionalchinese implements Big5 as the WHATWG Encoding
// Standard specifies it.
//
// # Standards
//
//   - WHATWG Encoding Standard §11.1 "Big5" (decoder §11.1.1, encoder
//     §11.1.2) with index big5 as pinned in internal/gen/data (2024-09-18).
//   - Big5 (Institute for Information Industry, 1984) with the ETEN
//     extensions and HKSCS-2008, as merged into that index.
//
// # Conformance
//
// The codec is WHATWG's Big5 exactly. Deviations from other Big5 tables
// are listed on Big5. Microsoft's code page 950 differs from it (CP950
// maps F9 D6–F9 FE and the user-defined areas differently); ucs does not
// offer a separate CP950 table, and the registry maps the name cp950 to
// Big5 as browsers do.
package traditionalchinese
