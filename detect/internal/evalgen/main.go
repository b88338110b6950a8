// Command evalgen builds an evaluation set for the charset detector from
// text that neither its training nor its labeled test corpus contains:
// the translations in the gettext catalogs (.mo files) that Debian
// packages install under /usr/share/locale, written by each package's
// translators. The text is put into the shapes files have in the wild (web
// pages with markup and scripts, JSON, CSV, SRT subtitles, e-mail with
// headers, source code with comments, single sentences, logs whose first
// 64 KiB are ASCII), encoded in the
// encodings used for each language, and cut into prefixes of 32, 128 and
// 512 bytes. Every sample decodes strictly with its label.
//
// Each catalog's domain (the package's text domain) is assigned by a hash
// to the "dev" or the "test" split: tuning may look at dev, figures are
// reported on test.
//
// Usage: go run ./detect/internal/evalgen -src /usr/share/locale -out DIR [-part ebcdic]
//
// With -part ebcdic it builds the EBCDIC set instead (ebcdic.go): the
// same catalogs, split the same way, in the EBCDIC code pages that serve
// each language, shaped as mainframe files are.
//
// It writes DIR/samples/* and DIR/manifest.csv (path, encoding, language,
// shape, split, prefix, bytes).
package main

import (
	"bytes"
	"encoding/binary"
	"encoding/csv"
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/ucskit/ucs/charset"
)

// locales maps a locale folder to a BCP 47 tag and the encodings its text
// is found in, the most common first.
var locales = []struct {
	dir, tag string
	encs     []string
}{
	{"de", "de", []string{"windows-1252", "iso-8859-15", "macintosh", "ibm850"}},
	{"fr", "fr", []string{"windows-1252", "iso-8859-1", "macintosh"}},
	{"es", "es", []string{"windows-1252", "iso-8859-1"}},
	{"it", "it", []string{"windows-1252", "iso-8859-15"}},
	{"pt_BR", "pt", []string{"windows-1252", "iso-8859-1"}},
	{"nl", "nl", []string{"windows-1252"}},
	{"sv", "sv", []string{"windows-1252", "iso-8859-1"}},
	{"da", "da", []string{"windows-1252"}},
	{"fi", "fi", []string{"windows-1252", "iso-8859-15"}},
	{"ca", "ca", []string{"windows-1252"}},
	{"pl", "pl", []string{"windows-1250", "iso-8859-2", "ibm852"}},
	{"cs", "cs", []string{"windows-1250", "iso-8859-2"}},
	{"sk", "sk", []string{"windows-1250", "iso-8859-2"}},
	{"hu", "hu", []string{"windows-1250", "iso-8859-2"}},
	{"sl", "sl", []string{"windows-1250", "iso-8859-2"}},
	{"hr", "hr", []string{"windows-1250", "iso-8859-2"}},
	{"ro", "ro", []string{"windows-1250", "iso-8859-16"}},
	{"ru", "ru", []string{"windows-1251", "koi8-r", "ibm866", "iso-8859-5", "x-mac-cyrillic"}},
	{"uk", "uk", []string{"windows-1251", "koi8-u"}},
	{"bg", "bg", []string{"windows-1251"}},
	{"sr", "sr", []string{"windows-1251"}},
	{"tr", "tr", []string{"windows-1254", "iso-8859-9"}},
	{"el", "el", []string{"windows-1253", "iso-8859-7"}},
	{"lt", "lt", []string{"windows-1257", "iso-8859-13"}},
	{"lv", "lv", []string{"windows-1257", "iso-8859-13"}},
	{"et", "et", []string{"windows-1257", "iso-8859-15"}},
	{"he", "he", []string{"windows-1255", "iso-8859-8"}},
	{"ar", "ar", []string{"windows-1256", "iso-8859-6"}},
	{"fa", "fa", []string{"windows-1256"}},
	{"th", "th", []string{"windows-874"}},
	{"vi", "vi", []string{"windows-1258"}},
	{"ja", "ja", []string{"shift_jis", "euc-jp", "iso-2022-jp"}},
	{"ko", "ko", []string{"euc-kr"}},
	{"zh_CN", "zh-Hans", []string{"gbk", "gb18030"}},
	{"zh_TW", "zh-Hant", []string{"big5"}},
}

// unicodeEncs are the UTF forms every language is also written in.
var unicodeEncs = []string{"utf-8", "utf-8", "utf-16le", "utf-8-bom"}

var shapes = []string{"text", "html", "json", "csv", "srt", "mail", "code", "sentence", "log"}

func main() {
	src := flag.String("src", "/usr/share/locale", "folder of locale folders with LC_MESSAGES/*.mo")
	out := flag.String("out", "", "folder to write the set to")
	perLang := flag.Int("n", 24, "documents per language and split")
	part := flag.String("part", "default", `which set to build: "default" or "ebcdic" (ebcdic.go)`)
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "evalgen: -out is required")
		os.Exit(2)
	}
	if err := os.MkdirAll(filepath.Join(*out, "samples"), 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "evalgen:", err)
		os.Exit(1)
	}
	mf, err := os.Create(filepath.Join(*out, "manifest.csv"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "evalgen:", err)
		os.Exit(1)
	}
	w := csv.NewWriter(mf)
	w.Write([]string{"path", "encoding", "language", "shape", "split", "prefix", "bytes"})
	count := 0
	if *part == "ebcdic" {
		count = buildEBCDIC(*src, *out, *perLang, w)
	} else if *part != "default" {
		fmt.Fprintf(os.Stderr, "evalgen: unknown part %q\n", *part)
		os.Exit(2)
	}
	for _, loc := range locales {
		if *part != "default" {
			break
		}
		texts := catalogs(filepath.Join(*src, loc.dir, "LC_MESSAGES"))
		for _, split := range []string{"dev", "test"} {
			lines := texts[split]
			if len(lines) < 20 {
				continue
			}
			rng := rand.New(rand.NewPCG(uint64(hash(loc.dir+split)), 7))
			for i := 0; i < *perLang; i++ {
				shape := shapes[i%len(shapes)]
				enc := loc.encs[rng.IntN(len(loc.encs))]
				if rng.IntN(4) == 0 {
					enc = unicodeEncs[rng.IntN(len(unicodeEncs))]
				}
				doc := build(shape, lines, rng, loc.tag)
				b, ok := encode(enc, doc)
				if !ok {
					continue
				}
				name := fmt.Sprintf("%s-%s-%s-%02d", loc.dir, split, shape, i)
				write := func(suffix string, data []byte, prefix int) {
					p := filepath.Join("samples", name+suffix+".txt")
					if err := os.WriteFile(filepath.Join(*out, p), data, 0o644); err != nil {
						fmt.Fprintln(os.Stderr, "evalgen:", err)
						os.Exit(1)
					}
					w.Write([]string{p, enc, loc.tag, shape, split, strconv.Itoa(prefix), strconv.Itoa(len(data))})
					count++
				}
				write("", b, 0)
				if shape != "sentence" && shape != "log" {
					for _, n := range []int{32, 128, 512} {
						if len(b) > n {
							write(fmt.Sprintf("-head%d", n), b[:n], n)
						}
					}
				}
			}
		}
	}
	w.Flush()
	if err := mf.Close(); err != nil || w.Error() != nil {
		fmt.Fprintln(os.Stderr, "evalgen: writing the manifest failed")
		os.Exit(1)
	}
	fmt.Printf("evalgen: %d samples in %s\n", count, *out)
}

func hash(s string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(s))
	return h.Sum32()
}

// catalogs reads the translations of every catalog in dir, split by the
// hash of the catalog's domain.
func catalogs(dir string) map[string][]string {
	out := map[string][]string{}
	files, _ := filepath.Glob(filepath.Join(dir, "*.mo"))
	sort.Strings(files)
	seen := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		split := "dev"
		if hash(strings.TrimSuffix(filepath.Base(f), ".mo"))%2 == 1 {
			split = "test"
		}
		for _, s := range readMO(data) {
			s = clean(s)
			if s == "" || seen[s] {
				continue
			}
			seen[s] = true
			out[split] = append(out[split], s)
		}
	}
	return out
}

// readMO returns the translated strings of a GNU .mo catalog (plural forms
// split), or nil when data is not one in UTF-8.
func readMO(data []byte) []string {
	if len(data) < 28 {
		return nil
	}
	var bo binary.ByteOrder = binary.LittleEndian
	switch binary.LittleEndian.Uint32(data) {
	case 0x950412de:
	case 0xde120495:
		bo = binary.BigEndian
	default:
		return nil
	}
	n := int(bo.Uint32(data[8:]))
	tt := int(bo.Uint32(data[16:]))
	var out []string
	for i := 0; i < n; i++ {
		at := tt + 8*i
		if at+8 > len(data) {
			return out
		}
		l, off := int(bo.Uint32(data[at:])), int(bo.Uint32(data[at+4:]))
		if off+l > len(data) {
			continue
		}
		s := data[off : off+l]
		if i == 0 && bytes.Contains(s, []byte("Content-Type:")) {
			if !bytes.Contains(bytes.ToLower(s), []byte("charset=utf-8")) {
				return nil
			}
			continue
		}
		if !utf8.Valid(s) {
			continue
		}
		out = append(out, strings.Split(string(s), "\x00")...)
	}
	return out
}

// clean keeps a translation that reads as text: one line, no format
// directives or markup dominating, some letters.
func clean(s string) string {
	s = strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(s, "\n", " "), "\t", " "))
	s = strings.ReplaceAll(s, "_", "")
	s = strings.ReplaceAll(s, "&", "")
	letters := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			letters++
		}
		if unicode.IsControl(r) || r == utf8.RuneError {
			return ""
		}
	}
	if letters < 4 || strings.Count(s, "%") > 2 || strings.Contains(s, "<") {
		return ""
	}
	return s
}

// pick returns n random lines, joined by sep.
func pick(lines []string, rng *rand.Rand, n int, sep string) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(lines[rng.IntN(len(lines))])
	}
	return b.String()
}

// sentence returns one line of 25 to 120 bytes in UTF-8, when there is one
// among a few tries.
func sentence(lines []string, rng *rand.Rand) string {
	best := lines[0]
	for range 50 {
		s := lines[rng.IntN(len(lines))]
		if len(s) >= 25 && len(s) <= 120 {
			return s
		}
		best = s
	}
	return best
}

func jsonString(s string) string {
	q := strconv.Quote(s)
	return q
}

// build makes a document of the shape from the lines.
func build(shape string, lines []string, rng *rand.Rand, tag string) string {
	var b strings.Builder
	switch shape {
	case "text":
		for i := 0; i < 3+rng.IntN(6); i++ {
			b.WriteString(pick(lines, rng, 2+rng.IntN(4), " "))
			b.WriteString("\r\n\r\n")
		}
	case "html":
		b.WriteString("<!DOCTYPE html>\n<html lang=\"" + tag + "\">\n<head>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
		b.WriteString("<title>" + sentence(lines, rng) + "</title>\n")
		b.WriteString("<link rel=\"stylesheet\" href=\"/static/css/main.css?v=20240131\">\n<script>\n")
		for i := 0; i < 2+rng.IntN(30); i++ {
			fmt.Fprintf(&b, "  window.dataLayer = window.dataLayer || []; function gtag%d(){dataLayer.push(arguments);} gtag('config', 'UA-%06d-1');\n", i, rng.IntN(999999))
		}
		b.WriteString("</script>\n</head>\n<body>\n<nav class=\"menu\"><ul>")
		for i := 0; i < 4; i++ {
			fmt.Fprintf(&b, "<li><a href=\"/page/%d\">%s</a></li>", i, lines[rng.IntN(len(lines))])
		}
		b.WriteString("</ul></nav>\n<main>\n")
		for i := 0; i < 2+rng.IntN(5); i++ {
			b.WriteString("<p>" + pick(lines, rng, 2+rng.IntN(3), " ") + "</p>\n")
		}
		b.WriteString("</main>\n<footer>&copy; 2024</footer>\n</body>\n</html>\n")
	case "json":
		b.WriteString("{\n  \"version\": 2,\n  \"generated\": \"2024-05-01T12:00:00Z\",\n  \"items\": [\n")
		n := 2 + rng.IntN(10)
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "    {\"id\": %d, \"name\": %s, \"description\": %s}", 1000+i, jsonString(lines[rng.IntN(len(lines))]), jsonString(lines[rng.IntN(len(lines))]))
			if i < n-1 {
				b.WriteString(",")
			}
			b.WriteString("\n")
		}
		b.WriteString("  ]\n}\n")
	case "csv":
		b.WriteString("id;date;amount;category;comment\r\n")
		for i := 0; i < 3+rng.IntN(20); i++ {
			fmt.Fprintf(&b, "%d;2024-%02d-%02d;%d.%02d;%s;\"%s\"\r\n", i+1, 1+rng.IntN(12), 1+rng.IntN(28), rng.IntN(5000), rng.IntN(100),
				strings.ReplaceAll(lines[rng.IntN(len(lines))], ";", ","), strings.ReplaceAll(lines[rng.IntN(len(lines))], "\"", "'"))
		}
	case "srt":
		t := 1000
		for i := 1; i < 4+rng.IntN(12); i++ {
			end := t + 1500 + rng.IntN(3000)
			fmt.Fprintf(&b, "%d\r\n%s --> %s\r\n%s\r\n\r\n", i, ts(t), ts(end), sentence(lines, rng))
			t = end + 200
		}
	case "mail":
		fmt.Fprintf(&b, "Return-Path: <list-bounces@lists.example.org>\nReceived: from mail.example.org (mail.example.org [192.0.2.%d])\n\tby mx.example.net with ESMTP id %08x\n", rng.IntN(255), rng.Uint32())
		b.WriteString("Date: Tue, 14 May 2024 09:31:02 +0200\nFrom: Maintainer <maint@example.org>\nTo: users@lists.example.org\n")
		b.WriteString("Subject: [users] Re: release notes\nMessage-ID: <20240514073102.GA1234@example.org>\nMIME-Version: 1.0\nContent-Type: text/plain\nContent-Transfer-Encoding: 8bit\n\n")
		for i := 0; i < 2+rng.IntN(4); i++ {
			b.WriteString(pick(lines, rng, 2, " ") + "\n\n")
		}
		b.WriteString("-- \nusers mailing list\nhttps://lists.example.org/mailman/listinfo/users\n")
	case "code":
		b.WriteString("/*\n * " + sentence(lines, rng) + "\n *\n * SPDX-License-Identifier: GPL-2.0-or-later\n */\n\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n")
		for i := 0; i < 2+rng.IntN(6); i++ {
			fmt.Fprintf(&b, "/* %s */\nstatic int handler_%d(struct context *ctx, const char *arg)\n{\n\tif (arg == NULL || *arg == '\\0')\n\t\treturn -1;\n\tctx->count += strlen(arg);\n\treturn 0;\n}\n\n", lines[rng.IntN(len(lines))], i)
		}
		fmt.Fprintf(&b, "int main(void)\n{\n\tputs(_(\"%s\"));\n\treturn 0;\n}\n", strings.ReplaceAll(sentence(lines, rng), "\"", "'"))
	case "sentence":
		b.WriteString(sentence(lines, rng))
	case "log":
		// A log whose first 64 KiB and more are ASCII.
		n := 70<<10 + rng.IntN(60<<10)
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, "2024-05-14T09:%02d:%02d.%03dZ INFO worker-%d request id=%08x path=/api/v1/items/%d status=200 bytes=%d\n", i/60%60, i%60, rng.IntN(1000), rng.IntN(8), rng.Uint32(), rng.IntN(100000), rng.IntN(65536))
		}
		for i := 0; i < 3+rng.IntN(10); i++ {
			fmt.Fprintf(&b, "2024-05-14T10:00:%02d.000Z WARN %s\n", i, lines[rng.IntN(len(lines))])
		}
	}
	return b.String()
}

func ts(ms int) string {
	return fmt.Sprintf("%02d:%02d:%02d,%03d", ms/3600000, ms/60000%60, ms/1000%60, ms%1000)
}

// encode encodes s in enc; ok is false when enc cannot write every
// character.
func encode(enc, s string) ([]byte, bool) {
	switch enc {
	case "utf-8":
		return []byte(s), true
	case "utf-8-bom":
		return append([]byte("\xEF\xBB\xBF"), s...), true
	case "utf-16le":
		var out []byte
		for _, u := range utf16.Encode([]rune(s)) {
			out = append(out, byte(u), byte(u>>8))
		}
		return out, true
	}
	cs, err := charset.Lookup(enc)
	if err != nil || cs.Codec == nil {
		return nil, false
	}
	b, err := cs.Codec.AppendEncode(nil, []byte(s))
	if err != nil {
		return nil, false
	}
	return b, true
}
