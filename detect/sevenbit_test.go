package detect

import (
	"bytes"
	"strings"
	"testing"
)

// decodeHZ decodes HZ (RFC 1843) for tests, while the registry has no
// codec for it: the pairs in GB mode, with their high bits set, are
// decoded as GBK (EUC-CN). It fails on anything else.
func decodeHZ(b []byte) (string, bool) {
	gbk := encByName("gbk")
	if gbk == nil {
		return "", false
	}
	var out strings.Builder
	gb := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c >= 0x80:
			return "", false
		case c == '~' && i+1 < len(b):
			i++
			switch d := b[i]; {
			case !gb && d == '~':
				out.WriteByte('~')
			case !gb && d == '\n':
			case !gb && d == '{':
				gb = true
			case gb && d == '}':
				gb = false
			default:
				return "", false
			}
		case c == '~':
			return "", false
		case gb && (c == '\n' || c == '\r'):
			gb = false
			out.WriteByte(c)
		case gb:
			if i+1 >= len(b) {
				return "", false
			}
			text, err := gbk.decode(nil, []byte{c | 0x80, b[i+1] | 0x80}, true)
			if err != nil {
				return "", false
			}
			out.Write(text)
			i++
		default:
			out.WriteByte(c)
		}
	}
	return out.String(), true
}

// decodeISO2022CN decodes ISO-2022-CN written with GB 2312 alone (RFC
// 1922) for tests: the designation and shifts are dropped, the pairs
// between SO and SI, with their high bits set, are decoded as GBK.
func decodeISO2022CN(b []byte) (string, bool) {
	gbk := encByName("gbk")
	if gbk == nil {
		return "", false
	}
	var out strings.Builder
	shifted := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case bytes.HasPrefix(b[i:], []byte("\x1b$)A")):
			i += 3
		case c == 0x0E:
			shifted = true
		case c == 0x0F:
			shifted = false
		case shifted && (c == '\n' || c == '\r'):
			shifted = false
			out.WriteByte(c)
		case shifted:
			if i+1 >= len(b) {
				return "", false
			}
			text, err := gbk.decode(nil, []byte{c | 0x80, b[i+1] | 0x80}, true)
			if err != nil {
				return "", false
			}
			out.Write(text)
			i++
		case c < 0x80 && c != 0x1B:
			out.WriteByte(c)
		default:
			return "", false
		}
	}
	return out.String(), true
}

// sevenBit returns text in GB 2312 with its high bits cleared, in the
// shifts of HZ or ISO-2022-CN.
func gb7(t *testing.T, s string) []byte {
	b := encodeAs(t, "gbk", s)
	out := make([]byte, len(b))
	for i, c := range b {
		if c < 0x80 {
			t.Fatalf("%q has ASCII", s)
		}
		out[i] = c & 0x7F
	}
	return out
}

func TestHZ(t *testing.T) {
	text := "This is HZ: " + "~{" + string(gb7(t, "中文文本的例子")) + "~}" + " and ~~ a tilde.\n"
	want := "This is HZ: 中文文本的例子 and ~ a tilde.\n"
	if got, ok := decodeHZ([]byte(text)); !ok || got != want {
		t.Fatalf("test decoder: %q %v", got, ok)
	}
	c := Detect([]byte(text)).Best()
	if c.Encoding != "hz-gb-2312" || c.Language != "zh-Hans" || c.Confidence < 0.9 {
		t.Errorf("got %+v, want hz-gb-2312", c)
	}
	// Behind a long ASCII head, through a reader.
	long := strings.Repeat("log line of plain ASCII text\n", 4000) + text
	res, err := DetectReader(strings.NewReader(long))
	if err != nil || res.Best().Encoding != "hz-gb-2312" {
		t.Errorf("after an ASCII head: got %+v, %v", res.Best(), err)
	}
	gbk := getTables().readings().encs["gbk"].table()
	for name, bad := range map[string]string{
		"unknown escape":    "a ~x b",
		"odd byte in GB":    "~{" + string(gb7(t, "中")[:1]) + "~}",
		"eight-bit byte":    "~{\xD6\xD0~}",
		"not GB 2312":       "~{\x7F\x7F~}",
		"close without one": "abc ~} def",
	} {
		if n, ok := validHZ([]byte(bad), true, gbk); ok && n > 0 {
			t.Errorf("%s: %q passed", name, bad)
		}
	}
	// "~{" in ASCII text that is not HZ stays ASCII.
	if c := Detect([]byte("a map: ~{key: value}~ in some notation")).Best(); c.Encoding != "us-ascii" {
		t.Errorf("ASCII with ~{: got %+v", c)
	}
}

func TestISO2022CN(t *testing.T) {
	text := "\x1b$)A\x0e" + string(gb7(t, "中华人民共和国")) + "\x0f ok\r\n"
	if got, ok := decodeISO2022CN([]byte(text)); !ok || got != "中华人民共和国 ok\r\n" {
		t.Fatalf("test decoder: %q %v", got, ok)
	}
	if c := Detect([]byte(text)).Best(); c.Encoding != "iso-2022-cn" || c.Language != "zh-Hans" {
		t.Errorf("got %+v, want iso-2022-cn", c)
	}
	// CNS 11643 is checked by the registry's codec; planes 3–7 are -EXT.
	cns := "\x1b$)G\x0e\x44\x21\x0f"
	if c := Detect([]byte(cns)).Best(); c.Encoding != "iso-2022-cn" || c.Charset == nil {
		t.Errorf("CNS 11643 text: got %+v", c)
	}
	if c := Detect([]byte("a\x1b$+I\x1bO\x21\x2e\n")).Best(); c.Encoding != "iso-2022-cn-ext" || c.Charset == nil {
		t.Errorf("CNS 11643 text: got %+v", c)
	}
}

func TestUTF7(t *testing.T) {
	// RFC 2152 §2 examples, and a longer Cyrillic text.
	for _, tc := range []struct {
		in, want string
		minConf  float64
	}{
		{"Hi Mom -+Jjo--!", "Hi Mom -☺-!", 0.5},
		{"+ZeVnLIqe-", "日本語", 0.9},
		{"+BB8EQAQ4BDIENQRC-, +BDwEOARA-! +BBoEMAQ6- +BDQENQQ7BDA-?", "Привет, мир! Как дела?", 0.99},
	} {
		c := Detect([]byte(tc.in)).Best()
		got, ok := decodeAs(c.Encoding, c.BOM, []byte(tc.in))
		if c.Encoding != "utf-7" || !ok || got != tc.want || c.Confidence < tc.minConf {
			t.Errorf("%q: got %+v (%q)", tc.in, c, got)
		}
	}
	// ASCII with plus signs is not UTF-7.
	for _, s := range []string{"C++ and C+Python", "call +1 555 0100", "a+b=c", "x +Python3- y"} {
		if c := Detect([]byte(s)).Best(); c.Encoding != "us-ascii" {
			t.Errorf("%q: got %+v", s, c)
		}
	}
}
