// Package width measures text in the columns of a monospace terminal and
// cuts it to a number of columns without splitting a character.
//
// The unit of measure is the extended grapheme cluster: what a reader sees
// as one character (a letter with its combining marks, an emoji sequence
// joined by ZERO WIDTH JOINER, a flag made of two regional indicators).
// Each cluster takes 0, 1 or 2 columns:
//
//   - East Asian Wide (W) and Fullwidth (F) characters take 2 columns
//     (UAX #11, Unicode Standard Annex #11 "East Asian Width", §4 and §5).
//   - East Asian Ambiguous (A) characters take 1 column, or 2 with
//     Options.AmbiguousWide, as terminals configured for CJK text show
//     them (UAX #11 §5, recommendation 3).
//   - Emoji with default emoji presentation, and text-default emoji
//     followed by VARIATION SELECTOR-16, take 2 columns (UTS #51, Unicode
//     Technical Standard #51 "Unicode Emoji", §4 "Presentation Style");
//     a pair of regional indicators (a flag) takes 2.
//   - Combining marks, ZERO WIDTH JOINER and the other characters of the
//     grapheme Extend class join the cluster before them and add nothing;
//     control and format characters (Cc, Cf, such as ZERO WIDTH SPACE and
//     the byte order mark) take 0 columns.
//   - Everything else takes 1 column.
//
// Clusters follow UAX #29 (Unicode Standard Annex #29 "Unicode Text
// Segmentation", §3 "Grapheme Cluster Boundaries", extended clusters).
// Segmentation and the East Asian Width and Emoji Presentation data come
// from github.com/rivo/uniseg (Unicode 15.0.0 data); the Ambiguous
// property from golang.org/x/text/width. This package is a small,
// allocation-free API over them. Runs of characters that no rule of UAX #29
// can join and whose width is fixed (printable ASCII, CJK ideographs,
// kana, Hangul syllables, fullwidth forms) are measured without the
// library; a fuzz test checks that the clusters and widths stay the
// library's.
//
// # Conformance
//
//   - UAX #11 gives no widths, only properties; the column counts above
//     are the common terminal convention (as in wcwidth implementations),
//     not a requirement of the standard.
//   - A cluster's width is that of its first character, except for the
//     emoji rules above: a base letter with a wide combining sequence is
//     still as wide as the base.
//   - Control characters, TAB included, count 0 columns: how a terminal
//     moves on a TAB or a CR depends on where the cursor is.
//   - U+2E3A TWO-EM DASH and U+2E3B THREE-EM DASH take 3 and 4 columns,
//     as the library gives them.
//   - Text that is not valid UTF-8: each invalid byte is one cluster of
//     width 1 (as a terminal shows U+FFFD).
package width
