// Package detect guesses the character encoding of bytes that carry no
// label: it returns ranked candidates, each with the encoding, a
// confidence in [0, 1], the language the text looks like (a BCP 47 tag)
// and whether a byte-order mark was seen.
//
// The evidence is weighed in this order:
//
//  1. A byte-order mark (UTF-8 EF BB BF; UTF-32 FF FE 00 00 and 00 00 FE
//     FF; UTF-16 FF FE and FE FF), when the encoding it names decodes the
//     first KiB after it (cut at a character boundary; all of it when the
//     input is shorter). The mark settles the encoding, so the answer
//     costs the same on any input: only those bytes are judged, and
//     Result.Judged and Detector.Examined say so, keeping the rule that an
//     answer decodes what was examined. A malformed sequence further on is
//     left to the decoder, which reports it where it is. The answer names
//     no language: guessing one would cost ten times the check.
//  2. Structurally valid UTF-8 (RFC 3629 §3 and §4: shortest forms, no
//     surrogates, nothing above U+10FFFF) that contains non-ASCII
//     characters, checked by the SIMD validator. Pure ASCII is reported as
//     "us-ascii", which every ASCII-compatible encoding, UTF-8 included,
//     decodes alike; only when every examined byte is ASCII, and with
//     confidence 1 only when the examined bytes are the whole input. UTF-8
//     with a few malformed sequences (at least 4 well-formed multi-byte
//     characters per malformed one) is reported as UTF-8 with the
//     malformed sequences counted (Candidate.Invalid) and the first
//     located (Candidate.FirstInvalid), at confidence 0.6 to 0.8, ahead of
//     the legacy readings: a strict decoder then stops at the damage
//     instead of the text being read as a legacy code page.
//  3. UTF-32 and UTF-16 without a byte-order mark (RFC 2781 §4.3 leaves
//     the guess to heuristics): every unit valid, surrogates paired
//     (RFC 2781 §2.2), the characters ordinary text characters of one
//     writing system, zero bytes where text near ASCII puts them.
//  4. EBCDIC, by its structure: no byte below 40 but the tab and line
//     breaks (05, 0C, 0D, 15, 25), which no ASCII-compatible text with a
//     space, a digit or punctuation passes; the space 40, the tab or a
//     line end (15, 25) at least once in 16 bytes; and, for the letters
//     of some EBCDIC page (the invariant set 81–A9 and C1–E9 with the
//     national letters, or the Greek of IBM875, or the Hebrew of IBM424),
//     at least one byte in 8 a letter and at least half of the bytes that
//     are not the space, a digit or a line break, so that listings of
//     figures pass. Input of 6 to 63 bytes that fails this (a label, a
//     word, a CSV header without spaces) passes a stricter test: every
//     byte a letter of some page, a digit or shared punctuation, at least
//     four lowercase letters of the invariant set, and each word in one
//     case or capitalised; its answer stays below confidence 0.85. Every
//     EBCDIC page of the registry (Family "ebcdic") that decodes the
//     input is a candidate; pages that decode the bytes present alike are
//     one answer, named by the most common (IBM037, IBM1047, IBM500,
//     IBM1140, then the others by number so that a national page comes
//     before its euro form, and the swaplfnl forms last). Distinct
//     readings are ranked by the cost of their first 2 KiB of text (runs
//     of spaces read as one) under the model that best explains the most
//     common page's reading, a national page's reading also under the
//     models of the languages it serves (IBM273 German, IBM277 Danish and
//     Norwegian, ...; another language pays a toll), with a charge for
//     each symbol beside a letter that text seldom has there (a bracket
//     or bar where another page has a national letter); a Greek or Hebrew
//     page reads only text of which a quarter of the letters are its own,
//     and a reading that costs more than random bytes read as text is no
//     candidate. The confidence is each reading's share of
//     exp(−cost/128) (1/8-nat units), so that it shows the margin between
//     readings that differ (ebcdic.go).
//  5. The 7-bit encodings, by their escapes, when the text decodes: ISO
//     2022 designations (RFC 1468 ISO-2022-JP, RFC 1557 ISO-2022-KR,
//     RFC 1922 ISO-2022-CN written with GB 2312), the shifts of HZ
//     (RFC 1843), and the base64 runs of UTF-7 (RFC 2152) that the strict
//     decoder accepts and that decode to ordinary characters, some not
//     ASCII. A stateful charset of the registry that extends one of these
//     (Charset.Extends: ISO-2022-JP-2 and -3 of ISO-2022-JP) is answered
//     only when the one it extends does not decode the input.
//  6. Legacy code pages by statistics: every single-byte and multi-byte
//     encoding that decodes the input is read as text and scored by
//     language models trained on running text (a case-folded character
//     bigram model per alphabetic language, extended to trigrams for Thai,
//     which is written without spaces between words; a character unigram
//     model for Chinese, Japanese and Korean, whose characters unseen in
//     training share the unseen mass by class, the standard's block of
//     frequently used characters taking the share of the characters seen
//     once that lie in it (Good-Turing)); the cost of the best language,
//     plus the encoding's prior, ranks the encodings. The prior is the log
//     of the encoding's share of the web pages of the Common Crawl crawl
//     CC-MAIN-2024-42 (cc-crawl-statistics, plots/charsets.csv), tempered
//     to a quarter of its strength (codecs.go says why). ASCII text is
//     charged to each Latin-script language by its own model, to other
//     languages at the rate of the best Latin model plus a small toll per
//     letter (markup and names in Latin letters are common everywhere); the
//     languages tried for each encoding are those whose unigram costs of
//     the non-ASCII bytes and bigram costs of the ASCII text are lowest. A
//     European letter that no model knows is read as its base letter, so
//     that languages without a model (Esperanto) are not forced into a code
//     page whose letters some model knows. Frequent non-ASCII punctuation
//     (quotation marks, dashes) has symbols of its own. Vietnamese is also
//     learnt in the form windows-1258 writes it, most tone marks as
//     combining characters, and a code page covers a letter it can write
//     as a letter it has and combining marks it has (canonical
//     equivalence, Unicode §3.7). UTF-16 without a byte-order mark, when
//     plausible, is weighed against these readings with the prior of an
//     encoding the crawl does not list. The candidates come from the
//     charset registry by their traits, not by name: every
//     ASCII-compatible charset of charset.SingleByte structure, and every
//     charset.MultiByte one whose Language has a model; a charset added
//     to the registry with these traits is a candidate. A multi-byte
//     charset that extends another (Charset.Extends: Big5-HKSCS of Big5,
//     EUC-JIS-2004 of EUC-JP, GB 18030 and EUC-CN of GBK) is scored only
//     when no charset it extends decodes the input: ordinary text cannot
//     tell the two apart, so the common charset answers, and the variant
//     is neither scored twice nor preferred. A variant the crawl counts
//     pages of its own for (GB 18030) is listed beside the common one
//     with that reading's cost and its own prior, once it decodes the
//     input; the others are left out.
//  7. The UTF-8 shape of the input, when every non-ASCII byte is a lead
//     C0–DF followed by a trail 80–BF and some lead is C0 or C1, so that
//     the input would be UTF-8 but for overlong sequences (RFC 3629 §3):
//     the bytes of GB 2312 text read as UTF-8 by mistake (联通, C1 AA CD A8,
//     is the well-known case). Each reading is charged, per unit of two
//     bytes, minus the log of the probability that text in its encoding
//     and language has a unit of that kind (lead C0–C1, or C2–DF) where it
//     has a non-ASCII character: estimated from the training text through
//     the reading's own tables (for Chinese in GBK about 15% and 1.5% of
//     the non-ASCII characters, for Japanese in EUC-JP 4.5% and 1.2%, for
//     Korean in EUC-KR 4% and 6.6%, for Chinese in Big5 1% and 0.4%).
//     The shape is counted beside the characters, which already account
//     for it once: the character models are trained on running text and
//     judge a few characters that need not be running text (names, lists,
//     made-up strings) poorly, while the frequency of a shape is estimated
//     from every character of the training text. On 2,000 random strings
//     of two to four GB 2312 characters of that shape, GBK was chosen for
//     87% of them with the term and 78% without; on UTF-8-shaped strings
//     cut from text held out of training (Chinese in GBK and Big5,
//     Japanese in EUC-JP, Korean in EUC-KR, Thai in windows-874) it
//     changed the answer for a few samples either way, 263 of 307 right
//     with it and 264 without (heldout_test.go).
//
// Confidences come from the cost differences between candidates, flattened
// by a temperature (a higher one for inputs shorter than 8 bytes, whose
// evidence is a few characters); when even the best reading is
// implausible as text (binary data), every confidence is lowered (the
// UTF-8 shape does not count towards that judgement). On an input shorter
// than 16 bytes no statistical answer goes above 0.85: a word or two reads
// as text under several pages. A single-byte reading's
// language is reported only when it leads the next language by 2 nats;
// on very short inputs it is often left out.
//
// # The pipeline
//
// Bytes pass the stages in one direction, each in its own file:
// stream.go keeps the state of a streaming input (the head, the ASCII
// skipped, the window after it) and hands the examined bytes to detectIn
// (detect.go), which runs quickStage (structure.go: empty input,
// byte-order mark, valid UTF-8), gather (evidence.go: the histogram, the
// UTF-8 census, the statistics sample), structureStage (structure.go,
// with utf.go and sevenbit.go: ASCII and the 7-bit encodings, UTF-32 and
// UTF-16 without a mark), statisticalStage (legacy.go: the single-byte
// readings in single.go, the multi-byte ones in multi.go, UTF-16 weighed
// beside them), and calibrated (rank.go: confidences, ranking, mostly-UTF-8
// input).
//
// # Whole inputs and prefixes
//
// Detect takes b as the whole input: a character cut by its end is
// malformed. DetectPrefix takes b as the start of a longer input, and a
// Detector takes the input in pieces, told with the last one that it ends
// the input (as chardetng's feed(buffer, last)); until then a character
// cut by the end is not an error. DetectReader and DetectStream use a
// Detector. When the first 64 KiB are ASCII, a Detector skips ASCII (the
// SIMD ASCII scan) for up to 8 MiB and examines the 64 KiB from the line
// of the first non-ASCII byte or escape; DetectReader also probes 16
// windows spread over the rest of a seekable input. Statistics look at
// 16 KiB: the start, or, after a long ASCII start, the text from the line
// of the first non-ASCII byte.
//
// A candidate whose decoder fails on the examined bytes is never returned,
// but for UTF-8 with Invalid > 0.
// Candidates that decode the input to the same text (windows-1252 and
// ISO-8859-1 without bytes 80–9F, GBK and GB18030 without four-byte
// sequences) share their confidence.
//
// # Reliability
//
// Measured on an evaluation set that neither the training text nor the
// tuning looked at (scripts/detect-eval.sh builds it: the translations of
// the gettext catalogs of Debian packages, in 35 languages, put into web
// pages with scripts, JSON, CSV, SRT subtitles, e-mail with headers, C
// source with comments, single sentences and logs whose first 64 KiB are
// ASCII, encoded as each language is in the wild, plus the first 32, 128
// and 512 bytes of each; the catalogs of half of the text domains, the
// "test" split, 2,402 samples). The share of right answers per confidence
// of the best candidate (an answer is right when it decodes the sample to
// the same text as its label):
//
//	confidence     answers  right
//	[0.00, 0.50)         8  62.5%
//	[0.50, 0.70)        15  73.3%
//	[0.70, 0.90)        40  72.5%
//	[0.90, 0.99)       668  99.6%
//	[0.99, 1.00]      1671  100.0%
//
// Overall 99.1% right (2,381 of 2,402); 97.4% of the answers have a
// confidence of 0.9 or more, and 99.9% of those are right (3 wrong of
// 2,339). No answer fails to decode its sample. On the labeled corpus of
// other detectors' test files (chardet, uchardet, charset_normalizer)
// 99.5% of 1,821 samples are right.
//
// EBCDIC is measured apart, on a set made the same way from the same
// catalogs and split the same way (detect-eval.sh builds it with evalgen
// -part ebcdic): the text of 21 languages in the pages that serve them
// (IBM037, 1140, 1047, 500, 1148, 285, 1146, 273, 1141, 277, 1142, 278,
// 1143, 280, 1144, 284, 1145, 297, 1147, 871, 1149, 1026, 870, 875, 424
// and swaplfnl forms), as 80-byte records, lines, message files,
// listings with figures, single sentences and single labels, plus the
// first 32, 128 and 512 bytes of each; the "test" split, 1,300 samples.
// Answers naming an EBCDIC page, per confidence:
//
//	confidence     answers  right
//	[0.00, 0.50)       242  64.0%
//	[0.50, 0.70)       149  89.9%
//	[0.70, 0.90)       259  97.7%
//	[0.90, 0.99)       158  98.7%
//	[0.99, 1.00]       444  100.0%
//
// 1,252 of the 1,300 samples are answered EBCDIC, 91.2% of them right
// (a page that decodes the sample as its label does is right); 48% of
// them reach 0.9, and 99.7% of those are right (2 wrong of 602: Swedish
// 80-byte records in IBM278 read as IBM277, at 0.90 and 0.93). Below 0.5
// the confidence is too modest: it is a share among many readings. Of
// all 610 answers at 0.9 or more on the set, 98.4% are right: the other
// wrong ones are single Greek and Hebrew labels and 32-byte Greek report
// headers whose bytes are all below 80, answered us-ascii (see
// Conformance), and one Icelandic listing read as GBK. Of the samples
// not answered EBCDIC, most are single labels too short for the tests
// above, which the statistics then read as a DOS or CJK page below 0.9.
// No sample of the labeled corpus or of the default set is answered
// EBCDIC.
//
// The models are generated by internal/gen/detectmodel from the training
// text in ../shared/corpus/train (see its PROVENANCE.md) and committed as
// model.bin; run go generate in this folder to rebuild them.
//
// # First use
//
// The first detection in a process loads the models (about 3 ms of
// processor time on an AMD EPYC). An empty input, ASCII and a byte-order
// mark need nothing more; valid UTF-8 builds the tables of the language
// models of its writing system (about 2 ms for the 42 Latin-script ones).
// The first input that gets to the
// statistics also builds the tables of every single-byte code page under
// every language it can write (about 20 ms), and a multi-byte encoding's
// tables are built at the first input its decoder accepts (a few ms each;
// after its decoder has refused 16 inputs they are built anyway, since
// walking them is cheaper than the decoder). A command run once per file
// pays this every time; a process that detects many inputs pays it once.
//
// # Conformance
//
//   - The DOS code pages IBM437, IBM850, IBM857, IBM862 and CP1125 are
//     candidates with a prior below the crawl's floor (codecs.go,
//     pagesDOS), so that Western text in a Windows page is not read as DOS.
//   - Every legacy candidate is validated by the strict decoder of its
//     charset in the registry; an encoding the registry lacks is not
//     detected (today: x-mac-ce, Johab, EUC-TW), except ISO-2022-KR,
//     ISO-2022-CN and HZ, which WHATWG maps to its replacement encoding:
//     their structure (RFC 1557 §2, RFC 1922, RFC 1843) is checked here,
//     the characters between the shifts against the tables of EUC-KR and
//     GBK, and they are reported with a nil Charset. ISO-2022-CN text
//     that designates CNS 11643 is not detected: ucs has no table to check
//     it with.
//     Each is looked up by its usual labels (codecs.go), so that a codec
//     registered later is used without change here. ISO-8859-9 and
//     TIS-620 text is reported under the registry's windows-1254 and
//     windows-874, WHATWG's supersets, which decode it alike.
//   - The UTF encodings are recognised by the checks of this package;
//     their Charset is the registry's when it has one, else nil.
//   - Statistics look at 16 KiB: the lines that hold non-ASCII bytes
//     (when they are not most of the text: lines of ASCII alone, such as
//     markup, code and headers, say nothing about the encoding, and their
//     language, often English, is not the text's), from the start or from
//     the line of the first non-ASCII byte after a long ASCII start.
//     Validity is checked on the whole input, and a byte beyond the
//     examined text that a single-byte reading decodes as a control
//     character still counts against it. DetectReader's candidates are
//     valid for the bytes it examined (a character cut by their end is
//     allowed).
//   - Thai is the only language with a trigram model, and a step between
//     two ASCII characters is scored by the bigram model alone, in every
//     reading (so that the ASCII text is counted once for all readings).
//   - CESU-8 and the ISO 2022 variants other than those above are not
//     detected. EBCDIC text whose bytes are all below 80 (Hebrew in
//     IBM424 or capital Greek in IBM875 without digits) is read as EBCDIC
//     only when it has no byte 20, passes the structural test and its
//     reading is as plain text as a short label's must be (below 64 bytes
//     the answer stays below 0.85, since it is ASCII too); a single word
//     of it, or a reading that is not plain enough, is taken for ASCII.
package detect
