// Package fix repairs mojibake: text that was decoded with the wrong
// encoding, perhaps more than once, and saved. It finds the most probable
// chain of wrong decodings and inverts it with ucs's strict codecs:
//
//   - UTF-8 read as a single-byte page (windows-125x, ISO-8859-x, Mac, DOS,
//     KOI8), whole or in part (a string where only some sequences are
//     broken), with the lenient handling of bytes 80–9F that browsers and
//     ISO-8859-1 decoders apply (C1 controls stand for their bytes) and a
//     lost A0 byte that became a space ("Ã " for à);
//   - UTF-8 read as GBK, GB18030, Shift_JIS, EUC-JP, EUC-KR or Big5;
//   - windows-1252 read as ISO-8859-1 (lone C1 controls);
//   - legacy text read as another legacy page (KOI8-R as windows-1251,
//     windows-1251 as windows-1252 …), judged by package detect's language
//     models;
//   - two or more of these in a row.
//
// A reading is kept only when it is more plausible than the text as it
// stands: every candidate is charged the cost of its characters in running
// text (C1 controls, Latin-1 symbols next to letters, IPA, rare letters,
// CJK outside the first levels of the national standards, letters of two
// scripts in one word cost more) plus a toll for the wrong decoding it
// assumes, larger for pages rarer on the web. Correct text (Portuguese
// IRMÃ, Romanian Â, Turkish İ, Vietnamese, math, box drawing, emoji, NFD
// names) is returned unchanged.
//
// Mojibake that lost bytes (U+FFFD, '?' where a decoder dropped a byte,
// 锟斤拷) cannot be inverted; it is left alone and the Explanation says why.
// Only encodings are repaired: no quote straightening, normalization or
// HTML unescaping.
package fix
