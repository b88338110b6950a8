package cli

import (
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/width"
	"golang.org/x/text/unicode/runenames"
)

// charInfo is what ucs inspect tells about one code point.
type charInfo struct {
	Char      string   `json:"char"`
	CodePoint string   `json:"code_point"`
	Name      string   `json:"name"`
	Category  string   `json:"category"`
	UTF8      string   `json:"utf8"`
	UTF16     []string `json:"utf16"`
	GB18030   string   `json:"gb18030"`
	Width     int      `json:"width"`
	Plane     int      `json:"plane"`
	Row       int      `json:"row"`
	Cell      int      `json:"cell"`
	PlaneName string   `json:"plane_name"`
	Input     string   `json:"input,omitempty"`  // the input bytes, for a decoded file
	Offset    *int64   `json:"offset,omitempty"` // their offset
	r         rune
}

func newCharInfo(r rune, w width.Options) charInfo {
	ci := charInfo{
		r:         r,
		Char:      string(r),
		CodePoint: fmt.Sprintf("U+%04X", r),
		Name:      charName(r),
		Category:  category(r),
		UTF8:      hexCompact(utf8.AppendRune(nil, r)),
		Width:     w.Rune(r),
		Plane:     int(r >> 16),
		Row:       int(r>>8) & 0xFF,
		Cell:      int(r) & 0xFF,
		PlaneName: planeName(r),
	}
	if r >= 0xD800 && r <= 0xDFFF {
		ci.UTF8 = ""
		ci.Char = ""
	}
	for _, u := range utf16.Encode([]rune{r}) {
		ci.UTF16 = append(ci.UTF16, fmt.Sprintf("%04X", u))
	}
	if r >= 0xD800 && r <= 0xDFFF {
		ci.UTF16 = []string{fmt.Sprintf("%04X", r)}
	}
	ci.GB18030 = gb18030Bytes(r)
	return ci
}

// gb18030Bytes returns the GB 18030 encoding of r in hex, or "-" when ucs
// has no GB 18030 codec or the code point has no encoding (a surrogate).
func gb18030Bytes(r rune) string {
	cs, err := charset.Lookup("gb18030")
	if err != nil || !cs.CanEncode() {
		return "-"
	}
	b, err := cs.Codec.AppendEncode(nil, utf8.AppendRune(nil, r))
	if err != nil || (r >= 0xD800 && r <= 0xDFFF) {
		return "-"
	}
	return hexCompact(b)
}

// categories are the two-letter general categories (Unicode §4.5), most
// frequent first.
var categories = []string{
	"Ll", "Lu", "Lo", "Lt", "Lm", "Mn", "Mc", "Me", "Nd", "Nl", "No",
	"Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So",
	"Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co",
}

// category returns the general category of r; "Cn" when unassigned.
func category(r rune) string {
	if r >= 0xD800 && r <= 0xDFFF {
		return "Cs"
	}
	for _, c := range categories {
		if unicode.Is(unicode.Categories[c], r) {
			return c
		}
	}
	return "Cn"
}

// planeName names the plane of r (Unicode §2.8).
func planeName(r rune) string {
	switch p := r >> 16; {
	case p == 0:
		return "BMP"
	case p == 1:
		return "SMP"
	case p == 2:
		return "SIP"
	case p == 3:
		return "TIP"
	case p == 14:
		return "SSP"
	case p == 15:
		return "SPUA-A"
	case p == 16:
		return "SPUA-B"
	}
	return "unassigned plane"
}

// controlNames are the usual names of control characters (Unicode's
// NameAliases.txt, the "control" and "abbreviation" aliases).
var controlNames = map[rune]string{
	0x00: "NULL (NUL)", 0x07: "BELL (BEL)", 0x08: "BACKSPACE (BS)",
	0x09: "CHARACTER TABULATION (TAB)", 0x0A: "LINE FEED (LF)",
	0x0B: "LINE TABULATION (VT)", 0x0C: "FORM FEED (FF)",
	0x0D: "CARRIAGE RETURN (CR)", 0x1B: "ESCAPE (ESC)", 0x7F: "DELETE (DEL)",
	0x85: "NEXT LINE (NEL)",
}

// Hangul syllable short names (Unicode §3.12, Jamo short names).
var (
	jamoL = []string{"G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S", "SS", "", "J", "JJ", "C", "K", "T", "P", "H"}
	jamoV = []string{"A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE", "OE", "YO", "U", "WEO", "WE", "WI", "YU", "EU", "YI", "I"}
	jamoT = []string{"", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG", "LM", "LB", "LS", "LT", "LP", "LH", "M", "B", "BS", "S", "SS", "NG", "J", "C", "K", "T", "P", "H"}
)

// charName returns the Unicode name of r, deriving the names the name
// table leaves as ranges (Unicode §4.8: CJK and Tangut ideographs, Hangul
// syllables), and a label in angle brackets for code points without one.
func charName(r rune) string {
	if r >= 0xD800 && r <= 0xDFFF {
		return "<surrogate>"
	}
	if r&0xFFFE == 0xFFFE || (r >= 0xFDD0 && r <= 0xFDEF) {
		return "<noncharacter>"
	}
	n := runenames.Name(r)
	switch {
	case n == "<control>":
		if a, ok := controlNames[r]; ok {
			return "<control> " + a
		}
		return n
	case n == "<Hangul Syllable>":
		s := int(r - 0xAC00)
		return "HANGUL SYLLABLE " + jamoL[s/(21*28)] + jamoV[s%(21*28)/28] + jamoT[s%28]
	case strings.HasPrefix(n, "<CJK Ideograph"):
		return fmt.Sprintf("CJK UNIFIED IDEOGRAPH-%04X", r)
	case n == "<Tangut Ideograph>" || n == "<Tangut Ideograph Supplement>":
		return fmt.Sprintf("TANGUT IDEOGRAPH-%04X", r)
	case n == "":
		return "<unassigned>"
	}
	return n
}

// visible returns how to show r in a table cell: control pictures for C0
// controls and DEL, a dotted circle under combining marks, nothing for
// other invisible characters.
func visible(r rune) string {
	switch {
	case r < 0x20:
		return string(0x2400 + r)
	case r == 0x7F:
		return "\u2421"
	}
	switch classifyVisible(r) {
	case shownOnCircle:
		return "\u25CC" + string(r)
	case shownNot:
		return ""
	}
	return string(r)
}

// How a character other than C0 and DEL shows in a table or a dump.
const (
	shownAsIs     = iota
	shownOnCircle // a combining mark, on a dotted circle
	shownNot      // a surrogate, a control, a format or line/paragraph separator, a noncharacter FFFE/FFFF
)

func classifyVisible(r rune) uint8 {
	switch {
	case r >= 0xD800 && r <= 0xDFFF:
		return shownNot
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc):
		return shownOnCircle
	case unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp) || r&0xFFFE == 0xFFFE:
		return shownNot
	}
	return shownAsIs
}

// bmpVisible holds classifyVisible for the BMP, built on first use by the
// hex dump, which asks for every character of a file (a table of a few
// characters asks classifyVisible itself).
var bmpVisible = sync.OnceValue(func() *[0x10000]uint8 {
	t := new([0x10000]uint8)
	for r := range rune(0x10000) {
		t[r] = classifyVisible(r)
	}
	return t
})

// visibleClass tells how r shows: shownAsIs, shownOnCircle or shownNot.
func visibleClass(r rune) uint8 {
	if r >= 0 && r < 0x10000 {
		return bmpVisible()[r]
	}
	return classifyVisible(r)
}
