// Package fix repairs mojibake: text that was decoded with the wrong
// encoding, perhaps more than once, and saved. It finds the most probable
// chain of wrong decodings and inverts it with ucs's strict codecs:
//
//   - UTF-8 read as a single-byte page (windows-125x, ISO-8859-x, Mac, DOS,
//     KOI8, and the national pages of the registry such as ARMSCII-8 or
//     VISCII; the rarer a page on the web, the clearer its reading must
//     be), whole or in part (a string where only some sequences are
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
// names) is returned unchanged, and so is text that shows mojibake on
// purpose beside what it stands for (a word whose repair is a word the
// text also holds as it is: "it showed CafÃ© instead of Café").
//
// Mojibake that lost bytes (U+FFFD, '?' where a decoder dropped a byte,
// 锟斤拷) cannot be inverted; it is left alone and the Explanation says why.
// Only encodings are repaired: no quote straightening, normalization or
// HTML unescaping.
//
// # Deviations and limits
//
//   - Invalid UTF-8 input is returned unchanged: the package repairs text,
//     not bytes (ucs fix decodes its input strictly first).
//   - At most Options.MaxLayers wrong decodings are undone per string (4 by
//     default); text that needs more is left unchanged, so that every
//     result is a fixed point (String of it changes nothing).
//   - A lost A0 byte that became a space ("Ã " for à) is undone; whether a
//     space followed is a guess: it is kept, except before the Portuguese
//     words that à joins (às, àquele …). Such a space counts only beside
//     sequences whose bytes are all there, or when it explains every
//     non-ASCII character of the text ("Ã is a letter, and so are Â and
//     Ð." is left alone; "Ã la maison" becomes "à la maison").
//   - Legacy text read as another legacy page is repaired only when the
//     detector is at least 0.9 more confident in the new reading than in
//     the text as it stands, and only between the pages that text is met
//     in (windows-125x, ISO-8859-x but 3, 10, 14 and 16, KOI8, IBM866 and
//     the CJK pages; the text must have been read as one of the same
//     single-byte pages).
//   - Ambiguous readings that differ in a letter or two (UTF-8 read as
//     windows-1250 or as ISO-8859-2, say) are decided by the commoner
//     page, not by language statistics.
package fix
