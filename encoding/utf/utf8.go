package utf

import (
	"encoding/binary"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/simd"
	"github.com/ucskit/ucs/internal/utf8class"
	"golang.org/x/text/transform"
)

// The lead tables: utf8class.Leads for RFC 3629 (Unicode Table 3-7), and
// legacyLeads for RFC 2279's shortest form, 1 to 6 bytes and values up to
// 7FFFFFFF. RFC 2279 predates the ban on surrogates, so they pass.
var legacyLeads = func() [256]utf8class.Lead {
	t := utf8class.Leads
	bc := utf8class.BadContinuation
	t[0xED] = utf8class.Lead{Size: 3, Lo: 0x80, Hi: 0xBF, KindLo: bc, KindHi: bc}
	for c := 0xF4; c < 0xF8; c++ {
		t[c] = utf8class.Lead{Size: 4, Lo: 0x80, Hi: 0xBF, KindLo: bc, KindHi: bc}
	}
	t[0xF8] = utf8class.Lead{Size: 5, Lo: 0x88, Hi: 0xBF, KindLo: utf8class.Overlong, KindHi: bc}
	for c := 0xF9; c < 0xFC; c++ {
		t[c] = utf8class.Lead{Size: 5, Lo: 0x80, Hi: 0xBF, KindLo: bc, KindHi: bc}
	}
	t[0xFC] = utf8class.Lead{Size: 6, Lo: 0x84, Hi: 0xBF, KindLo: utf8class.Overlong, KindHi: bc}
	t[0xFD] = utf8class.Lead{Size: 6, Lo: 0x80, Hi: 0xBF, KindLo: bc, KindHi: bc}
	return t
}()

// classify explains the sequence at the start of b, which is not a
// complete valid character, by the lead table leads (&utf8class.Leads or
// &legacyLeads). It returns the kind and the length of the maximal
// subpart, or incomplete when b ends inside a sequence that could still
// be valid.
func classify(b []byte, leads *[256]utf8class.Lead) (kind encoding.Kind, n int, incomplete bool) {
	k, n := utf8class.ClassifyWith(b, leads)
	return encoding.Kind(k), n, k == utf8class.Truncated
}

// validPrefix returns the length of the longest prefix of b made of
// complete, valid characters.
func validPrefix(b []byte, leads *[256]utf8class.Lead) int {
	i := 0
	for i < len(b) {
		// Eight ASCII bytes at a time.
		for i+8 <= len(b) && binary.LittleEndian.Uint64(b[i:])&0x8080808080808080 == 0 {
			i += 8
		}
		if i >= len(b) {
			break
		}
		c := b[i]
		if c < 0x80 {
			i++
			continue
		}
		l := &leads[c]
		n := int(l.Size)
		if n == 0 || i+n > len(b) {
			return i
		}
		if c2 := b[i+1]; c2 < l.Lo || c2 > l.Hi {
			return i
		}
		for k := 2; k < n; k++ {
			if b[i+k]&0xC0 != 0x80 {
				return i
			}
		}
		i += n
	}
	return i
}

// utf8Core validates UTF-8 and copies it: the decoder and the encoder of
// the UTF-8 codecs (the pivot of every ucs codec is UTF-8, so both
// directions are a validating copy).
type utf8Core struct {
	leads  *[256]utf8class.Lead
	encode bool
	// strict31, for the RFC 2279 decoder reached through x/text, reports
	// the 31-bit forms that RFC 3629 forbids (surrogate values, values
	// above U+10FFFF) instead of copying them to the pivot.
	strict31 bool
}

func (c *utf8Core) Reset() {}

func (c *utf8Core) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	leads := c.leads
	if c.strict31 {
		leads = &utf8class.Leads
	}
	n := validUTF8Prefix(src, leads)
	m := n
	if m > len(dst) {
		m = len(dst)
		for m > 0 && src[m]&0xC0 == 0x80 {
			m--
		}
	}
	copy(dst, src[:m])
	if m < n {
		return m, m, bad, transform.ErrShortDst
	}
	if n == len(src) {
		return n, n, bad, nil
	}
	if c.strict31 {
		// A well-formed RFC 2279 sequence that RFC 3629 forbids.
		r, size, _, incomplete := decodeRuneLegacy(src[n:], atEOF)
		if incomplete && !atEOF {
			return n, n, bad, transform.ErrShortSrc
		}
		if size > 0 {
			return n, n, encoding.Bad{Len: size, Kind: kind31(r), Rune: -1}, nil
		}
	}
	if c.encode && c.leads == &utf8class.Leads {
		// A 31-bit value from the RFC 2279 pivot is a character that
		// RFC 3629 UTF-8 cannot represent. Its verdict waits for the
		// whole sequence, so that it does not depend on where the input
		// was split.
		r, size, b, incomplete := decodeRuneLegacy(src[n:], atEOF)
		if incomplete && !atEOF {
			return n, n, bad, transform.ErrShortSrc
		}
		switch {
		case size == 0:
			return n, n, b, nil
		case r > 0x10FFFF:
			return n, n, encoding.Bad{Len: size, Kind: encoding.Unmappable, Rune: r}, nil
		case r >= 0xD800 && r <= 0xDFFF:
			return n, n, encoding.Bad{Len: size, Kind: encoding.Surrogate, Rune: -1}, nil
		}
	}
	if c.encode {
		// The RFC 2279 encoder: what its table stopped at is malformed
		// or cut short; the pivot's rule decides which.
		_, size, b, incomplete := decodeRuneLegacy(src[n:], atEOF)
		if incomplete && !atEOF {
			return n, n, bad, transform.ErrShortSrc
		}
		if size == 0 {
			return n, n, b, nil
		}
	}
	kind, blen, incomplete := classify(src[n:], c.leads)
	if incomplete && !atEOF {
		return n, n, bad, transform.ErrShortSrc
	}
	return n, n, encoding.Bad{Len: blen, Kind: kind, Rune: -1}, nil
}

// kind31 classifies a value of the 31-bit forms that UTF-8 cannot carry:
// a surrogate value or a value above U+10FFFF.
func kind31(r rune) encoding.Kind {
	if r >= 0xD800 && r <= 0xDFFF {
		return encoding.Surrogate
	}
	return encoding.OutOfRange
}

// validUTF8Prefix is validPrefix with the strict table routed to the
// fastest validator available.
func validUTF8Prefix(b []byte, leads *[256]utf8class.Lead) int {
	if leads == &utf8class.Leads {
		return strictValidPrefix(b)
	}
	return validPrefix(b, leads)
}

// strictValidPrefix returns the length of the longest valid RFC 3629
// prefix of b made of complete characters, with the fastest kernel.
func strictValidPrefix(b []byte) int {
	n, _, _ := simd.ValidateUTF8(b)
	return n
}

// Valid reports whether p is entirely valid UTF-8 per RFC 3629. It does
// not allocate.
func Valid(p []byte) bool { return simd.ValidUTF8(p) }

// ValidString reports whether s is entirely valid UTF-8 per RFC 3629.
func ValidString(s string) bool { return utf8.ValidString(s) }

// Validate returns nil when p is valid UTF-8 per RFC 3629, and otherwise
// an *encoding.Error describing the first malformed sequence: its byte
// offset, length (the maximal subpart) and kind. It allocates only for
// the error.
func Validate(p []byte) error {
	n, kind, blen := simd.ValidateUTF8(p)
	if n == len(p) {
		return nil
	}
	return &encoding.Error{
		Encoding: "utf-8",
		Offset:   int64(n),
		Len:      blen,
		Kind:     kind,
		Rune:     -1,
		Bytes:    append([]byte(nil), p[n:n+blen]...),
	}
}

// decodeRune decodes the first character of src, which must be valid
// RFC 3629 UTF-8, from an encoder core's point of view: it returns the
// rune and its size, or the classification of the bad sequence (n > 0,
// ok false), or incomplete when src ends inside a character.
func decodeRune(src []byte, atEOF bool) (r rune, size int, bad encoding.Bad, incomplete bool) {
	r, n, k := utf8class.Decode(src)
	switch {
	case k == utf8class.None:
		return r, n, bad, false
	case k == utf8class.Truncated && !atEOF:
		return 0, 0, bad, true
	}
	return 0, 0, encoding.Bad{Len: n, Kind: encoding.Kind(k), Rune: -1}, false
}

// decodeRuneLegacy is decodeRune for the RFC 2279 31-bit pivot used by
// the 31-bit forms (utf-8-rfc2279 and UCS-4): a complete shortest-form
// RFC 2279 sequence is a value (a surrogate or beyond U+10FFFF
// included); a sequence that more input could complete is incomplete;
// anything else is classified as strict UTF-8 (RFC 3629) classifies it.
// mb.PivotRune follows the same rule for the legacy codecs' encoders.
func decodeRuneLegacy(src []byte, atEOF bool) (r rune, size int, bad encoding.Bad, incomplete bool) {
	c := src[0]
	if (c < 0xF4 || c > 0xFD) && c != 0xED {
		return decodeRune(src, atEOF)
	}
	l := &legacyLeads[c]
	n := int(l.Size)
	if len(src) >= n && validPrefix(src[:n], &legacyLeads) == n {
		v := uint32(c) & (0x7F >> n)
		for _, b := range src[1:n] {
			v = v<<6 | uint32(b&0x3F)
		}
		return rune(v), n, bad, false
	}
	if _, _, inc := classify(src, &legacyLeads); inc && !atEOF {
		return 0, 0, bad, true
	}
	// Malformed even in the 31-bit form: explained as strict UTF-8 is,
	// so that every encoder (and mb.PivotRune) gives one verdict.
	return decodeRune(src, atEOF)
}

// encRune decodes the next character of an encoder's UTF-8 source for a
// target whose repertoire ends at max: a surrogate is an error of kind
// surrogate, a value above max an unmappable character.
func encRune(src []byte, atEOF bool, max rune) (r rune, size int, bad encoding.Bad, incomplete bool) {
	r, size, bad, incomplete = decodeRuneLegacy(src, atEOF)
	if size == 0 {
		return
	}
	if r >= 0xD800 && r <= 0xDFFF {
		return 0, 0, encoding.Bad{Len: size, Kind: encoding.Surrogate, Rune: -1}, false
	}
	if r > max {
		return 0, 0, encoding.Bad{Len: size, Kind: encoding.Unmappable, Rune: r}, false
	}
	return
}

// appendRuneLegacy appends the RFC 2279 form of v (up to 6 bytes).
func appendRuneLegacy(dst []byte, v uint32) []byte {
	switch {
	case v < 0x80:
		return append(dst, byte(v))
	case v < 0x800:
		return append(dst, 0xC0|byte(v>>6), 0x80|byte(v)&0x3F)
	case v < 0x10000:
		return append(dst, 0xE0|byte(v>>12), 0x80|byte(v>>6)&0x3F, 0x80|byte(v)&0x3F)
	case v < 0x200000:
		return append(dst, 0xF0|byte(v>>18), 0x80|byte(v>>12)&0x3F, 0x80|byte(v>>6)&0x3F, 0x80|byte(v)&0x3F)
	case v < 0x4000000:
		return append(dst, 0xF8|byte(v>>24), 0x80|byte(v>>18)&0x3F, 0x80|byte(v>>12)&0x3F, 0x80|byte(v>>6)&0x3F, 0x80|byte(v)&0x3F)
	}
	return append(dst, 0xFC|byte(v>>30), 0x80|byte(v>>24)&0x3F, 0x80|byte(v>>18)&0x3F, 0x80|byte(v>>12)&0x3F, 0x80|byte(v>>6)&0x3F, 0x80|byte(v)&0x3F)
}

// legacyLen is the RFC 2279 length of v.
func legacyLen(v uint32) int {
	switch {
	case v < 0x80:
		return 1
	case v < 0x800:
		return 2
	case v < 0x10000:
		return 3
	case v < 0x200000:
		return 4
	case v < 0x4000000:
		return 5
	}
	return 6
}

// bomCore wraps a UTF-8 core: the decoder strips one leading EF BB BF,
// the encoder writes one.
type utf8BOMCore struct {
	utf8Core
	started bool
}

func (c *utf8BOMCore) Reset() { c.started = false }

func (c *utf8BOMCore) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	if !c.started {
		if c.encode {
			if len(dst) < 3 {
				return 0, 0, bad, transform.ErrShortDst
			}
			nDst = copy(dst, "\xEF\xBB\xBF")
		} else {
			if len(src) < 3 && !atEOF && isPrefix(src, "\xEF\xBB\xBF") {
				return 0, 0, bad, transform.ErrShortSrc
			}
			if len(src) >= 3 && string(src[:3]) == "\xEF\xBB\xBF" {
				nSrc = 3
			}
		}
		c.started = true
	}
	nd, ns, bad, err := c.utf8Core.Convert(dst[nDst:], src[nSrc:], atEOF)
	return nDst + nd, nSrc + ns, bad, err
}

func isPrefix(b []byte, s string) bool {
	return len(b) <= len(s) && string(b) == s[:len(b)]
}

var (
	// UTF8 is UTF-8 as RFC 3629 defines it, strict: it rejects overlong
	// forms (C0 80, C0 AF), surrogates (ED A0 80), values above U+10FFFF,
	// the bytes F5–FF, stray continuation bytes and truncated sequences.
	// U+0000 and noncharacters are valid. A U+FEFF at the start is kept as
	// content; use UTF8BOM to treat it as a signature.
	UTF8 = encoding.NewCodec("utf-8",
		func() encoding.Core { return &utf8Core{leads: &utf8class.Leads} },
		func() encoding.Core { return &utf8Core{leads: &utf8class.Leads, encode: true} })

	// UTF8BOM is UTF-8 with a signature (RFC 3629 §6): the decoder strips
	// one leading EF BB BF (a later U+FEFF is content), the encoder writes
	// one. Python calls it "utf-8-sig".
	UTF8BOM = encoding.NewCodec("utf-8-bom",
		func() encoding.Core { return &utf8BOMCore{utf8Core: utf8Core{leads: &utf8class.Leads}} },
		func() encoding.Core { return &utf8BOMCore{utf8Core: utf8Core{leads: &utf8class.Leads, encode: true}} })

	// UTF8RFC2279 is the original 31-bit UTF-8 of RFC 2044 and RFC 2279:
	// 1 to 6 bytes, values up to U-7FFFFFFF, shortest form only (overlong
	// forms are still rejected, as RFC 2279 §6 demands). Surrogate values,
	// which RFC 2279 did not yet forbid, pass through; every encoder but
	// UCS-4's and this one's reports them as errors. It is never the default and no alias of plain UTF-8 names
	// it. Values above U+10FFFF pass through the UTF-8 pivot in the same
	// 31-bit form, so only UCS4BE/UCS4LE (and this codec) can encode them;
	// every other encoder reports them as out of range.
	//
	// Through x/text (NewDecoder, DecodeTransformer, AppendDecode) its
	// decoder writes valid UTF-8 only: surrogate values and values above
	// U+10FFFF are errors of kind surrogate and out-of-range there. They
	// pass only through DecodePivotTransformer, to an encoder.
	UTF8RFC2279 = encoding.NewPivotCodec("utf-8-rfc2279",
		func() encoding.Core { return &utf8Core{leads: &legacyLeads, strict31: true} },
		func() encoding.Core { return &utf8Core{leads: &legacyLeads} },
		func() encoding.Core { return &utf8Core{leads: &legacyLeads, encode: true} })
)

// Clone implements encoding.Cloner.
func (c *utf8BOMCore) Clone() encoding.Core { x := *c; return &x }
