// Package utf8class is the one strict UTF-8 classifier of the module: for
// the sequence at the start of a buffer, whether it is a well-formed
// character (RFC 3629, Unicode Table 3-7) and, when it is not, what is
// wrong with it and the length of its maximal subpart, the bytes that one
// U+FFFD replaces (Unicode §3.9, "U+FFFD Substitution of Maximal
// Subparts", which the WHATWG Encoding Standard's UTF-8 decoder follows).
//
// The codecs (encoding/utf, encoding/internal/mb) and the SIMD kernels'
// scalar explanation (internal/simd) all ask this package, so that every
// path gives one verdict. It imports nothing of the module: its Kind
// values are numbered as encoding.Kind's, and callers convert with
// encoding.Kind(k) (a test of package encoding checks the numbering).
package utf8class

import "unicode/utf8"

// Kind is what is wrong with a sequence, numbered as encoding.Kind.
type Kind uint8

// The kinds this package reports, with encoding.Kind's numbers.
const (
	None                   Kind = 0 // a well-formed character
	InvalidByte            Kind = 1 // FE, FF
	UnexpectedContinuation Kind = 2 // 80–BF where a lead was expected
	Overlong               Kind = 3 // C0, C1; E0 80–9F; F0 80–8F
	Surrogate              Kind = 4 // ED A0–BF
	OutOfRange             Kind = 5 // F4 90–BF; F5–F7
	Obsolete5ByteLead      Kind = 6 // F8–FB
	Obsolete6ByteLead      Kind = 7 // FC, FD
	BadContinuation        Kind = 8 // a byte that cannot continue the sequence
	Truncated              Kind = 9 // the input ends inside the sequence
)

// Lead describes a lead byte: the length of the sequence it starts, the
// range of the second byte, and the kind of a second byte that is a
// continuation byte outside that range (below Lo: KindLo, above Hi:
// KindHi). For a byte that cannot start a sequence, Size is 0 and Kind
// says why.
type Lead struct {
	Size           uint8
	Lo, Hi         byte
	Kind           Kind
	KindLo, KindHi Kind
}

// Leads, the table of every lead byte, is static data in leads_table.go.
//
//go:generate go run ./internal/genleads -o leads_table.go

// StrictLead describes the lead byte c as RFC 3629 (Unicode Table 3-7)
// does; Leads holds it for every byte.
func StrictLead(c byte) Lead {
	bc := BadContinuation
	switch {
	case c < 0x80:
		return Lead{Size: 1}
	case c < 0xC0:
		return Lead{Kind: UnexpectedContinuation}
	case c < 0xC2:
		return Lead{Kind: Overlong}
	case c < 0xE0:
		return Lead{Size: 2, Lo: 0x80, Hi: 0xBF, KindLo: bc, KindHi: bc}
	case c == 0xE0:
		return Lead{Size: 3, Lo: 0xA0, Hi: 0xBF, KindLo: Overlong, KindHi: bc}
	case c == 0xED:
		return Lead{Size: 3, Lo: 0x80, Hi: 0x9F, KindLo: bc, KindHi: Surrogate}
	case c < 0xF0:
		return Lead{Size: 3, Lo: 0x80, Hi: 0xBF, KindLo: bc, KindHi: bc}
	case c == 0xF0:
		return Lead{Size: 4, Lo: 0x90, Hi: 0xBF, KindLo: Overlong, KindHi: bc}
	case c < 0xF4:
		return Lead{Size: 4, Lo: 0x80, Hi: 0xBF, KindLo: bc, KindHi: bc}
	case c == 0xF4:
		return Lead{Size: 4, Lo: 0x80, Hi: 0x8F, KindLo: bc, KindHi: OutOfRange}
	case c < 0xF8:
		return Lead{Kind: OutOfRange}
	case c < 0xFC:
		return Lead{Kind: Obsolete5ByteLead}
	case c < 0xFE:
		return Lead{Kind: Obsolete6ByteLead}
	}
	return Lead{Kind: InvalidByte}
}

// Classify describes the sequence at the start of p, which must not be
// empty. For a well-formed character it returns None and the character's
// length. For an ill-formed sequence it returns its kind and the length
// of its maximal subpart. When p ends inside a sequence that more bytes
// could complete, it returns Truncated and len(p).
func Classify(p []byte) (k Kind, n int) {
	return ClassifyWith(p, &Leads)
}

// ClassifyWith is Classify by the lead table t (Leads, or a wider form's
// copy of it). A complete sequence that t allows is a character.
func ClassifyWith(p []byte, t *[256]Lead) (k Kind, n int) {
	l := &t[p[0]]
	switch l.Size {
	case 0:
		return l.Kind, 1
	case 1:
		return None, 1
	}
	if len(p) < 2 {
		return Truncated, 1
	}
	if c := p[1]; c < l.Lo || c > l.Hi {
		switch {
		case c < 0x80 || c > 0xBF:
			return BadContinuation, 1
		case c < l.Lo:
			return l.KindLo, 1
		default:
			return l.KindHi, 1
		}
	}
	for i := 2; i < int(l.Size); i++ {
		if i >= len(p) {
			return Truncated, i
		}
		if p[i]&0xC0 != 0x80 {
			return BadContinuation, i
		}
	}
	return None, int(l.Size)
}

// Decode reads the character at the start of p, which must not be empty:
// its value and length, with kind None; or, for a sequence that is not a
// well-formed character, r == -1 and what Classify says of it.
func Decode(p []byte) (r rune, n int, k Kind) {
	if c := p[0]; c < 0x80 {
		return rune(c), 1, None
	}
	r, n = utf8.DecodeRune(p)
	if r != utf8.RuneError || n > 1 {
		return r, n, None
	}
	k, n = Classify(p)
	return -1, n, k
}
