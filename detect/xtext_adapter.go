package detect

import (
	xenc "golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// This file is the one place where the detector falls back on
// golang.org/x/text: for an encoding that the charset registry does not
// (yet) hold, the detector decodes with x/text and treats every U+FFFD in
// its output as a decoding failure, since x/text replaces malformed input
// silently. Candidates decoded this way carry a nil Charset.

// xtextEncodings maps the detector's names onto x/text encodings.
var xtextEncodings = map[string]xenc.Encoding{
	"windows-1250":   charmap.Windows1250,
	"windows-1251":   charmap.Windows1251,
	"windows-1252":   charmap.Windows1252,
	"windows-1253":   charmap.Windows1253,
	"windows-1254":   charmap.Windows1254,
	"windows-1255":   charmap.Windows1255,
	"windows-1256":   charmap.Windows1256,
	"windows-1257":   charmap.Windows1257,
	"windows-1258":   charmap.Windows1258,
	"windows-874":    charmap.Windows874,
	"iso-8859-1":     charmap.ISO8859_1,
	"iso-8859-2":     charmap.ISO8859_2,
	"iso-8859-3":     charmap.ISO8859_3,
	"iso-8859-4":     charmap.ISO8859_4,
	"iso-8859-5":     charmap.ISO8859_5,
	"iso-8859-6":     charmap.ISO8859_6,
	"iso-8859-7":     charmap.ISO8859_7,
	"iso-8859-8":     charmap.ISO8859_8,
	"iso-8859-9":     charmap.ISO8859_9,
	"iso-8859-10":    charmap.ISO8859_10,
	"iso-8859-13":    charmap.ISO8859_13,
	"iso-8859-14":    charmap.ISO8859_14,
	"iso-8859-15":    charmap.ISO8859_15,
	"iso-8859-16":    charmap.ISO8859_16,
	"koi8-r":         charmap.KOI8R,
	"koi8-u":         charmap.KOI8U,
	"ibm866":         charmap.CodePage866,
	"ibm855":         charmap.CodePage855,
	"ibm852":         charmap.CodePage852,
	"macintosh":      charmap.Macintosh,
	"x-mac-cyrillic": charmap.MacintoshCyrillic,
	"gbk":            simplifiedchinese.GBK,
	"gb18030":        simplifiedchinese.GB18030,
	"hz-gb-2312":     simplifiedchinese.HZGB2312,
	"big5":           traditionalchinese.Big5,
	"shift_jis":      japanese.ShiftJIS,
	"euc-jp":         japanese.EUCJP,
	"iso-2022-jp":    japanese.ISO2022JP,
	"euc-kr":         korean.EUCKR,
}

// xtextEncoding returns the x/text encoding for name, or nil.
func xtextEncoding(name string) xenc.Encoding { return xtextEncodings[name] }
