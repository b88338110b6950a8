package encoding

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Policy says what a codec does when it meets a malformed sequence
// (decoders, and encoders given invalid UTF-8) or a character that the
// target encoding cannot represent (encoders).
type Policy uint8

const (
	// Fail stops at the first bad sequence and reports it as an *Error.
	// It is the default: ucs never changes data silently. An encoder's
	// output then ends in the encoding's initial state (ISO 2022 and HZ
	// shift back to ASCII, UTF-7 ends its base64 run), so that it reads
	// back as the text before the error.
	Fail Policy = iota
	// Replace substitutes one U+FFFD per maximal subpart (decoders) or the
	// replacement text (encoders) and goes on.
	Replace
	// Skip drops the bad sequence and goes on, as iconv -c does. It can
	// build text that was not in the input: the bytes on either side of
	// what it drops become neighbours, so "/.\xC0\x80./" decodes to
	// "/../" and "<scr\xC0ipt>" to "<script>" (Unicode Technical Report
	// #36, section 3.1, warns against deleting ill-formed sequences). Use
	// Replace for text that is checked after it is converted (paths,
	// markup, identifiers): U+FFFD keeps the pieces apart.
	Skip
	// Escape writes the bad bytes or character in an escape notation (see
	// EscapeStyle) and goes on.
	Escape
	// Transliterate writes, in place of a character the target cannot
	// represent, what glibc's iconv //TRANSLIT writes in the C.UTF-8
	// locale: the first of glibc's non-ASCII alternatives that the target
	// has (æ for ǽ in Latin-1), else the ASCII transliteration (see
	// Transliteration: é → e, € → EUR, “” → "", ß → ss, Œ → OE, nothing
	// for a combining accent), else "?" (CJK and the other scripts that
	// have no ASCII form). The alternatives are those glibc's ASCII,
	// ISO-8859-1 and CP1252 outputs show; glibc's locale tables have a few
	// more for other targets (грн for ₴ in KOI8-R). Malformed input has
	// no character to transliterate: there Transliterate acts as Replace.
	Transliterate
)

var policyNames = [...]string{Fail: "fail", Replace: "replace", Skip: "skip", Escape: "escape", Transliterate: "transliterate"}

// String returns the policy's name: fail, replace, skip, escape or
// transliterate.
func (p Policy) String() string {
	if int(p) < len(policyNames) {
		return policyNames[p]
	}
	return "policy(" + strconv.Itoa(int(p)) + ")"
}

// ParsePolicy parses a policy name as printed by Policy.String.
func ParsePolicy(s string) (Policy, error) {
	for i, n := range policyNames {
		if strings.EqualFold(n, s) {
			return Policy(i), nil
		}
	}
	if strings.EqualFold(s, "translit") {
		return Transliterate, nil
	}
	return Fail, fmt.Errorf("unknown error policy %q (want fail, replace, skip, escape or transliterate)", s)
}

// EscapeStyle is the notation used by the Escape policy. Decoders escape
// each bad byte; encoders escape the character they cannot encode (and,
// given invalid UTF-8, each bad byte).
type EscapeStyle uint8

const (
	// EscapeBackslash writes bytes as \xHH and characters as \uXXXX, or
	// \UXXXXXXXX beyond the BMP (C, Python, Go).
	EscapeBackslash EscapeStyle = iota
	// EscapeJava writes bytes as \xHH and characters as \uXXXX, with a
	// surrogate pair of \uXXXX escapes beyond the BMP (Java, JavaScript, JSON).
	EscapeJava
	// EscapeXML writes characters as decimal references &#N; and bytes as \xHH.
	EscapeXML
	// EscapeXMLHex writes characters as hexadecimal references &#xH; and bytes as \xHH.
	EscapeXMLHex
	// EscapeUPlus writes characters as <U+XXXX> and bytes as <XX>, as iconv
	// and uconv do.
	EscapeUPlus
)

var escapeNames = [...]string{
	EscapeBackslash: "backslash",
	EscapeJava:      "java",
	EscapeXML:       "xml",
	EscapeXMLHex:    "xml-hex",
	EscapeUPlus:     "uplus",
}

// String returns the style's name: backslash, java, xml, xml-hex or uplus.
func (s EscapeStyle) String() string {
	if int(s) < len(escapeNames) {
		return escapeNames[s]
	}
	return "escape(" + strconv.Itoa(int(s)) + ")"
}

// ParseEscapeStyle parses a style name as printed by EscapeStyle.String.
func ParseEscapeStyle(s string) (EscapeStyle, error) {
	for i, n := range escapeNames {
		if strings.EqualFold(n, s) {
			return EscapeStyle(i), nil
		}
	}
	return EscapeBackslash, fmt.Errorf("unknown escape style %q (want %s)", s, strings.Join(escapeNames[:], ", "))
}

const hexDigits = "0123456789ABCDEF"

// AppendByte appends the escape of the byte b to dst.
func (s EscapeStyle) AppendByte(dst []byte, b byte) []byte {
	if s == EscapeUPlus {
		return append(dst, '<', hexDigits[b>>4], hexDigits[b&15], '>')
	}
	return append(dst, '\\', 'x', hexDigits[b>>4], hexDigits[b&15])
}

// AppendRune appends the escape of the character r to dst.
func (s EscapeStyle) AppendRune(dst []byte, r rune) []byte {
	switch s {
	case EscapeJava:
		if r > 0xFFFF && r <= 0x10FFFF {
			r -= 0x10000
			dst = appendHex(append(dst, '\\', 'u'), uint32(0xD800+(r>>10)), 4)
			return appendHex(append(dst, '\\', 'u'), uint32(0xDC00+(r&0x3FF)), 4)
		}
		if r <= 0xFFFF {
			return appendHex(append(dst, '\\', 'u'), uint32(r), 4)
		}
		return appendHex(append(dst, '\\', 'U'), uint32(r), 8)
	case EscapeXML:
		dst = append(dst, '&', '#')
		dst = strconv.AppendUint(dst, uint64(uint32(r)), 10)
		return append(dst, ';')
	case EscapeXMLHex:
		dst = append(dst, '&', '#', 'x')
		dst = strconv.AppendUint(dst, uint64(uint32(r)), 16)
		return append(dst, ';')
	case EscapeUPlus:
		dst = append(dst, '<', 'U', '+')
		return append(appendHex(dst, uint32(r), 4), '>')
	}
	if r <= 0xFFFF {
		return appendHex(append(dst, '\\', 'u'), uint32(r), 4)
	}
	return appendHex(append(dst, '\\', 'U'), uint32(r), 8)
}

// appendHex appends v in upper-case hexadecimal, at least min digits.
func appendHex(dst []byte, v uint32, min int) []byte {
	n := 1
	for x := v >> 4; x != 0; x >>= 4 {
		n++
	}
	if n < min {
		n = min
	}
	for i := n - 1; i >= 0; i-- {
		dst = append(dst, hexDigits[(v>>(4*uint(i)))&15])
	}
	return dst
}

// Options configure how a codec treats bad input. The zero value is the
// strict default: fail on malformed input and on unencodable characters.
type Options struct {
	// Invalid applies to malformed input: bytes a decoder cannot decode,
	// and source bytes that are not valid UTF-8 given to an encoder.
	Invalid Policy
	// Unmappable applies to characters an encoder cannot represent.
	Unmappable Policy
	// Escape is the notation of the Escape policy.
	Escape EscapeStyle
	// Replacement is the text an encoder substitutes under the Replace
	// policy. When empty, the encoder uses U+FFFD if the target encoding
	// can represent it, and "?" otherwise. A text the target can
	// represent only in part is not written in part: "?" stands for it.
	// Decoders always substitute U+FFFD.
	Replacement string
	// Report, when set, is called for every bad sequence that the Replace,
	// Skip or Escape policy handles, before it is handled, with the error
	// that Fail would have returned. It lets a caller count or log what
	// was changed. It must not retain the error's Bytes.
	Report func(*Error)
}

// replacement returns the encoder replacement text.
func (o *Options) replacement() string {
	if o.Replacement != "" && utf8.ValidString(o.Replacement) {
		return o.Replacement
	}
	return "\uFFFD"
}
