package fix

import (
	"unicode/utf8"

	"github.com/ucskit/ucs/charset"
)

// commonSet holds the CJK characters of the first levels of the national
// standards: GB 2312 level 1 (3,755 hanzi), Big5's frequently used block
// (5,401), JIS X 0208 level 1 (2,965 kanji) and the 2,350 Hangul syllables
// of KS X 1001. The bytes of UTF-8 read as a CJK page fall mostly outside
// them, in second levels and vendor extensions.
type commonSet struct {
	han    []uint64 // U+4E00–U+9FFF
	hangul []uint64 // U+AC00–U+D7A3
}

func (c *commonSet) isCommon(r rune) bool {
	switch {
	case r >= 0x4E00 && r <= 0x9FFF:
		i := r - 0x4E00
		return c.han[i>>6]&(1<<(i&63)) != 0
	case r >= 0xAC00 && r <= 0xD7A3:
		i := r - 0xAC00
		return c.hangul[i>>6]&(1<<(i&63)) != 0
	}
	return false
}

func buildCommon() *commonSet {
	c := &commonSet{han: make([]uint64, (0xA000-0x4E00+63)/64), hangul: make([]uint64, (0xD7A4-0xAC00+63)/64)}
	mark := func(name string, lead0, lead1, trail0, trail1 byte, trail2, trail3 byte) {
		cs, err := charset.Lookup(name)
		if err != nil || cs.Codec == nil {
			return
		}
		var buf []byte
		for l := int(lead0); l <= int(lead1); l++ {
			for t := int(trail0); t <= int(trail3); t++ {
				if t > int(trail1) && t < int(trail2) {
					continue
				}
				out, err := cs.Codec.AppendDecode(buf[:0], []byte{byte(l), byte(t)})
				if err != nil {
					continue
				}
				r, _ := utf8.DecodeRune(out)
				switch {
				case r >= 0x4E00 && r <= 0x9FFF:
					i := r - 0x4E00
					c.han[i>>6] |= 1 << (i & 63)
				case r >= 0xAC00 && r <= 0xD7A3:
					i := r - 0xAC00
					c.hangul[i>>6] |= 1 << (i & 63)
				}
			}
		}
	}
	mark("euc-cn", 0xB0, 0xD7, 0xA1, 0xFE, 0xFF, 0xFE)
	mark("big5", 0xA4, 0xC6, 0x40, 0x7E, 0xA1, 0xFE)
	mark("euc-jp", 0xB0, 0xCF, 0xA1, 0xFE, 0xFF, 0xFE)
	mark("euc-kr", 0xB0, 0xC8, 0xA1, 0xFE, 0xFF, 0xFE)
	return c
}
