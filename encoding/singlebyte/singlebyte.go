package singlebyte

import (
	"sync"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
	"github.com/ucskit/ucs/internal/simd"
)

// charmap is the table of one single-byte encoding: bytes 80–FF to code
// points (00–7F are ASCII; a zero entry is a byte without a character).
// Its kernel tables (package internal/simd) are built at first use.
type charmap struct {
	once   sync.Once
	high   *[128]uint16
	t      *simd.SBCS
	latin1 bool // ISO 8859-1: see useLatin1
}

func (m *charmap) init() {
	m.once.Do(func() { m.t = simd.NewSBCS(m.high) })
}

func newLatin1() *encoding.Codec {
	m := &charmap{high: latin1Table, latin1: true}
	return encoding.NewCodec("iso-8859-1",
		func() encoding.Core { m.init(); return &decoder{m} },
		func() encoding.Core { m.init(); return &encoder{m} })
}

func newCodec(name string, high *[128]uint16) *encoding.Codec {
	m := &charmap{high: high}
	return encoding.NewCodec(name,
		func() encoding.Core { m.init(); return &decoder{m} },
		func() encoding.Core { m.init(); return &encoder{m} })
}

// useLatin1 reports whether m is ISO 8859-1 and the Latin-1 kernels of
// internal/simd should convert it: they are the faster ones where they
// have a vector kernel (avx512); elsewhere the table kernels are (on
// avx2 about 4 GB/s against 1 for French text).
func (m *charmap) useLatin1() bool { return m.latin1 && simd.Kernel() == "avx512" }

type decoder struct{ m *charmap }

func (d *decoder) Reset() {}

// Convert converts with the kernels of internal/simd, which stop before a
// byte without a character or when dst is full; it tells the two apart.
func (d *decoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	if d.m.useLatin1() {
		nDst, nSrc = simd.Latin1ToUTF8(dst, src)
	} else {
		nDst, nSrc = d.m.t.ToUTF8(dst, src)
	}
	if nSrc < len(src) {
		if _, ok := d.m.t.DecodeByte(src[nSrc]); !ok {
			return nDst, nSrc, encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}, nil
		}
		err = transform.ErrShortDst
	}
	return nDst, nSrc, bad, err
}

type encoder struct{ m *charmap }

func (e *encoder) Reset() {}

// Convert converts with the kernels of internal/simd, which stop before
// anything but a complete, mappable character that fits in dst; the
// scalar code then says what stopped them.
func (e *encoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	t := e.m.t
	latin1 := e.m.useLatin1()
	for nSrc < len(src) {
		var nd, ns int
		if latin1 {
			nd, ns = simd.UTF8ToLatin1(dst[nDst:], src[nSrc:])
		} else {
			nd, ns = t.FromUTF8(dst[nDst:], src[nSrc:])
		}
		nDst += nd
		nSrc += ns
		if nSrc >= len(src) {
			break
		}
		r, n, k := mb.NextRune(src[nSrc:], atEOF)
		if n == 0 {
			return nDst, nSrc, bad, transform.ErrShortSrc
		}
		if k != encoding.KindNone {
			return nDst, nSrc, encoding.Bad{Len: n, Kind: k, Rune: r}, nil
		}
		b, ok := t.EncodeRune(r)
		if !ok {
			return nDst, nSrc, encoding.Bad{Len: n, Kind: encoding.Unmappable, Rune: r}, nil
		}
		if nDst >= len(dst) {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		// The kernels stop only for the reasons above; should one stop
		// early all the same, the character is converted here.
		dst[nDst] = b
		nDst++
		nSrc += n
	}
	return nDst, nSrc, bad, nil
}

var (
	latin1Table = func() *[128]uint16 {
		var t [128]uint16
		for i := range t {
			t[i] = uint16(0x80 + i)
		}
		return &t
	}()
	userDefinedTable = func() *[128]uint16 {
		var t [128]uint16
		for i := range t {
			t[i] = uint16(0xF780 + i)
		}
		return &t
	}()
)

// The WHATWG single-byte encodings (Encoding Standard §9, with the indexes
// pinned in internal/gen/data). Bytes without a code point in the index
// are malformed input; characters outside the table are unmappable.
var (
	// IBM866 is the DOS Cyrillic code page 866 (WHATWG index ibm866).
	IBM866 = newCodec("ibm866", &ibm866)
	// ISO8859_2 is ISO/IEC 8859-2, Latin-2 (WHATWG index iso-8859-2). WHATWG
	// maps bytes 80–9F to the C1 controls, as ISO 8859 does.
	ISO8859_2 = newCodec("iso-8859-2", &iso8859_2)
	// ISO8859_3 is ISO/IEC 8859-3, Latin-3 (WHATWG index iso-8859-3).
	ISO8859_3 = newCodec("iso-8859-3", &iso8859_3)
	// ISO8859_4 is ISO/IEC 8859-4, Latin-4 (WHATWG index iso-8859-4).
	ISO8859_4 = newCodec("iso-8859-4", &iso8859_4)
	// ISO8859_5 is ISO/IEC 8859-5, Latin/Cyrillic (WHATWG index iso-8859-5).
	ISO8859_5 = newCodec("iso-8859-5", &iso8859_5)
	// ISO8859_6 is ISO/IEC 8859-6, Latin/Arabic (WHATWG index iso-8859-6).
	ISO8859_6 = newCodec("iso-8859-6", &iso8859_6)
	// ISO8859_7 is ISO/IEC 8859-7:2003, Latin/Greek (WHATWG index iso-8859-7).
	ISO8859_7 = newCodec("iso-8859-7", &iso8859_7)
	// ISO8859_8 is ISO/IEC 8859-8, Latin/Hebrew in visual order (WHATWG
	// index iso-8859-8).
	ISO8859_8 = newCodec("iso-8859-8", &iso8859_8)
	// ISO8859_8I is ISO-8859-8-I, the same table as ISO8859_8 for text in
	// logical order (RFC 1556); only the name differs.
	ISO8859_8I = newCodec("iso-8859-8-i", &iso8859_8)
	// ISO8859_10 is ISO/IEC 8859-10, Latin-6 (WHATWG index iso-8859-10).
	ISO8859_10 = newCodec("iso-8859-10", &iso8859_10)
	// ISO8859_13 is ISO/IEC 8859-13, Latin-7 (WHATWG index iso-8859-13).
	ISO8859_13 = newCodec("iso-8859-13", &iso8859_13)
	// ISO8859_14 is ISO/IEC 8859-14, Latin-8 (WHATWG index iso-8859-14).
	ISO8859_14 = newCodec("iso-8859-14", &iso8859_14)
	// ISO8859_15 is ISO/IEC 8859-15, Latin-9 (WHATWG index iso-8859-15).
	ISO8859_15 = newCodec("iso-8859-15", &iso8859_15)
	// ISO8859_16 is ISO/IEC 8859-16, Latin-10 (WHATWG index iso-8859-16).
	ISO8859_16 = newCodec("iso-8859-16", &iso8859_16)
	// KOI8R is KOI8-R, RFC 1489 (WHATWG index koi8-r).
	KOI8R = newCodec("koi8-r", &koi8r)
	// KOI8U is KOI8-U, RFC 2319, with WHATWG's additions (index koi8-u).
	KOI8U = newCodec("koi8-u", &koi8u)
	// Macintosh is Mac OS Roman (WHATWG index macintosh).
	Macintosh = newCodec("macintosh", &macintosh)
	// XMacCyrillic is Mac OS Cyrillic/Ukrainian (WHATWG index x-mac-cyrillic).
	XMacCyrillic = newCodec("x-mac-cyrillic", &xMacCyrillic)
	// Windows874 is Windows code page 874, Thai (WHATWG index windows-874):
	// TIS-620 plus NBSP at A0 and punctuation at 80–9F. WHATWG also gives it
	// the labels tis-620 and iso-8859-11.
	Windows874 = newCodec("windows-874", &windows874)
	// Windows1250 is Windows code page 1250, Central European.
	Windows1250 = newCodec("windows-1250", &windows1250)
	// Windows1251 is Windows code page 1251, Cyrillic.
	Windows1251 = newCodec("windows-1251", &windows1251)
	// Windows1252 is Windows code page 1252, Western European. WHATWG's
	// table fills 81, 8D, 8F, 90 and 9D (undefined in Microsoft's table)
	// with the C1 controls of the same value.
	Windows1252 = newCodec("windows-1252", &windows1252)
	// Windows1253 is Windows code page 1253, Greek.
	Windows1253 = newCodec("windows-1253", &windows1253)
	// Windows1254 is Windows code page 1254, Turkish (WHATWG also maps the
	// ISO-8859-9 labels to it).
	Windows1254 = newCodec("windows-1254", &windows1254)
	// Windows1255 is Windows code page 1255, Hebrew.
	Windows1255 = newCodec("windows-1255", &windows1255)
	// Windows1256 is Windows code page 1256, Arabic.
	Windows1256 = newCodec("windows-1256", &windows1256)
	// Windows1257 is Windows code page 1257, Baltic.
	Windows1257 = newCodec("windows-1257", &windows1257)
	// Windows1258 is Windows code page 1258, Vietnamese. Like WHATWG, it
	// does not compose or decompose the combining tone marks.
	Windows1258 = newCodec("windows-1258", &windows1258)
	// XUserDefined is WHATWG's x-user-defined (Encoding Standard §14.5):
	// bytes 80–FF map to U+F780–U+F7FF.
	XUserDefined = newCodec("x-user-defined", userDefinedTable)
)

// Encodings that WHATWG lacks.
var (
	// ISO8859_1 is ISO/IEC 8859-1 (Latin-1) exactly: byte b is U+00b, so
	// bytes 80–9F are the C1 controls U+0080–U+009F. WHATWG maps the labels
	// iso-8859-1, latin1 and the like to windows-1252 instead; ucs keeps
	// them for this codec (package charset documents the deviation).
	ISO8859_1 = newLatin1()
	// USASCII is US-ASCII (ANSI X3.4-1968, ISO 646 IRV): bytes 80–FF are
	// malformed and only U+0000–U+007F can be encoded. WHATWG maps the
	// labels ascii and us-ascii to windows-1252; ucs does not.
	USASCII = newCodec("us-ascii", new([128]uint16))
	// IBM437 is the original IBM PC code page 437, bytes 80–FF from IBM's
	// table ibm-437_P100-1995. Bytes 00–7F are ASCII: the PC's graphic
	// symbols for the control codes (☺ at 01 and so on) are not decoded, and
	// IBM's permutation of 1A, 1C and 7F is not followed.
	IBM437 = newCodec("ibm437", &ibm437)
	// IBM850 is DOS Latin-1, code page 850 (IBM ibm-850_P100-1999, bytes 80–FF).
	IBM850 = newCodec("ibm850", &ibm850)
	// IBM852 is DOS Latin-2, code page 852 (IBM ibm-852_P100-1999, bytes 80–FF).
	IBM852 = newCodec("ibm852", &ibm852)
	// IBM855 is DOS Cyrillic, code page 855 (IBM ibm-855_P100-1995, bytes 80–FF).
	IBM855 = newCodec("ibm855", &ibm855)
	// IBM857 is DOS Turkish, code page 857 (IBM ibm-857_P100-1995, bytes
	// 80–FF; D5, E7 and F2 have no character).
	IBM857 = newCodec("ibm857", &ibm857)
	// IBM862 is DOS Hebrew, code page 862 (IBM ibm-862_P100-1995, bytes 80–FF).
	IBM862 = newCodec("ibm862", &ibm862)
	// CP1125 is the Ukrainian DOS code page 1125, RST 2018-91 (IBM
	// ibm-1125_P100-1997, bytes 80–FF).
	CP1125 = newCodec("cp1125", &cp1125)
	// TIS620 is TIS 620-2533 (Thai Industrial Standard), from glibc's table:
	// A1–DA and DF–FB are Thai; A0 and 80–9F have no character (unlike
	// windows-874, which WHATWG also reaches by the label tis-620; see
	// package charset).
	TIS620 = newCodec("tis-620-2533", &tis620)
)
