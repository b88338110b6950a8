package fix

import (
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/ucskit/ucs/charset"
)

// sbPage is a single-byte code page as a pair of tables built from the
// registry's strict codec, so that every inversion agrees with ucs's
// decoders byte for byte.
type sbPage struct {
	name string
	dec  [256]rune // 0 where the page leaves the byte undefined
	// windows is true for the windows-125x and DOS pages, whose undefined
	// bytes browsers and lenient decoders turn into C1 controls.
	windows bool
	// sloppy is true for windows-1252 and ISO-8859-1, whose C1 controls
	// left outside a sequence are read as windows-1252.
	sloppy bool
	// prior is the extra cost of assuming the page: the rarer on the web,
	// the more.
	prior int
	// web is true for the pages that text is commonly read as by mistake
	// in a legacy-as-legacy mix-up (windows-125x, ISO-8859-x, KOI8).
	web bool
}

// mbPage is a multi-byte page that UTF-8 is read as by mistake.
type mbPage struct {
	name string
	cs   *charset.Charset
}

// The single-byte pages tried, most common on the web first (the order
// only breaks ties between candidates of equal cost).
var sbNames = []string{
	"windows-1252", "windows-1251", "windows-1250", "iso-8859-1", "iso-8859-2",
	"windows-1253", "windows-1254", "windows-1255", "windows-1256", "windows-1257",
	"windows-1258", "windows-874", "iso-8859-15", "iso-8859-5", "iso-8859-7",
	"iso-8859-4", "iso-8859-13", "iso-8859-16", "iso-8859-3", "iso-8859-10",
	"iso-8859-14", "iso-8859-6", "iso-8859-8", "koi8-r", "koi8-u", "macintosh",
	"x-mac-cyrillic", "ibm437", "ibm850", "ibm852", "ibm866", "ibm855", "ibm857",
	"ibm862", "cp1125",
}

// The multi-byte pages tried for UTF-8 read as CJK.
var mbNames = []string{"gbk", "gb18030", "shift_jis", "euc-jp", "euc-kr", "big5"}

type tables struct {
	sb []*sbPage
	mb []*mbPage
	// enc maps a rune to its byte in every single-byte page: enc[r][i] is
	// the byte in page i plus one, 0 when page i lacks r.
	enc map[rune][]byte
	// lead and cont are, per rune, the pages in which it stands for a UTF-8
	// lead byte (C2–F4) and a continuation byte (80–BF).
	lead, cont map[rune]uint64
	// leadC3 holds, per rune, the pages in which it stands for byte C3 and
	// A0 is the no-break space: "Ã " may be à whose A0 became a space.
	leadC3 map[rune]uint64
	common *commonSet
}

var (
	tabOnce sync.Once
	tab     *tables
)

func getTables() *tables {
	tabOnce.Do(func() { tab = buildTables() })
	return tab
}

func buildTables() *tables {
	t := &tables{enc: map[rune][]byte{}, lead: map[rune]uint64{}, cont: map[rune]uint64{}, leadC3: map[rune]uint64{}}
	for _, n := range sbNames {
		cs, err := charset.Lookup(n)
		if err != nil || cs.Codec == nil {
			continue
		}
		p := &sbPage{name: cs.Name}
		p.windows = len(cs.CodePages) > 0 && (len(n) > 8 && n[:8] == "windows-" || n[:3] == "ibm")
		for b := 0x80; b < 0x100; b++ {
			out, err := cs.Codec.AppendDecode(nil, []byte{byte(b)})
			if err != nil {
				continue
			}
			r, size := utf8.DecodeRune(out)
			if size != len(out) || r == utf8.RuneError {
				continue
			}
			p.dec[b] = r
		}
		p.web = strings.HasPrefix(p.name, "windows-") || strings.HasPrefix(p.name, "iso-8859-") || strings.HasPrefix(p.name, "koi8-")
		p.sloppy = p.name == "windows-1252" || p.name == "iso-8859-1"
		switch {
		case p.sloppy:
		case p.name == "windows-1251" || p.name == "windows-1250" || p.name == "iso-8859-2":
			p.prior = 5
		case p.name == "macintosh" || p.name == "x-mac-cyrillic" || p.name[:3] == "ibm" || p.name == "cp1125":
			p.prior = 25
		default:
			p.prior = 10
		}
		t.sb = append(t.sb, p)
	}
	if len(t.sb) > 64 {
		panic("fix: more than 64 single-byte pages")
	}
	for i, p := range t.sb {
		add := func(r rune, b byte) {
			e := t.enc[r]
			if e == nil {
				e = make([]byte, len(t.sb))
				t.enc[r] = e
			}
			if e[i] != 0 {
				return
			}
			e[i] = b + 1 - 0x80
			if b == 0xC3 && p.dec[0xA0] == 0xA0 {
				t.leadC3[r] |= 1 << i
			}
			if b >= 0xC2 && b <= 0xF4 {
				t.lead[r] |= 1 << i
			} else if b >= 0x80 && b <= 0xBF {
				t.cont[r] |= 1 << i
			}
		}
		for b := 0x80; b < 0x100; b++ {
			if r := p.dec[b]; r != 0 {
				add(r, byte(b))
			}
		}
		// Text decoded as ISO-8859-1 where the page meant windows-125x (or
		// by a decoder that passes undefined bytes through) holds C1
		// controls for the bytes 80–9F; they stand for themselves.
		for b := 0x80; b < 0xA0; b++ {
			add(rune(b), byte(b))
		}
	}
	for _, n := range mbNames {
		cs, err := charset.Lookup(n)
		if err != nil || cs.Codec == nil || !cs.CanEncode() {
			continue
		}
		t.mb = append(t.mb, &mbPage{name: cs.Name, cs: cs})
	}
	t.common = buildCommon()
	return t
}

// encodeByte returns the byte of r in page i, or -1.
func (t *tables) encodeByte(r rune, i int) int {
	if r < 0x80 {
		return int(r)
	}
	e := t.enc[r]
	if e == nil || e[i] == 0 {
		return -1
	}
	return int(e[i]) - 1 + 0x80
}
