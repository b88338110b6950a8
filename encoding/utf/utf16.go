package utf

import (
	"encoding/binary"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/simd"
	"golang.org/x/text/transform"
)

// ByteOrder is the order of the bytes of a UTF-16 or UTF-32 code unit.
type ByteOrder uint8

const (
	// BigEndian puts the most significant byte first (network order; the
	// default of RFC 2781 when no BOM says otherwise).
	BigEndian ByteOrder = iota
	// LittleEndian puts the least significant byte first.
	LittleEndian
)

func (o ByteOrder) String() string {
	if o == LittleEndian {
		return "little-endian"
	}
	return "big-endian"
}

// BOMPolicy says how a UTF-16 or UTF-32 codec treats a byte order mark.
type BOMPolicy uint8

const (
	// IgnoreBOM treats a leading U+FEFF as content and writes none: the
	// fixed-order forms (UTF-16LE, UTF-16BE, ...).
	IgnoreBOM BOMPolicy = iota
	// UseBOM makes the decoder consume a leading BOM and follow the byte
	// order it gives (the codec's order when there is none), and the
	// encoder write a BOM first: the forms "UTF-16" and "UTF-32".
	UseBOM
	// ExpectBOM is UseBOM, but the decoder reports a missing BOM as an
	// error of kind invalid-sequence at offset 0.
	ExpectBOM
)

func u16(b []byte, o ByteOrder) uint16 {
	if o == LittleEndian {
		return binary.LittleEndian.Uint16(b)
	}
	return binary.BigEndian.Uint16(b)
}

func put16(b []byte, o ByteOrder, v uint16) {
	if o == LittleEndian {
		binary.LittleEndian.PutUint16(b, v)
	} else {
		binary.BigEndian.PutUint16(b, v)
	}
}

func u32(b []byte, o ByteOrder) uint32 {
	if o == LittleEndian {
		return binary.LittleEndian.Uint32(b)
	}
	return binary.BigEndian.Uint32(b)
}

func put32(b []byte, o ByteOrder, v uint32) {
	if o == LittleEndian {
		binary.LittleEndian.PutUint32(b, v)
	} else {
		binary.BigEndian.PutUint32(b, v)
	}
}

// form identifies one of the fixed-width forms.
type form uint8

const (
	formUTF16 form = iota // UTF-16: surrogate pairs
	formUCS2              // UCS-2: BMP only, no pairs
	formUTF32             // UTF-32: up to U+10FFFF
	formUCS4              // UCS-4: 31 bits
)

func (f form) unit() int {
	if f >= formUTF32 {
		return 4
	}
	return 2
}

// bomState handles the byte order mark of the UseBOM forms.
type bomState struct {
	policy  BOMPolicy
	order   ByteOrder // current order
	initial ByteOrder
	started bool
}

func (s *bomState) reset() {
	s.order = s.initial
	s.started = false
}

// wideDecoder decodes UTF-16, UCS-2, UTF-32 or UCS-4 to UTF-8.
type wideDecoder struct {
	form form
	// pivot lets UCS-4's surrogate values and values above U+10FFFF
	// through in the RFC 2279 form (DecodePivotTransformer); otherwise
	// they are errors, as in UTF-32.
	pivot bool
	bomState
	swap *[512]byte // big-endian UTF-32 swapped for the little-endian kernel
}

func (d *wideDecoder) Reset() { d.reset() }

// sniff consumes a leading BOM under UseBOM and ExpectBOM.
func (d *wideDecoder) sniff(src []byte, atEOF bool) (n int, bad encoding.Bad, err error) {
	if d.started || d.policy == IgnoreBOM {
		d.started = true
		return 0, bad, nil
	}
	u := d.form.unit()
	if len(src) < u && !atEOF {
		return 0, bad, transform.ErrShortSrc
	}
	d.started = true
	if len(src) >= u {
		if u == 2 {
			switch {
			case src[0] == 0xFE && src[1] == 0xFF:
				d.order = BigEndian
				return 2, bad, nil
			case src[0] == 0xFF && src[1] == 0xFE:
				d.order = LittleEndian
				return 2, bad, nil
			}
		} else {
			switch string(src[:4]) {
			case "\x00\x00\xFE\xFF":
				d.order = BigEndian
				return 4, bad, nil
			case "\xFF\xFE\x00\x00":
				d.order = LittleEndian
				return 4, bad, nil
			}
		}
	}
	if d.policy == ExpectBOM && len(src) > 0 {
		return 0, encoding.Bad{Len: min(u, len(src)), Kind: encoding.InvalidSequence, Rune: -1}, nil
	}
	return 0, bad, nil
}

func (d *wideDecoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	if !d.started {
		nSrc, bad, err = d.sniff(src, atEOF)
		if err != nil || bad.Len != 0 {
			return 0, 0, bad, err
		}
	}
	switch d.form {
	case formUTF16, formUCS2:
		nd, ns, bad, err := d.convert16(dst, src[nSrc:], atEOF)
		return nd, nSrc + ns, bad, err
	}
	nd, ns, bad, err := d.convert32(dst, src[nSrc:], atEOF)
	return nd, nSrc + ns, bad, err
}

func (d *wideDecoder) convert16(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	o := d.order
	kernel := simd.UTF16BEToUTF8
	if o == LittleEndian {
		kernel = simd.UTF16LEToUTF8
	}
	for nSrc+2 <= len(src) {
		// The kernel converts the valid prefix (for UCS-2, up to the first
		// surrogate, which UCS-2 never pairs); the code below explains
		// what stopped it, one character at a time.
		end := len(src)
		if d.form == formUCS2 {
			end = nSrc + firstSurrogateUnit(src[nSrc:], o)
		}
		nd, ns := kernel(dst[nDst:], src[nSrc:end])
		nDst += nd
		nSrc += ns
		if nSrc+2 > len(src) {
			break
		}
		// Four ASCII units at a time.
		for nSrc+8 <= len(src) && nDst+4 <= len(dst) {
			w := binary.LittleEndian.Uint64(src[nSrc:])
			mask := uint64(0xFF80FF80FF80FF80) // LE: high bytes at odd positions
			if o == BigEndian {
				mask = 0x80FF80FF80FF80FF
			}
			if w&mask != 0 {
				break
			}
			if o == LittleEndian {
				dst[nDst], dst[nDst+1], dst[nDst+2], dst[nDst+3] = src[nSrc], src[nSrc+2], src[nSrc+4], src[nSrc+6]
			} else {
				dst[nDst], dst[nDst+1], dst[nDst+2], dst[nDst+3] = src[nSrc+1], src[nSrc+3], src[nSrc+5], src[nSrc+7]
			}
			nDst += 4
			nSrc += 8
		}
		if nSrc+2 > len(src) {
			break
		}
		u := rune(u16(src[nSrc:], o))
		size := 2
		r := u
		switch {
		case u < 0xD800 || u > 0xDFFF:
		case d.form == formUCS2:
			return nDst, nSrc, encoding.Bad{Len: 2, Kind: encoding.Surrogate, Rune: -1}, nil
		case u >= 0xDC00:
			return nDst, nSrc, encoding.Bad{Len: 2, Kind: encoding.UnpairedSurrogate, Rune: -1}, nil
		default:
			if nSrc+4 > len(src) {
				if !atEOF {
					return nDst, nSrc, bad, transform.ErrShortSrc
				}
				// A lead surrogate at the end, perhaps with an odd byte
				// after it: one error for both, as WHATWG does.
				return nDst, nSrc, encoding.Bad{Len: len(src) - nSrc, Kind: encoding.UnpairedSurrogate, Rune: -1}, nil
			}
			u2 := rune(u16(src[nSrc+2:], o))
			if u2 < 0xDC00 || u2 > 0xDFFF {
				return nDst, nSrc, encoding.Bad{Len: 2, Kind: encoding.UnpairedSurrogate, Rune: -1}, nil
			}
			r = 0x10000 + (u-0xD800)<<10 + (u2 - 0xDC00)
			size = 4
		}
		if r < 0x80 {
			if nDst >= len(dst) {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			dst[nDst] = byte(r)
			nDst++
		} else {
			if nDst+utf8.RuneLen(r) > len(dst) {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			nDst += utf8.EncodeRune(dst[nDst:], r)
		}
		nSrc += size
	}
	if nSrc < len(src) {
		if !atEOF {
			return nDst, nSrc, bad, transform.ErrShortSrc
		}
		return nDst, nSrc, encoding.Bad{Len: len(src) - nSrc, Kind: encoding.Truncated, Rune: -1}, nil
	}
	return nDst, nSrc, bad, nil
}

func (d *wideDecoder) convert32(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	o := d.order
	for nSrc+4 <= len(src) {
		// Values up to U+10FFFF that are not surrogates read the same in
		// UTF-32 and UCS-4: the kernel takes them.
		var nd, ns int
		if o == BigEndian {
			if d.swap == nil {
				d.swap = new([512]byte)
			}
			nd, ns = utf32BEToUTF8(dst[nDst:], src[nSrc:], d.swap)
		} else {
			nd, ns = simd.UTF32LEToUTF8(dst[nDst:], src[nSrc:])
		}
		nDst += nd
		nSrc += ns
		if nSrc+4 > len(src) {
			break
		}
		v := u32(src[nSrc:], o)
		switch {
		case v >= 0xD800 && v <= 0xDFFF && !d.pivot:
			return nDst, nSrc, encoding.Bad{Len: 4, Kind: encoding.Surrogate, Rune: -1}, nil
		case v > 0x10FFFF && !d.pivot, v > 0x7FFFFFFF:
			return nDst, nSrc, encoding.Bad{Len: 4, Kind: encoding.OutOfRange, Rune: -1}, nil
		}
		if v < 0x80 {
			if nDst >= len(dst) {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			dst[nDst] = byte(v)
			nDst++
		} else if v <= 0x10FFFF && (v < 0xD800 || v > 0xDFFF) {
			if nDst+utf8.RuneLen(rune(v)) > len(dst) {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			nDst += utf8.EncodeRune(dst[nDst:], rune(v))
		} else {
			// UCS-4 beyond U+10FFFF or a surrogate value: the 31-bit RFC 2279 form.
			if nDst+legacyLen(v) > len(dst) {
				return nDst, nSrc, bad, transform.ErrShortDst
			}
			nDst += len(appendRuneLegacy(dst[nDst:nDst], v))
		}
		nSrc += 4
	}
	if nSrc < len(src) {
		if !atEOF {
			return nDst, nSrc, bad, transform.ErrShortSrc
		}
		return nDst, nSrc, encoding.Bad{Len: len(src) - nSrc, Kind: encoding.Truncated, Rune: -1}, nil
	}
	return nDst, nSrc, bad, nil
}

// wideEncoder encodes UTF-8 to UTF-16, UCS-2, UTF-32 or UCS-4.
type wideEncoder struct {
	form form
	bomState
}

func (e *wideEncoder) Reset() { e.reset() }

func (e *wideEncoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	o := e.order
	if !e.started {
		if e.policy != IgnoreBOM {
			u := e.form.unit()
			if len(dst) < u {
				return 0, 0, bad, transform.ErrShortDst
			}
			if u == 2 {
				put16(dst, o, 0xFEFF)
			} else {
				put32(dst, o, 0xFEFF)
			}
			nDst = u
		}
		e.started = true
	}
	if e.form <= formUCS2 {
		kernel := simd.UTF8ToUTF16BE
		if o == LittleEndian {
			kernel = simd.UTF8ToUTF16LE
		}
		for nSrc < len(src) {
			end := len(src)
			if e.form == formUCS2 {
				// UCS-2 stops before the first character beyond the BMP.
				end = nSrc + firstFourByteLead(src[nSrc:])
			}
			nd, ns := kernel(dst[nDst:], src[nSrc:end])
			nDst += nd
			nSrc += ns
			if nSrc >= len(src) {
				break
			}
			// Four ASCII bytes at a time.
			for nSrc+4 <= len(src) && nDst+8 <= len(dst) && binary.LittleEndian.Uint32(src[nSrc:])&0x80808080 == 0 {
				for k := 0; k < 4; k++ {
					put16(dst[nDst+2*k:], o, uint16(src[nSrc+k]))
				}
				nSrc += 4
				nDst += 8
			}
			if nSrc >= len(src) {
				break
			}
			max := rune(0x10FFFF)
			if e.form == formUCS2 {
				max = 0xFFFF
			}
			r, size, b, incomplete := encRune(src[nSrc:], atEOF, max)
			if incomplete {
				return nDst, nSrc, bad, transform.ErrShortSrc
			}
			if size == 0 {
				return nDst, nSrc, b, nil
			}
			if r > 0xFFFF {
				if nDst+4 > len(dst) {
					return nDst, nSrc, bad, transform.ErrShortDst
				}
				r -= 0x10000
				put16(dst[nDst:], o, uint16(0xD800+(r>>10)))
				put16(dst[nDst+2:], o, uint16(0xDC00+(r&0x3FF)))
				nDst += 4
			} else {
				if nDst+2 > len(dst) {
					return nDst, nSrc, bad, transform.ErrShortDst
				}
				put16(dst[nDst:], o, uint16(r))
				nDst += 2
			}
			nSrc += size
		}
		return nDst, nSrc, bad, nil
	}
	for nSrc < len(src) {
		kernel := simd.UTF8ToUTF32LE
		if o == BigEndian {
			kernel = utf8ToUTF32BE
		}
		nd, ns := kernel(dst[nDst:], src[nSrc:])
		nDst += nd
		nSrc += ns
		if nSrc >= len(src) {
			break
		}
		var r rune
		var size int
		var b encoding.Bad
		var incomplete bool
		if e.form == formUTF32 {
			r, size, b, incomplete = encRune(src[nSrc:], atEOF, 0x10FFFF)
		} else {
			r, size, b, incomplete = decodeRuneLegacy(src[nSrc:], atEOF)
		}
		if incomplete {
			return nDst, nSrc, bad, transform.ErrShortSrc
		}
		if size == 0 {
			return nDst, nSrc, b, nil
		}
		if nDst+4 > len(dst) {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		put32(dst[nDst:], o, uint32(r))
		nDst += 4
		nSrc += size
	}
	return nDst, nSrc, bad, nil
}

func wide(name string, f form, o ByteOrder, p BOMPolicy) *encoding.Codec {
	st := bomState{policy: p, order: o, initial: o}
	if f == formUCS4 {
		return encoding.NewPivotCodec(name,
			func() encoding.Core { return &wideDecoder{form: f, bomState: st} },
			func() encoding.Core { return &wideDecoder{form: f, bomState: st, pivot: true} },
			func() encoding.Core { return &wideEncoder{form: f, bomState: st} })
	}
	return encoding.NewCodec(name,
		func() encoding.Core { return &wideDecoder{form: f, bomState: st} },
		func() encoding.Core { return &wideEncoder{form: f, bomState: st} })
}

// UTF16 returns a UTF-16 codec (RFC 2781) with the given byte order and
// BOM policy. Under UseBOM and ExpectBOM, order is the order assumed when
// no BOM is present and the order the encoder writes.
func UTF16(order ByteOrder, bom BOMPolicy) *encoding.Codec {
	return wide(wideName("utf-16", order, bom), formUTF16, order, bom)
}

// UTF32 returns a UTF-32 codec with the given byte order and BOM policy.
func UTF32(order ByteOrder, bom BOMPolicy) *encoding.Codec {
	return wide(wideName("utf-32", order, bom), formUTF32, order, bom)
}

func wideName(base string, o ByteOrder, p BOMPolicy) string {
	if p != IgnoreBOM {
		return base
	}
	if o == LittleEndian {
		return base + "le"
	}
	return base + "be"
}

var (
	// UTF16LE is UTF-16, little-endian, without a BOM (a leading U+FEFF is
	// content). Unpaired surrogates are errors; Replace gives one U+FFFD
	// per bad code unit.
	UTF16LE = UTF16(LittleEndian, IgnoreBOM)
	// UTF16BE is UTF-16, big-endian, without a BOM.
	UTF16BE = UTF16(BigEndian, IgnoreBOM)
	// UTF16BOM is "UTF-16" of RFC 2781: the decoder follows a leading BOM
	// and reads big-endian when there is none; the encoder writes a BOM and
	// big-endian. (WHATWG's "utf-16" label means UTF-16LE; ucs follows the
	// RFC.)
	UTF16BOM = UTF16(BigEndian, UseBOM)

	// UCS2LE is UCS-2, little-endian: the BMP only, 16 bits a character.
	// Surrogate code units are errors (UCS-2 never pairs them), and the
	// encoder cannot encode characters above U+FFFF.
	UCS2LE = wide("ucs-2le", formUCS2, LittleEndian, IgnoreBOM)
	// UCS2BE is UCS-2, big-endian.
	UCS2BE = wide("ucs-2be", formUCS2, BigEndian, IgnoreBOM)

	// UTF32LE is UTF-32, little-endian, without a BOM: values above
	// U+10FFFF and surrogates are errors (one U+FFFD per 4-byte unit).
	UTF32LE = UTF32(LittleEndian, IgnoreBOM)
	// UTF32BE is UTF-32, big-endian, without a BOM.
	UTF32BE = UTF32(BigEndian, IgnoreBOM)
	// UTF32BOM is "UTF-32": the decoder follows a leading BOM and reads
	// big-endian when there is none; the encoder writes a BOM and big-endian.
	UTF32BOM = UTF32(BigEndian, UseBOM)

	// UCS4LE is UCS-4 of the original ISO 10646, little-endian: 31-bit
	// values up to U-7FFFFFFF (the partner of UTF8RFC2279). Values with the
	// top bit set are errors; surrogate values pass, as in RFC 2279, but
	// only through DecodePivotTransformer: through x/text (NewDecoder,
	// DecodeTransformer) surrogate values and values above U+10FFFF are
	// errors, as in UTF-32, since UTF-8 cannot carry them.
	UCS4LE = wide("ucs-4le", formUCS4, LittleEndian, IgnoreBOM)
	// UCS4BE is UCS-4, big-endian.
	UCS4BE = wide("ucs-4be", formUCS4, BigEndian, IgnoreBOM)
)

// Clone implements encoding.Cloner.
func (d *wideDecoder) Clone() encoding.Core { c := *d; c.swap = nil; return &c }

// Clone implements encoding.Cloner.
func (e *wideEncoder) Clone() encoding.Core { c := *e; return &c }
