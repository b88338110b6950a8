// Package encoding is the core shared by every codec of ucs: the error
// type with its kinds, the error policies, and Codec, the value that
// wraps a policy-free converter (a Core) into golang.org/x/text's
// encoding.Encoding.
//
// Strict by default: a Codec's decoder stops at the first malformed
// sequence and returns an *Error with the byte offset (from the start of
// the stream, across Transform calls), the length of the bad sequence (the
// "maximal subpart" of Unicode §3.9 that one U+FFFD would replace) and its
// Kind; its encoder stops at the first character the target cannot
// represent and names it. golang.org/x/text's codecs replace bad input
// with U+FFFD silently; in ucs that takes an explicit policy:
//
//	utf.UTF8.WithPolicy(encoding.Replace)        // U+FFFD per maximal subpart
//	gbk.With(encoding.Options{Unmappable: encoding.Escape, Escape: encoding.EscapeXML})
//
// Because every codec is an encoding.Encoding, it works wherever x/text's
// do: transform.NewReader, xml.Decoder.CharsetReader, mime.WordDecoder.
//
// # Conformance
//
//   - Replace in decoders writes one U+FFFD per maximal subpart, as the
//     Unicode Standard (§3.9, "U+FFFD Substitution of Maximal Subparts")
//     and the WHATWG Encoding Standard do. Encoders substitute U+FFFD when
//     the target can represent it, "?" otherwise, or Options.Replacement.
//   - Escape writes decoders' bad bytes as \xHH (or <HH>) and encoders'
//     unencodable characters in the chosen EscapeStyle; the escape text is
//     itself encoded in the target encoding.
package encoding
