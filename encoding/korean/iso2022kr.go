package korean

import (
	"encoding/binary"
	"sync"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mb"
	"github.com/ucskit/ucs/internal/simd"
)

// ISO2022KR is ISO-2022-KR (RFC 1557), the 7-bit Korean mail encoding:
// the designation ESC $ ) C announces KS X 1001 as the G1 set, SO (0E)
// shifts to it and SI (0F) back to ASCII; in KS X 1001 each character is
// two bytes 21–7E (its EUC-KR bytes less 80).
//
// The decoder accepts the designation anywhere and any number of times,
// and SO without it, as glibc's and CPython's decoders do; any other
// escape sequence, bytes 80–FF, and in KS X 1001 anything but a pair of
// 21–7E (a line end included: RFC 1557 ends each line in ASCII) are
// malformed. Text may end in KS X 1001.
//
// The encoder writes the designation once, before the first character
// (as glibc does; RFC 1557 puts it at the start), encodes the 8 226
// characters of KS X 1001 (€ and ® of its 1998 edition included) (not UHC's additional Hangul, which have no
// 7-bit form), shifts back to ASCII before every ASCII character and at
// the end of the text. SO, SI and ESC in the text are unmappable: they
// would be read as shifts and escapes.
var ISO2022KR = encoding.NewCodec("iso-2022-kr",
	func() encoding.Core {
		t := getTables()
		return &iso2022krDecoder{t: t, pairs: kscPairs(), dec: decoder{t}}
	},
	func() encoding.Core { return &iso2022krEncoder{ksc: kscEnc()} })

const (
	so = 0x0E
	si = 0x0F
)

const iso2022krDesignation = "\x1b$)C"

type iso2022krDecoder struct {
	t     *tables
	pairs *[128 * 128]uint32 // kscPairs
	ksc   bool               // shifted out: KS X 1001
	// euc is the text of a block in EUC-KR form (see block), made when
	// first needed.
	euc []byte
	dec decoder // EUC-KR's, for its form
}

// iso2022krBlock is the size of the blocks the vector path rewrites into
// EUC-KR form at a time, and iso2022krWindow the most the scalar loop
// takes between two tries of the vector path.
const (
	iso2022krBlock  = 16 << 10
	iso2022krWindow = 256
)

// kscPairs is KS X 1001 by its two 7-bit bytes, c<<7 | c2, each character
// in mb.PackLen form; 0 where there is none (every pair with a byte
// outside 21–7E). At 64 KiB it is a quarter of EUC-KR's mb.Pairs table.
var kscPairs = sync.OnceValue(func() *[128 * 128]uint32 {
	t := new([128 * 128]uint32)
	for c := 0x21; c <= 0x7E; c++ {
		for c2 := 0x21; c2 <= 0x7E; c2++ {
			if r := euckrIndex[(c+0x80-0x81)*190+c2+0x80-0x41]; r != 0 {
				t[c<<7|c2] = mb.PackLen(rune(r))
			}
		}
	}
	return t
})

func (d *iso2022krDecoder) Reset()               { d.ksc = false }
func (d *iso2022krDecoder) Clone() encoding.Core { c := *d; c.euc = nil; return &c }

func (d *iso2022krDecoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	return mb.RunSteps(d, dst, src, atEOF)
}

// Run decodes what needs no other work: with the vector step, whole
// blocks through EUC-KR (block), then at most iso2022krWindow bytes
// through run.
func (d *iso2022krDecoder) Run(dst, src []byte) (nDst, nSrc int) {
	end := len(src)
	if simd.HasISO2022KR() {
		nDst, nSrc = d.block(dst, src)
		end = min(end, nSrc+iso2022krWindow)
	}
	nd, ns := d.run(dst[nDst:], src[nSrc:end])
	return nDst + nd, nSrc + ns
}

// block decodes blocks of src while they need no other work, through
// EUC-KR: the vector step simd.ISO2022KRToEUC rewrites a block into EUC-KR
// form (shifts dropped, 80 added to the bytes of KS X 1001) and EUC-KR's
// decoder (its vector pairs path) decodes that in one call. Korean text
// shifts at nearly every word, and this keeps the shifts out of the
// branches. It stops before anything else (escapes, errors, a short dst),
// at a character boundary, for the scalar loop.
func (d *iso2022krDecoder) block(dst, src []byte) (nDst, nSrc int) {
	for len(src)-nSrc >= simd.ISO2022KRMinSrc {
		if d.euc == nil {
			d.euc = make([]byte, iso2022krBlock)
		}
		// At most 3 bytes of UTF-8 for 2 of src: a block fits in dst (and
		// a small dst does not cost a whole block's rewrite per call).
		blk := src[nSrc : nSrc+min(len(src)-nSrc, iso2022krBlock, (len(dst)-nDst)/3*2)]
		m, ns, ksc := simd.ISO2022KRToEUC(d.euc, blk, d.ksc)
		if ns == 0 {
			return
		}
		// Every pair of the EUC-KR form is A1–FE A1–FE, where EUC-KR has
		// KS X 1001 alone: it decodes to the same text, and stops only at a
		// pair with no character or at the end of dst.
		nd, k, _, _ := mb.Decode(dst[nDst:], d.euc[:m], true, d.t.fast, &d.dec)
		nDst += nd
		if k < m {
			ns, d.ksc = iso2022krSkip(blk, d.ksc, k)
			nSrc += ns
			return
		}
		nSrc += ns
		d.ksc = ksc
		if len(blk)-ns >= simd.ISO2022KRMinSrc {
			return // stopped at something else
		}
	}
	return
}

// iso2022krSkip returns the length of the start of src whose EUC-KR form
// (see block) is k bytes, and the shift state after it, from state ksc;
// the shifts after the k-th byte are not counted in.
func iso2022krSkip(src []byte, ksc bool, k int) (int, bool) {
	i := 0
	for ; k > 0; i++ {
		switch src[i] {
		case so:
			ksc = true
		case si:
			ksc = false
		default:
			k--
		}
	}
	return i, ksc
}

// run decodes the longest run that needs no other work: ASCII, pairs of
// KS X 1001 (looked up in kscPairs), and the shifts between them. Korean text shifts at nearly every
// word, so each state has a tight loop of its own and the shifts stay
// here; long ASCII runs go to mb.ASCII7.
func (d *iso2022krDecoder) run(dst, src []byte) (nDst, nSrc int) {
	pairs, ksc := d.pairs, d.ksc
	defer func() { d.ksc = ksc }()
	for {
		if ksc {
			for nSrc+2 <= len(src) && nDst+4 <= len(dst) {
				c, c2 := src[nSrc], src[nSrc+1]
				if (c|c2)&0x80 != 0 {
					return
				}
				v := pairs[uint(c)<<7|uint(c2)]
				if v == 0 {
					break
				}
				binary.LittleEndian.PutUint32(dst[nDst:nDst+4:nDst+4], v)
				nDst += int(v>>24) & 3
				nSrc += 2
			}
			if nSrc >= len(src) || src[nSrc] != si {
				return
			}
			ksc = false
			nSrc++
		}
		if nSrc+8 <= len(src) && mb.Plain7(src[nSrc:]) {
			n := mb.ASCII7(dst[nDst:], src[nSrc:])
			nDst += n
			nSrc += n
		}
		for nSrc < len(src) && nDst < len(dst) {
			c := src[nSrc]
			if c >= 0x80 || c == 0x1B || c&^1 == so {
				break
			}
			dst[nDst] = c
			nDst++
			nSrc++
		}
		if nSrc >= len(src) || src[nSrc] != so {
			return
		}
		ksc = true
		nSrc++
	}
}

// Step decodes what starts src and Run left: a shift, the designation,
// or one character with its error, if any.
func (d *iso2022krDecoder) Step(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	switch c := src[0]; {
	case c == 0x1B:
		return d.designation(src, atEOF)
	case c == so:
		d.ksc = true
		return 0, 1, bad, nil
	case c == si:
		d.ksc = false
		return 0, 1, bad, nil
	case c >= 0x80:
		return 0, 0, encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}, nil
	case !d.ksc:
		if len(dst) == 0 {
			return 0, 0, bad, transform.ErrShortDst
		}
		dst[0] = c
		return 1, 1, bad, nil
	}
	return d.pair(dst, src, atEOF)
}

// designation reads the escape sequence at the start of src, which must
// be ESC $ ) C.
func (d *iso2022krDecoder) designation(src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	if len(src) < 4 && !atEOF && string(src) == iso2022krDesignation[:len(src)] {
		return 0, 0, bad, transform.ErrShortSrc
	}
	if len(src) < 4 || string(src[:4]) != iso2022krDesignation {
		return 0, 0, encoding.Bad{Len: 1, Kind: encoding.InvalidEscape, Rune: -1}, nil
	}
	return 0, 4, bad, nil
}

// pair decodes the KS X 1001 character at the start of src, two bytes
// 21–7E, or reports what is wrong with it.
func (d *iso2022krDecoder) pair(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	c := src[0]
	if c < 0x21 || c > 0x7E {
		return 0, 0, encoding.Bad{Len: 1, Kind: encoding.InvalidByte, Rune: -1}, nil
	}
	if len(src) < 2 {
		if atEOF {
			return 0, 0, encoding.Bad{Len: 1, Kind: encoding.Truncated, Rune: -1}, nil
		}
		return 0, 0, bad, transform.ErrShortSrc
	}
	c2 := src[1]
	if c2 < 0x21 || c2 > 0x7E {
		return 0, 0, encoding.Bad{Len: 1, Kind: encoding.InvalidSequence, Rune: -1}, nil
	}
	v := d.t.dec[:len(euckrIndex)][int(c+0x80-0x81)*190+int(c2+0x80)-0x41]
	if v == 0 {
		return 0, 0, encoding.Bad{Len: 2, Kind: encoding.InvalidSequence, Rune: -1}, nil
	}
	w := mb.Put(dst, v)
	if w == 0 {
		return 0, 0, bad, transform.ErrShortDst
	}
	return w, 2, bad, nil
}

// kscEnc is EUC-KR's encode table cut to KS X 1001 (codes A1–FE A1–FE),
// the characters ISO-2022-KR can write, for mb.Encode94.
var kscEnc = sync.OnceValue(func() *[65536]uint16 {
	enc := new([65536]uint16)
	for r, v := range getTables().enc {
		if v>>8 >= 0xA1 && v&0xFF >= 0xA1 {
			enc[r] = v
		}
	}
	return enc
})

type iso2022krEncoder struct {
	ksc        *[65536]uint16 // kscEnc
	designated bool           // the designation is written
	shifted    bool           // shifted out: KS X 1001
	euc        []byte         // the text of a block in EUC-KR form (see block)
}

func (e *iso2022krEncoder) Reset()               { e.designated, e.shifted = false, false }
func (e *iso2022krEncoder) Clone() encoding.Core { c := *e; c.euc = nil; return &c }

func (e *iso2022krEncoder) Convert(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	nDst, nSrc, bad, err = mb.RunSteps(e, dst, src, atEOF)
	if err != nil || bad.Kind != encoding.KindNone {
		return nDst, nSrc, bad, err
	}
	if atEOF && e.shifted {
		if nDst >= len(dst) {
			return nDst, nSrc, bad, transform.ErrShortDst
		}
		dst[nDst] = si
		nDst++
		e.shifted = false
	}
	return nDst, nSrc, bad, nil
}

// Run encodes what needs no other work once the header has designated
// KS X 1001: with the vector step, whole blocks from EUC-KR's encoder
// (block), then run. Before the header it encodes nothing, for Step.
func (e *iso2022krEncoder) Run(dst, src []byte) (nDst, nSrc int) {
	if !e.designated {
		return 0, 0
	}
	if simd.HasISO2022KR() {
		nDst, nSrc = e.block(dst, src)
	}
	nd, ns := e.run(dst[nDst:], src[nSrc:])
	return nDst + nd, nSrc + ns
}

// run encodes the longest run that needs no other work: ASCII, the
// three-byte characters of KS X 1001, and the shifts between them. Korean
// text shifts at nearly every word, so each state has a tight loop of its
// own and the shifts stay here; long ASCII runs go to mb.ASCII7.
func (e *iso2022krEncoder) run(dst, src []byte) (nDst, nSrc int) {
	ksc, shifted := e.ksc, e.shifted
	defer func() { e.shifted = shifted }()
	for {
		if shifted {
			for nSrc+3 <= len(src) && nDst+2 <= len(dst) {
				v := kscCode(src[nSrc:nSrc+3:nSrc+3], ksc)
				if v == 0 {
					break
				}
				binary.BigEndian.PutUint16(dst[nDst:nDst+2:nDst+2], v&^0x8080)
				nDst += 2
				nSrc += 3
			}
			if nSrc >= len(src) || nDst+2 > len(dst) {
				return
			}
			if c := src[nSrc]; c >= 0x80 || c == 0x1B || c&^1 == so {
				return
			}
			dst[nDst], dst[nDst+1] = si, src[nSrc]
			nDst += 2
			nSrc++
			shifted = false
		}
		if nSrc+8 <= len(src) && mb.Plain7(src[nSrc:]) {
			n := mb.ASCII7(dst[nDst:], src[nSrc:])
			nDst += n
			nSrc += n
		}
		for nSrc < len(src) && nDst < len(dst) {
			c := src[nSrc]
			if c >= 0x80 || c == 0x1B || c&^1 == so {
				break
			}
			dst[nDst] = c
			nDst++
			nSrc++
		}
		if nSrc+3 > len(src) || nDst+3 > len(dst) {
			return
		}
		v := kscCode(src[nSrc:nSrc+3:nSrc+3], ksc)
		if v == 0 {
			return
		}
		dst[nDst] = so
		binary.BigEndian.PutUint16(dst[nDst+1:nDst+3:nDst+3], v&^0x8080)
		nDst += 3
		nSrc += 3
		shifted = true
	}
}

// block encodes blocks of src while they need no other work, through
// EUC-KR form: EUC-KR's fast path (mb.Encode2, with the table cut to
// KS X 1001) writes ASCII and the two-byte codes, and the vector step
// simd.ISO2022KRFromEUC (the loop of iso2022krFromEUC for the last bytes)
// turns them into ISO-2022-KR, an SO before each run of codes and an SI
// after it, the codes less 8080. Used only with the vector step: in Go
// alone it is slower than run. It stops (for the scalar loop)
// at anything else: other characters, SO, SI or ESC in the text, the end
// of either buffer.
func (e *iso2022krEncoder) block(dst, src []byte) (nDst, nSrc int) {
	for len(src)-nSrc >= 64 && len(dst)-nDst >= 2*64+1 {
		if e.euc == nil {
			e.euc = make([]byte, iso2022krBlock)
		}
		// The ISO-2022-KR form is at most twice the EUC-KR form (a shift
		// before every byte), which is at most the UTF-8.
		n := min(len(src)-nSrc, iso2022krBlock, (len(dst)-nDst-1)/2)
		m, ns := mb.Encode2(e.euc, src[nSrc:nSrc+n], e.ksc, 0)
		if ns == 0 {
			return
		}
		nd, k, shifted := iso2022krFromEUC(dst[nDst:], e.euc[:m], e.shifted)
		nDst += nd
		e.shifted = shifted
		if k < m {
			// SO, SI or ESC in the text, at k: the UTF-8 before it.
			i := 0
			for k > 0 {
				if src[nSrc+i] >= 0x80 {
					i, k = i+3, k-2 // a three-byte character, two bytes of EUC-KR form
				} else {
					i, k = i+1, k-1
				}
			}
			nSrc += i
			return
		}
		nSrc += ns
		if ns < n {
			return
		}
	}
	return
}

// iso2022krFromEUC writes src, text in EUC-KR form with only ASCII and
// KS X 1001, as ISO-2022-KR from shift state shifted, up to the first SO,
// SI or ESC. dst has room for 2*len(src) bytes.
func iso2022krFromEUC(dst, src []byte, shifted bool) (nDst, nSrc int, shiftedOut bool) {
	j, n, shifted := simd.ISO2022KRFromEUC(dst, src, shifted)
	dst = dst[:2*len(src)]
	var prev byte // 1 when shifted out
	if shifted {
		prev = 1
	}
	for i := n; i < len(src); i++ {
		c := src[i]
		if c < 0x20 && (c == 0x1B || c&^1 == so) {
			return j, i, prev != 0
		}
		h := c >> 7
		dst[j] = si - h // SO is SI-1
		j += int(h ^ prev)
		dst[j] = c & 0x7F
		j++
		prev = h
	}
	return j, len(src), prev != 0
}

// kscCode returns the EUC-KR code of the character whose UTF-8 is s, when
// s is a three-byte character of KS X 1001, and 0 otherwise.
func kscCode(s []byte, ksc *[65536]uint16) uint16 {
	if s[0]&0xF0 != 0xE0 || (uint16(s[1])<<8|uint16(s[2]))&0xC0C0 != 0x8080 {
		return 0
	}
	r := uint16(s[0]&0x0F)<<12 | uint16(s[1]&0x3F)<<6 | uint16(s[2]&0x3F)
	if r < 0x800 {
		return 0
	}
	return ksc[r]
}

// Step encodes the character at the start of src with the designation
// and the shift it needs, or reports it.
func (e *iso2022krEncoder) Step(dst, src []byte, atEOF bool) (nDst, nSrc int, bad encoding.Bad, err error) {
	r, n, k := mb.NextRune(src, atEOF)
	if n == 0 {
		return 0, 0, bad, transform.ErrShortSrc
	}
	if k != encoding.KindNone {
		return 0, 0, encoding.Bad{Len: n, Kind: k, Rune: r}, nil
	}
	var out [8]byte
	m := 0
	if !e.designated {
		m += copy(out[:], iso2022krDesignation)
	}
	var v uint16
	if r >= 0x80 && r <= 0xFFFF {
		v = e.ksc[r]
	}
	shifted := v != 0
	if !shifted {
		// ASCII, or a character to report: in ASCII.
		if e.shifted {
			out[m] = si
			m++
		}
		bad = encoding.Bad{Len: n, Kind: encoding.Unmappable, Rune: r}
		switch {
		case r == so || r == si || r == 0x1B:
			bad.RefRune = 0xFFFD
		case r < 0x80:
			out[m] = byte(r)
			m++
			bad = encoding.Bad{}
		}
	} else {
		if !e.shifted {
			out[m] = so
			m++
		}
		out[m], out[m+1] = byte(v>>8)-0x80, byte(v)-0x80
		m += 2
	}
	if len(dst) < m {
		return 0, 0, encoding.Bad{}, transform.ErrShortDst
	}
	e.designated, e.shifted = true, shifted
	if bad.Kind != encoding.KindNone {
		return copy(dst, out[:m]), 0, bad, nil
	}
	return copy(dst, out[:m]), n, bad, nil
}
