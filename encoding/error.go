package encoding

import (
	"fmt"
	"strings"
)

// Kind classifies what is wrong with a malformed or unencodable sequence.
// The names follow the vocabulary of the conformance data: they say what is
// wrong, not where the decoder noticed it.
type Kind uint8

// The error kinds. The UTF-8 kinds are the ones of the Unicode conformance
// vectors; the others are shared by every codec.
const (
	// KindNone is the zero Kind; no error carries it.
	KindNone Kind = iota
	// InvalidByte is a byte that can never occur in the encoding (FE, FF in UTF-8).
	InvalidByte
	// UnexpectedContinuation is a UTF-8 continuation byte (80–BF) where a lead was expected.
	UnexpectedContinuation
	// Overlong is a sequence longer than the shortest form of its value (C0 AF for '/').
	Overlong
	// Surrogate is a surrogate code point (U+D800–U+DFFF) where characters are required.
	Surrogate
	// OutOfRange is a value above the encoding's limit (U+10FFFF for UTF-8, UTF-16, UTF-32).
	OutOfRange
	// Obsolete5ByteLead is an RFC 2279 five-byte lead (F8–FB) in strict UTF-8.
	Obsolete5ByteLead
	// Obsolete6ByteLead is an RFC 2279 six-byte lead (FC–FD) in strict UTF-8.
	Obsolete6ByteLead
	// BadContinuation is a sequence cut short by a byte that cannot continue it.
	BadContinuation
	// Truncated is a sequence cut short by the end of the input.
	Truncated
	// UnpairedSurrogate is a UTF-16 surrogate code unit without its partner.
	UnpairedSurrogate
	// InvalidSequence is a multi-byte sequence that the encoding does not define.
	InvalidSequence
	// InvalidEscape is a malformed escape or shift sequence (UTF-7, ISO 2022).
	InvalidEscape
	// Unmappable is a character that the target encoding cannot represent.
	Unmappable
	// InvalidSource is input to an encoder that is not valid UTF-8.
	InvalidSource
	numKinds
)

var kindNames = [numKinds]string{
	KindNone:               "none",
	InvalidByte:            "invalid-byte",
	UnexpectedContinuation: "unexpected-continuation",
	Overlong:               "overlong",
	Surrogate:              "surrogate",
	OutOfRange:             "out-of-range",
	Obsolete5ByteLead:      "obsolete-5-byte-lead",
	Obsolete6ByteLead:      "obsolete-6-byte-lead",
	BadContinuation:        "bad-continuation",
	Truncated:              "truncated",
	UnpairedSurrogate:      "unpaired-surrogate",
	InvalidSequence:        "invalid-sequence",
	InvalidEscape:          "invalid-escape",
	Unmappable:             "unmappable",
	InvalidSource:          "invalid-source",
}

var kindText = [numKinds]string{
	KindNone:               "no error",
	InvalidByte:            "byte that never occurs in this encoding",
	UnexpectedContinuation: "continuation byte where a character should start",
	Overlong:               "overlong form (a longer encoding than the shortest one)",
	Surrogate:              "surrogate code point, which is not a character",
	OutOfRange:             "value beyond the encoding's range",
	Obsolete5ByteLead:      "5-byte sequence of the obsolete RFC 2279 form",
	Obsolete6ByteLead:      "6-byte sequence of the obsolete RFC 2279 form",
	BadContinuation:        "sequence broken off by a byte that cannot continue it",
	Truncated:              "sequence cut off by the end of the input",
	UnpairedSurrogate:      "unpaired surrogate code unit",
	InvalidSequence:        "byte sequence that the encoding does not define",
	InvalidEscape:          "malformed escape or shift sequence",
	Unmappable:             "character that the target encoding cannot represent",
	InvalidSource:          "input that is not valid UTF-8",
}

// String returns the kind's name, such as "overlong" or "truncated".
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Describe returns a plain-words description of the kind for people.
func (k Kind) Describe() string {
	if k < numKinds {
		return kindText[k]
	}
	return k.String()
}

// ParseKind returns the Kind named s, as printed by Kind.String.
func ParseKind(s string) (Kind, bool) {
	for k, n := range kindNames {
		if n == s && k != int(KindNone) {
			return Kind(k), true
		}
	}
	return KindNone, false
}

// MarshalText implements encoding.TextMarshaler with the kind's name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Error reports a malformed sequence found by a decoder, or a character
// that an encoder could not encode. Offset counts bytes from the start of
// the stream, across calls to Transform, until the transformer is Reset.
type Error struct {
	// Encoding is the name of the codec that reported the error.
	Encoding string
	// Offset is the byte offset of the bad sequence in the codec's input.
	Offset int64
	// Len is the length in bytes of the bad sequence (for decoders, the
	// "maximal subpart" that one U+FFFD replaces).
	Len int
	// Kind says what is wrong.
	Kind Kind
	// Rune is the character that could not be encoded (encoders only;
	// -1 otherwise).
	Rune rune
	// Bytes holds a copy of the bad input bytes (at most 8).
	Bytes []byte
	// Encode is true for errors reported by encoders.
	Encode bool
	// Output is the number of bytes the codec had written to its output
	// before the bad sequence, from the start of the stream.
	Output int64
}

// Error implements the error interface, in the form
// "utf-8: byte 12: overlong (bytes C0 AE)".
func (e *Error) Error() string {
	var b strings.Builder
	if e.Encoding != "" {
		b.WriteString(e.Encoding)
		b.WriteString(": ")
	}
	if e.Encode && e.Kind == Unmappable {
		fmt.Fprintf(&b, "byte %d: %s cannot be encoded", e.Offset, FormatRune(e.Rune))
		return b.String()
	}
	fmt.Fprintf(&b, "byte %d: %s", e.Offset, e.Kind)
	if len(e.Bytes) > 0 {
		fmt.Fprintf(&b, " (bytes %s)", HexBytes(e.Bytes))
	}
	return b.String()
}

// HexBytes formats b as upper-case hexadecimal pairs separated by spaces.
func HexBytes(b []byte) string {
	const digits = "0123456789ABCDEF"
	out := make([]byte, 0, 3*len(b))
	for i, c := range b {
		if i > 0 {
			out = append(out, ' ')
		}
		out = append(out, digits[c>>4], digits[c&15])
	}
	return string(out)
}

// FormatRune formats r as U+XXXX (at least four digits), or as U-XXXXXXXX
// for values beyond U+10FFFF, as ISO 10646 writes them.
func FormatRune(r rune) string {
	if r < 0 || r > 0x10FFFF {
		return fmt.Sprintf("U-%08X", uint32(r))
	}
	return fmt.Sprintf("U+%04X", r)
}
