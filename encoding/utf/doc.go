// Package utf implements the UCS transformation formats as ucs codecs:
// values that satisfy golang.org/x/text/encoding.Encoding, whose decoders
// and encoders are transform.Transformers that accept any split of their
// input and any destination size.
//
// Strict by default: every decoder stops at the first malformed sequence
// and returns an *encoding.Error with its byte offset (counted from the
// start of the stream), length and kind; every encoder stops at the first
// character it cannot encode. golang.org/x/text's codecs silently replace
// bad input with U+FFFD instead. Use Codec.With or Codec.WithPolicy for the
// Replace, Skip and Escape policies. The one exception is the
// Append…FromValid… functions (AppendUTF16FromValidUTF8 and its kin),
// which skip the checks for text the caller has already validated: on
// other input their output is unspecified, though still bounded and safe.
//
// # Standards
//
//   - UTF8: RFC 3629 (§3 the encoding, §4 the syntax, §10 security), Unicode
//     ch. 3 Table 3-7. Replacement follows Unicode §3.9 "U+FFFD substitution
//     of maximal subparts", which the WHATWG Encoding Standard also uses.
//   - UTF8RFC2279: RFC 2044 and RFC 2279 (31-bit, 1 to 6 bytes).
//   - UTF16LE, UTF16BE, UTF16BOM: RFC 2781 (§3.3: no BOM means big-endian).
//   - UCS2LE, UCS2BE, UCS4LE, UCS4BE: ISO/IEC 10646's two- and four-octet forms.
//   - UTF32LE, UTF32BE, UTF32BOM: Unicode ch. 3 D90–D92.
//   - UTF7: RFC 2152.
//   - CESU8: Unicode Technical Report #26. ModifiedUTF8: Java's
//     java.io.DataInput "modified UTF-8".
//   - SniffBOM: RFC 3629 §6, Unicode ch. 23.8.
//
// # The pivot
//
// Every ucs codec converts between its encoding and UTF-8. Values above
// U+10FFFF and surrogate values, which only UCS-4 and the RFC 2279 form can
// carry, travel in the RFC 2279 31-bit form of UTF-8, but only through the
// separately named Codec.DecodePivotTransformer and
// Codec.EncodePivotTransformer; every pivot encoder that cannot represent
// them reports a value beyond U+10FFFF as one unmappable character and a
// surrogate value as one error of kind surrogate. Every other encoder
// (Codec.EncodeTransformer, NewEncoder, AppendEncode) reads RFC 3629 UTF-8
// and reports these forms as the UTF-8 decoder does, one error per
// maximal subpart; only UCS-4 and UTF8RFC2279, whose repertoire goes
// beyond Unicode, read the pivot there too. Through x/text's
// interfaces (NewDecoder, DecodeTransformer, AppendDecode) every decoder
// writes valid UTF-8 or reports an error: there, such values are errors of
// kind surrogate or out-of-range, so a label such as "ucs-4" or "rfc2279"
// taken from a document cannot smuggle them into text read as UTF-8.
//
// # Conformance
//
//   - The UTF-16 "utf-16" form without a BOM is big-endian, as RFC 2781
//     says; the WHATWG Encoding Standard reads it as little-endian.
//   - UTF8 keeps a leading U+FEFF as content; UTF8BOM strips it (WHATWG's
//     UTF-8 decode strips it by default).
//   - UTF8RFC2279 and UCS-4 let surrogate values through to the pivot, as
//     RFC 2279 and the original ISO/IEC 10646 did; every other encoder
//     reports them as errors (of kind surrogate), so they never reach
//     RFC 3629 output. CESU-8 and Modified UTF-8 write surrogates, but
//     only as the halves of the pairs that stand for supplementary
//     characters: their encoders read RFC 3629 UTF-8, where a surrogate is
//     malformed, as every strict encoder does.
//   - UTF-16 decoders report a lead surrogate cut off by the end of input
//     together with an odd trailing byte as one error, as WHATWG does.
//   - UTF7's encoder writes only Set D and white space directly and closes
//     every base64 shift with '-'. Errors at the end of a shift (leftover
//     bits, an unpaired surrogate) have length 0: they lie between bytes.
//   - ModifiedUTF8's decoder accepts a raw 00 byte as Java's readUTF does.
package utf
