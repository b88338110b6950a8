package japanese

import (
	"sync"

	"github.com/ucskit/ucs/encoding/internal/mb"
)

// tables are built on first use from the generated indexes.
type tables struct {
	fastSJIS  *mb.Pairs      // Shift_JIS two-byte codes, for mb.Decode2
	fastEUC   *mb.Pairs      // EUC-JP two-byte codes (JIS X 0208), for mb.Decode2
	eucjpCode *[65536]uint16 // code point → EUC-JP bytes, lead<<8|trail
	jisCode   *[65536]uint16 // eucjpCode less 8080, from U+0800 only (see jis0208EncodeRun)
	sjisCode  *[65536]uint16 // code point → Shift_JIS bytes, lead<<8|trail
	jis0208   []uint32       // pointer → packed UTF-8
	jis0212   []uint32       // pointer → packed UTF-8
	eucjp     *[65536]uint16 // code point → jis0208 pointer + 1 (first pointer)
	sjis      *[65536]uint16 // code point → jis0208 pointer + 1, excluding 8272–8835
}

var getTables = sync.OnceValue(func() *tables {
	t := &tables{
		jis0208:   mb.PackTable16(jis0208Index[:]),
		jis0212:   mb.PackTable16(jis0212Index[:]),
		eucjp:     new([65536]uint16),
		sjis:      new([65536]uint16),
		eucjpCode: new([65536]uint16),
		jisCode:   new([65536]uint16),
		sjisCode:  new([65536]uint16),
	}
	fast208 := mb.PackLenTable16(jis0208Index[:])
	t.fastSJIS = mb.NewPairs(&sjisLead, &sjisTrail, fast208)
	t.fastEUC = mb.NewPairs(&eucLead, &eucTrail, fast208[:94*94])
	for p, r := range jis0208Index {
		if r == 0 {
			continue
		}
		if t.eucjp[r] == 0 {
			t.eucjp[r] = uint16(p + 1)
		}
		if t.sjis[r] == 0 && (p < 8272 || p > 8835) {
			t.sjis[r] = uint16(p + 1)
		}
	}
	for r, p1 := range t.eucjp {
		if p1 != 0 && p1-1 < 94*94 {
			p := int(p1 - 1)
			t.eucjpCode[r] = uint16((p/94+0xA1)<<8 | (p%94 + 0xA1))
		}
	}
	for r, p1 := range t.sjis {
		if p1 != 0 {
			p := int(p1 - 1)
			lead, trail := p/188, p%188
			lo, to := 0x81, 0x40
			if lead >= 0x1F {
				lo = 0xC1
			}
			if trail >= 0x3F {
				to = 0x41
			}
			t.sjisCode[r] = uint16((lead+lo)<<8 | (trail + to))
		}
	}
	// The characters the encoders treat specially stay with the general loop.
	for _, r := range []rune{0xA5, 0x203E, 0x2212} {
		t.eucjpCode[r], t.sjisCode[r] = 0, 0
	}
	for r := 0xFF61; r <= 0xFF9F; r++ {
		t.eucjpCode[r], t.sjisCode[r] = 0, 0
	}
	for r := 0x800; r < len(t.jisCode); r++ {
		if c := t.eucjpCode[r]; c != 0 {
			t.jisCode[r] = c &^ 0x8080
		}
	}
	return t
})

// The terms of the pointers of Shift_JIS and EUC-JP two-byte codes (see
// mb.NewPairs). EUC-JP's 8E and 8F leads are left to the general loop.
var sjisLead, sjisTrail, eucLead, eucTrail = func() (sl, st, el, et [256]uint16) {
	for i := range sl {
		sl[i], st[i], el[i], et[i] = mb.Invalid, mb.Invalid, mb.Invalid, mb.Invalid
		switch {
		case i >= 0x81 && i <= 0x9F:
			sl[i] = uint16(i-0x81) * 188
		case i >= 0xE0 && i <= 0xFC:
			sl[i] = uint16(i-0xC1) * 188
		}
		switch {
		case i >= 0x40 && i <= 0x7E:
			st[i] = uint16(i - 0x40)
		case i >= 0x80 && i <= 0xFC:
			st[i] = uint16(i - 0x41)
		}
		if i >= 0xA1 && i <= 0xFE {
			el[i] = uint16(i-0xA1) * 94
			et[i] = uint16(i - 0xA1)
		}
	}
	return
}()
