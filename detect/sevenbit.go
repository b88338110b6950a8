package detect

import (
	"bytes"
	"unicode"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/charset"
)

// sevenBitStage recognises the encodings that write non-ASCII text in
// 7-bit bytes, by their escapes: the ISO 2022 designations (RFC 1468
// ISO-2022-JP, RFC 1557 ISO-2022-KR, RFC 1922 ISO-2022-CN), the HZ shift
// sequences (RFC 1843) and the base64 runs of UTF-7 (RFC 2152). An
// encoding is reported only when the text decodes: by the registry's
// strict decoder, or, for the encodings the registry lacks (ISO-2022-KR,
// ISO-2022-CN and HZ, which WHATWG maps to its replacement encoding), by
// the structure checks here with the characters looked up in the table of
// the EUC form (EUC-KR, GBK). Those are reported with a nil Charset.
func sevenBitStage(t *tables, b []byte, atEOF bool, hist *[256]uint32) (Candidate, bool) {
	if hist[0x1B] > 0 {
		if c, ok := iso2022Stage(t, b, atEOF); ok {
			return c, true
		}
	}
	if hist['~'] > 0 && bytes.Contains(b, []byte("~{")) {
		if c, ok := hzStage(t, b, atEOF); ok {
			return c, true
		}
	}
	if hist['+'] > 0 {
		if c, ok := utf7Stage(t, b, atEOF); ok {
			return c, true
		}
	}
	return Candidate{}, false
}

// hzStage recognises HZ-GB-2312 (RFC 1843).
func hzStage(t *tables, b []byte, atEOF bool) (Candidate, bool) {
	if e := t.readings().encs["hz-gb-2312"]; e != nil {
		if !e.valid(b, atEOF) {
			return Candidate{}, false
		}
		return Candidate{Encoding: e.reportName(), Charset: e.cs, Confidence: 0.99, Language: "zh-Hans"}, true
	}
	gbk := t.readings().encs["gbk"]
	if gbk == nil || gbk.kind != kindMulti {
		return Candidate{}, false
	}
	n, ok := validHZ(b, atEOF, gbk.table())
	if !ok || n == 0 {
		return Candidate{}, false
	}
	return Candidate{Encoding: "hz-gb-2312", Confidence: sevenBitConfidence(n), Language: "zh-Hans"}, true
}

// sevenBitConfidence grows with the number of characters written in the
// shifted form.
func sevenBitConfidence(n int) float64 {
	switch {
	case n >= 4:
		return 0.99
	case n >= 2:
		return 0.95
	}
	return 0.9
}

// validHZ reports whether b is HZ as RFC 1843 defines it and counts its
// GB 2312 characters: in ASCII mode "~~" is a tilde, "~" before a line
// break continues the line, "~{" enters GB mode; in GB mode pairs of bytes
// 21–7E are GB 2312 characters (the same pair with the high bits set is a
// character of EUC-CN, looked up in GBK's table mt) until "~}". A line
// break also ends GB mode, as decoders commonly allow. With atEOF false
// the input may end inside a pair or an escape.
func validHZ(b []byte, atEOF bool, mt *mbTable) (chars int, ok bool) {
	gb := false
	for i := 0; i < len(b); {
		c := b[i]
		if c >= 0x80 {
			return chars, false
		}
		if c == '~' {
			if i+1 >= len(b) {
				return chars, !atEOF
			}
			switch d := b[i+1]; {
			case !gb && d == '~', !gb && d == '\n':
			case !gb && d == '\r' && i+2 < len(b) && b[i+2] == '\n':
				i++
			case !gb && d == '{':
				gb = true
			case gb && d == '}':
				gb = false
			default:
				return chars, false
			}
			i += 2
			continue
		}
		if gb {
			if c == '\n' || c == '\r' {
				gb = false
				i++
				continue
			}
			if i+1 >= len(b) {
				return chars, !atEOF
			}
			d := b[i+1]
			if c < 0x21 || c > 0x77 || d < 0x21 || d > 0x7E || mt.pair[int(c&0x7F)<<8|int(d|0x80)] == bad {
				return chars, false
			}
			chars++
			i += 2
			continue
		}
		i++
	}
	return chars, true
}

// utf7Stage recognises UTF-7: text with base64 runs ("+" then base64
// digits) that the registry's strict decoder accepts, that decode to
// ordinary characters, and at least one of which is not ASCII. ASCII
// text has "+" too ("C++", "+1 555"), but seldom a run that decodes
// strictly to letters.
func utf7Stage(t *tables, b []byte, atEOF bool) (Candidate, bool) {
	cs, err := charset.Lookup("utf-7")
	if err != nil || cs.Codec == nil {
		return Candidate{}, false
	}
	runs := 0
	var runes []rune
	for i := 0; i < len(b); i++ {
		if b[i] != '+' {
			continue
		}
		j := i + 1
		for j < len(b) && isBase64(b[j]) {
			j++
		}
		if j == i+1 {
			continue // "+-", or a lone plus
		}
		r, ok := decodeUTF7Run(b[i+1 : j])
		if !ok {
			return Candidate{}, false
		}
		for _, x := range r {
			if !textRune(x) {
				return Candidate{}, false
			}
		}
		runs++
		runes = append(runes, r...)
		if len(runes) > 512 {
			break
		}
		i = j - 1
	}
	nonASCII := 0
	for _, r := range runes {
		if r >= 0x80 {
			nonASCII++
		}
	}
	if runs == 0 || nonASCII == 0 {
		return Candidate{}, false
	}
	e := &enc{cs: cs}
	codec := cs.Codec
	e.newT = func() transform.Transformer { return codec.DecodeTransformer() }
	if !e.valid(b, atEOF) {
		return Candidate{}, false
	}
	conf := 0.7
	switch {
	case nonASCII >= 6 || runs >= 3:
		conf = 0.99
	case runs >= 2 || nonASCII >= 3:
		conf = 0.9
	}
	lang := ""
	letters := 0
	for _, r := range runes {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	if letters >= minLetters {
		lang = guessLanguage(t, runes)
	}
	return Candidate{Encoding: cs.Name, Charset: cs, Confidence: conf, Language: lang}, true
}

func isBase64(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/'
}

// decodeUTF7Run decodes the base64 digits of one UTF-7 run to UTF-16 code
// units and characters; ok is false when the leftover bits are not zero
// or a surrogate is unpaired (RFC 2152).
func decodeUTF7Run(d []byte) ([]rune, bool) {
	var out []rune
	var acc uint32
	bits := 0
	var hi rune = -1
	for _, c := range d {
		var v uint32
		switch {
		case c >= 'A' && c <= 'Z':
			v = uint32(c - 'A')
		case c >= 'a' && c <= 'z':
			v = uint32(c-'a') + 26
		case c >= '0' && c <= '9':
			v = uint32(c-'0') + 52
		case c == '+':
			v = 62
		default:
			v = 63
		}
		acc = acc<<6 | v
		bits += 6
		if bits >= 16 {
			bits -= 16
			u := rune(acc >> bits & 0xFFFF)
			switch {
			case u >= 0xD800 && u < 0xDC00:
				if hi >= 0 {
					return nil, false
				}
				hi = u
			case u >= 0xDC00 && u < 0xE000:
				if hi < 0 {
					return nil, false
				}
				out = append(out, 0x10000+(hi-0xD800)<<10+(u-0xDC00))
				hi = -1
			default:
				if hi >= 0 {
					return nil, false
				}
				out = append(out, u)
			}
		}
	}
	if hi >= 0 || bits >= 6 || acc&(1<<bits-1) != 0 {
		return nil, false
	}
	return out, true
}

// validISO2022CN reports whether b is ISO-2022-CN as RFC 1922 defines it,
// written with GB 2312 alone, and counts its characters: 7-bit bytes; the
// designation ESC $ ) A of GB 2312 as the set that shift out (SO, 0E)
// selects; between SO and shift in (SI, 0F) pairs of bytes 21–7E, each a
// GB 2312 character (the same pair with the high bits set is EUC-CN,
// looked up in GBK's table gb). A line break ends the shifted state. Text
// that designates CNS 11643 (ESC $ ) G, ESC $ * H, ESC $ + I–M) or
// ISO-IR-165 is refused: ucs has no table to check its characters with.
func validISO2022CN(b []byte, atEOF bool, gb *mbTable) (chars int, ok bool) {
	const designation = "\x1b$)A"
	designated, shifted := false, false
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c >= 0x80:
			return chars, false
		case c == 0x1B:
			if len(b)-i < len(designation) && bytes.HasPrefix([]byte(designation), b[i:]) {
				return chars, !atEOF
			}
			if shifted || !bytes.HasPrefix(b[i:], []byte(designation)) {
				return chars, false
			}
			designated = true
			i += len(designation)
			continue
		case c == 0x0E:
			if !designated || shifted {
				return chars, false
			}
			shifted = true
		case c == 0x0F:
			if !shifted {
				return chars, false
			}
			shifted = false
		case c == '\n' || c == '\r':
			shifted = false
		case shifted:
			if i+1 >= len(b) {
				return chars, !atEOF
			}
			d := b[i+1]
			if c < 0x21 || c > 0x77 || d < 0x21 || d > 0x7E || gb.pair[int(c&0x7F)<<8|int(d|0x80)] == bad {
				return chars, false
			}
			chars++
			i += 2
			continue
		}
		i++
	}
	return chars, designated
}

// iso2022Stage recognises the 7-bit ISO 2022 encodings by their
// designation escapes, and HZ by its shift sequences.
func iso2022Stage(t *tables, b []byte, atEOF bool) (Candidate, bool) {
	var name string
	switch {
	case bytes.Contains(b, []byte("\x1b$)C")):
		name = "iso-2022-kr"
	case bytes.Contains(b, []byte("\x1b$+")):
		name = "iso-2022-cn-ext"
	case bytes.Contains(b, []byte("\x1b$)A")) || bytes.Contains(b, []byte("\x1b$)G")) || bytes.Contains(b, []byte("\x1b$*H")):
		name = "iso-2022-cn"
	case bytes.Contains(b, []byte("\x1b$B")) || bytes.Contains(b, []byte("\x1b$@")) || bytes.Contains(b, []byte("\x1b(J")) || bytes.Contains(b, []byte("\x1b(I")) || bytes.Contains(b, []byte("\x1b$(D")) || jp2022Ext(b):
		name = "iso-2022-jp"
	default:
		return Candidate{}, false
	}
	e := t.readings().encs[name]
	if e == nil && name == "iso-2022-kr" {
		// The registry has no ISO-2022-KR codec (WHATWG maps the label to
		// its replacement encoding): check the structure of RFC 1557
		// here, and report the encoding without a Charset.
		if euckr := t.readings().encs["euc-kr"]; euckr != nil && euckr.kind == kindMulti && validISO2022KR(b, atEOF, euckr.table()) {
			return Candidate{Encoding: "iso-2022-kr", Confidence: 0.99, Language: "ko"}, true
		}
		return Candidate{}, false
	}
	if e == nil && name == "iso-2022-cn" {
		if gbk := t.readings().encs["gbk"]; gbk != nil && gbk.kind == kindMulti {
			if n, ok := validISO2022CN(b, atEOF, gbk.table()); ok && n > 0 {
				return Candidate{Encoding: "iso-2022-cn", Confidence: sevenBitConfidence(n), Language: "zh-Hans"}, true
			}
		}
		return Candidate{}, false
	}
	if e == nil || !e.valid(b, atEOF) {
		// A charset of the registry that extends this one (ISO-2022-JP-2
		// and -3 of ISO-2022-JP) is tried only when it does not decode
		// the input: text both decode is answered with the common one.
		for _, v := range t.readings().variants7[name] {
			if v.valid(b, atEOF) {
				return Candidate{Encoding: v.reportName(), Charset: v.cs, Confidence: 0.99, Language: v.lang}, true
			}
		}
		return Candidate{}, false
	}
	c := Candidate{Encoding: e.reportName(), Charset: e.cs, Confidence: 0.99, Language: e.lang}
	return c, true
}

// jp2022Ext reports whether b holds a designation that only the
// extensions of ISO-2022-JP use: JIS X 0213 planes (ESC $ ( O, Q, P;
// ISO-2022-JP-3 and -2004), and GB 2312, KS C 5601 and the G2 sets of
// ISO-2022-JP-2 (ESC $ A, ESC $ ( C, ESC . A, ESC . F; RFC 1554).
func jp2022Ext(b []byte) bool {
	for _, esc := range []string{"\x1b$(O", "\x1b$(Q", "\x1b$(P", "\x1b$A", "\x1b$(C", "\x1b.A", "\x1b.F"} {
		if bytes.Contains(b, []byte(esc)) {
			return true
		}
	}
	return false
}

// validISO2022KR reports whether b is ISO-2022-KR as RFC 1557 §2 defines
// it: 7-bit bytes; the designation ESC $ ) C, at the start of a line,
// before the first shift out (SO, 0E); between SO and shift in (SI, 0F)
// pairs of bytes 21-7E, each a KS X 1001 character (the same pair with
// the high bits set is a character of EUC-KR, whose table is mt); a line
// ends in ASCII. With atEOF false the input may end inside a pair.
func validISO2022KR(b []byte, atEOF bool, mt *mbTable) bool {
	const designation = "\x1b$)C"
	designated, shifted, lineStart := false, false, true
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c >= 0x80:
			return false
		case c == 0x1B:
			if shifted || !lineStart || designated || !bytes.HasPrefix(b[i:], []byte(designation)) {
				return false
			}
			designated = true
			i += len(designation)
			continue
		case c == 0x0E:
			if !designated || shifted {
				return false
			}
			shifted = true
		case c == 0x0F:
			if !shifted {
				return false
			}
			shifted = false
		case shifted:
			if i+1 >= len(b) {
				return !atEOF
			}
			d := b[i+1]
			if c < 0x21 || c > 0x7E || d < 0x21 || d > 0x7E || mt.pair[int(c&0x7F)<<8|int(d|0x80)] == bad {
				return false
			}
			i += 2
			lineStart = false
			continue
		}
		lineStart = c == '\n' || c == '\r'
		i++
	}
	return designated && (!shifted || !atEOF)
}
