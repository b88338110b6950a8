// Package traditionalchinese implements Big5 as the WHATWG Encoding
// Standard specifies it, Microsoft's code page 950, Big5-HKSCS (HKSCS-2008
// both ways), EUC-TW, and the 7-bit
// ISO-2022-CN and ISO-2022-CN-EXT of RFC 1922, which mix GB 2312 with CNS
// 11643 and so live beside CNS 11643's table.
//
// # Standards
//
//   - WHATWG Encoding Standard §11.1 "Big5" (decoder §11.1.1, encoder
//     §11.1.2) with index big5 as pinned in internal/gen/data (2024-09-18).
//   - Big5 (Institute for Information Industry, 1984) with the ETEN
//     extensions and HKSCS-2008, as merged into that index.
//   - Microsoft Windows code page 950, as ICU's windows-950-2000.ucm
//     records it (pinned in internal/gen/data).
//   - CNS 11643-1992 in its EUC form (EUC-TW), planes 1–7 and 15 as
//     glibc 2.36's EUC-TW maps them (read from iconv's output, pinned in
//     internal/gen/data).
//   - Big5-HKSCS (Hong Kong Supplementary Character Set, HKSCS-2008) as
//     glibc 2.36's BIG5-HKSCS maps it (read from iconv's output, pinned
//     in internal/gen/data).
//   - RFC 1922 "Chinese Character Encoding for Internet Messages"
//     (ISO-2022-CN, ISO-2022-CN-EXT), with GB 2312 as GB2312 of package
//     simplifiedchinese reads it, CNS 11643 as EUC-TW's table, and
//     ISO-IR-165 as glibc 2.36's ISO-2022-CN-EXT reads it (pinned in
//     internal/gen/data).
//
// # Conformance
//
// Big5 is WHATWG's Big5 exactly; deviations from other Big5 tables are
// listed on it. CP950 is Microsoft's table without its best-fit
// fallbacks; where it differs from Big5 (the user-defined areas, F9 D6–F9
// FE, 80 and FF, the HKSCS codes) is listed on CP950. Browsers read text
// labelled cp950 as Big5; the registry gives the label to CP950. EUCTW
// is glibc's EUC-TW, and Big5HKSCS glibc's BIG5-HKSCS, code for code, both ways (see EUCTW). ISO2022CN and
// ISO2022CNEXT choose sets and designations as glibc does, with glibc's
// ISO-IR-165; where glibc's output is wrong, ucs differs, as listed on
// each.
package traditionalchinese
