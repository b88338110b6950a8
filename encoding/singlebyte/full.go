package singlebyte

import (
	"sync"
	"unicode/utf8"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
	"github.com/ucskit/ucs/internal/simd"
)

// fullmap is a single-byte encoding whose bytes 00–7F are not all ASCII
// (EBCDIC, IBM864, VISCII, TCVN 5712): a table of all 256 bytes (0: no
// character, but byte 00 is U+0000).
//
// When the page has at most 128 characters outside ASCII, it converts
// through the table kernels of internal/simd: a permutation takes each
// byte to the byte of an ASCII-based "shadow" page with the same
// characters (a character of ASCII to its own byte, any other character
// to a byte 80–FF, every byte without a character to one empty byte), the
// kernels convert the shadow page, and the encoder maps its output back
// through the inverse permutation. Pages with more (VISCII and TCVN 5712
// have letters in the C0 range and 134 and 140 characters outside ASCII)
// convert through the 256-entry tables alone.
type fullmap struct {
	table *[256]uint16

	// The kernel form.
	t    *simd.SBCS
	perm [256]byte   // page byte → shadow byte
	inv  [256]uint16 // shadow byte → page byte, or noByte
	inv8 [256]byte   // inv without noByte, for simd.Permute
	// orphans is set when an ASCII character has no page byte (its
	// shadow byte has noByte in inv), so that the encoder must check
	// each byte the kernels write.
	orphans bool

	// The table form (scalar: more than 128 characters outside ASCII).
	scalar bool
	dec    [256]uint32       // UTF-8 of each byte, length in the top byte; 0: none
	enc    [256]*[256]uint16 // code point → page byte + 1, by 256-code-point page
}

const noByte = 0x100

// newFull returns the codec of a page. Its fullmap (4 KB of kernel and
// scalar tables) is made when the first decoder or encoder is, so that the
// package's many pages cost little at start.
func newFull(name string, table *[256]uint16) *encoding.Codec {
	l := &lazyFull{table: table}
	return encoding.NewCodec(name,
		func() encoding.Core {
			m := l.get()
			d := &fullDecoder{m: m}
			if !m.scalar {
				d.buf = new([shadowChunk]byte)
			}
			return d
		},
		func() encoding.Core { return &fullEncoder{l.get()} })
}

// lazyFull makes a page's fullmap on first use.
type lazyFull struct {
	once  sync.Once
	table *[256]uint16
	m     *fullmap
}

func (l *lazyFull) get() *fullmap {
	l.once.Do(func() {
		m := &fullmap{table: l.table}
		if !m.buildShadow() {
			m.buildScalar()
		}
		l.m = m
	})
	return l.m
}

// code returns the code point of byte b and whether it has one.
func (m *fullmap) code(b int) (rune, bool) {
	r := rune(m.table[b])
	return r, r != 0 || b == 0
}

// buildShadow builds the kernel form; it reports false when the page has
// more characters outside ASCII than the shadow page's 128 bytes.
func (m *fullmap) buildShadow() bool {
	var high [128]uint16
	slot := map[rune]byte{}
	next := 0
	empty := -1
	for b := range 256 {
		r, ok := m.code(b)
		switch {
		case ok && r < 0x80:
			m.perm[b] = byte(r)
		case ok:
			s, seen := slot[r]
			if !seen {
				if next == 128 {
					return false
				}
				s = byte(0x80 + next)
				high[next] = uint16(r)
				slot[r] = s
				next++
			}
			m.perm[b] = s
		default:
			if empty < 0 {
				if next == 128 {
					return false
				}
				empty = 0x80 + next
				next++
			}
			m.perm[b] = byte(empty)
		}
	}
	for i := range m.inv {
		m.inv[i] = noByte
	}
	for b := 255; b >= 0; b-- { // the lowest byte of a character encodes it
		if _, ok := m.code(b); ok {
			m.inv[m.perm[b]] = uint16(b)
		}
	}
	for sb, b := range m.inv {
		m.inv8[sb] = byte(b)
		if b == noByte && sb < 0x80 {
			m.orphans = true
		}
	}
	m.t = simd.NewSBCS(&high)
	return true
}

func (m *fullmap) buildScalar() {
	m.scalar = true
	for b := 255; b >= 0; b-- {
		r, ok := m.code(b)
		if !ok {
			continue
		}
		var u [4]byte
		n := utf8.EncodeRune(u[:], r)
		m.dec[b] = uint32(u[0]) | uint32(u[1])<<8 | uint32(u[2])<<16 | uint32(n)<<24
		pg := m.enc[r>>8]
		if pg == nil {
			pg = new([256]uint16)
			m.enc[r>>8] = pg
		}
		pg[r&0xFF] = uint16(b) + 1
	}
}

// encodeRune returns the page byte of r.
func (m *fullmap) encodeRune(r rune) (byte, bool) {
	if m.scalar {
		if r < 0 || r > 0xFFFF {
			return 0, false
		}
		if pg := m.enc[r>>8]; pg != nil && pg[r&0xFF] != 0 {
			return byte(pg[r&0xFF] - 1), true
		}
		return 0, false
	}
	s, ok := m.t.EncodeRune(r)
	if !ok || m.inv[s] == noByte {
		return 0, false
	}
	return byte(m.inv[s]), true
}

// shadowChunk is how many bytes the decoder permutes at a time.
const shadowChunk = 1024

type fullDecoder struct {
	m   *fullmap
	buf *[shadowChunk]byte // the permuted bytes (kernel form only)
}

func (d *fullDecoder) Reset() {}

func (d *fullDecoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	m := d.m
	if m.scalar {
		return m.decodeScalar(dst, src)
	}
	tmp := d.buf
	for nSrc < len(src) {
		s := src[nSrc:min(len(src), nSrc+shadowChunk)]
		sh := tmp[:len(s)]
		simd.Permute(sh, s, &m.perm)
		nd, ns := m.t.ToUTF8(dst[nDst:], sh)
		nDst += nd
		nSrc += ns
		if ns < len(sh) {
			if _, ok := m.t.DecodeByte(sh[ns]); !ok {
				return nDst, nSrc, encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}, nil
			}
			return nDst, nSrc, bad, transform.ErrShortDst
		}
	}
	return nDst, nSrc, bad, nil
}

func (m *fullmap) decodeScalar(dst, src []byte) (nDst, nSrc int, bad encoding.Bad, err error) {
	for ; nSrc < len(src); nSrc++ {
		v := m.dec[src[nSrc]]
		if v == 0 {
			return nDst, nSrc, encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}, nil
		}
		n := int(v >> 24)
		if len(dst)-nDst < n {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		for i := range n {
			dst[nDst+i] = byte(v >> (8 * i))
		}
		nDst += n
	}
	return nDst, nSrc, bad, nil
}

type fullEncoder struct{ m *fullmap }

func (e *fullEncoder) Reset() {}

// Convert encodes into the shadow page with the kernels and maps what
// they wrote back to the page; a shadow byte without a page byte (an
// ASCII character the page lacks) stops it at that character.
func (e *fullEncoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	m := e.m
	for nSrc < len(src) {
		if !m.scalar {
			nd, ns := m.t.FromUTF8(dst[nDst:], src[nSrc:])
			out := dst[nDst : nDst+nd]
			if !m.orphans {
				// Every byte the kernels write has a page byte.
				simd.Permute(out, out, &m.inv8)
				out = nil
			}
			for i, s := range out {
				b := m.inv[s]
				if b == noByte {
					// Character i of src[nSrc:] has no byte.
					off := nSrc
					for range i {
						_, n := utf8.DecodeRune(src[off:])
						off += n
					}
					r, n := utf8.DecodeRune(src[off:])
					return nDst + i, off, encoding.Bad{Len: n, Kind: encoding.Unmappable, Rune: r}, nil
				}
				out[i] = byte(b)
			}
			nDst += nd
			nSrc += ns
			if nSrc >= len(src) {
				break
			}
		}
		r, n, k := mb.NextRune(src[nSrc:], atEOF)
		if n == 0 {
			return nDst, nSrc, bad, transform.ErrShortSrc
		}
		if k != encoding.KindNone {
			return nDst, nSrc, encoding.Bad{Len: n, Kind: k, Rune: r}, nil
		}
		b, ok := m.encodeRune(r)
		if !ok {
			return nDst, nSrc, encoding.Bad{Len: n, Kind: encoding.Unmappable, Rune: r}, nil
		}
		if nDst >= len(dst) {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		dst[nDst] = b
		nDst++
		nSrc += n
	}
	return nDst, nSrc, bad, nil
}

// swapLFNL returns a copy of an EBCDIC table with bytes 15 and 25
// exchanged: 15 becomes LF and 25 NEL, as in ICU's swaplfnl converters
// for z/OS Unix System Services text.
func swapLFNL(t *[256]uint16) *[256]uint16 {
	c := *t
	if c[0x15] != 0x85 || c[0x25] != 0x0A {
		panic("singlebyte: swapLFNL of a table without NEL at 15 and LF at 25")
	}
	c[0x15], c[0x25] = c[0x25], c[0x15]
	return &c
}
