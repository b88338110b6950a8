// Command sbdump writes the pinned single-byte tables of internal/gen/data
// from the references themselves, so that no table is copied by hand: it
// decodes every byte 00–FF on its own with glibc's iconv (or, for pages
// glibc lacks, CPython's codecs) and writes one line per byte that has a
// character. It is run by hand when a page is added, never by go generate:
//
//	go run ./internal/gen/sbdump -o internal/gen/data
//
// then list the new files and their SHA-256 in data/SOURCES.md.
//
// With -johab it writes instead glibc-JOHAB.txt, every two-byte code of
// glibc's JOHAB (lead 84–F9, trail 31–FE) that decodes to one character.
//
// With -euctw it writes instead glibc-EUC-TW.txt, every two-byte code
// (CNS 11643 plane 1) and four-byte code (8E, plane A1–B0, row, cell) of
// glibc's EUC-TW that decodes to one character.
//
// With -jisx0213 it writes instead glibc-EUC-JISX0213.txt, every code of
// glibc's EUC-JISX0213 (JIS X 0213:2004 plane 1 as A1–FE A1–FE, plane 2 as
// 8F A1–FE A1–FE, and 8E A1–FE) that decodes to a character or to a base
// character with a combining mark.
//
// With -iso2022jp2 it writes instead glibc-ISO-2022-JP-2.txt, every code
// of each character set glibc's ISO-2022-JP-2 designates (JIS X 0208,
// JIS X 0212, GB 2312, KS C 5601, the high halves of ISO 8859-1 and -7,
// JIS X 0201 Roman and katakana), decoded after its designation.
//
// With -big5hkscs it writes instead glibc-BIG5-HKSCS.txt, every two-byte
// code of glibc's BIG5-HKSCS (lead 81–FE, trail 40–7E and A1–FE) that
// decodes to one character or, for four codes, to two.
//
// With -isoir165 it writes instead glibc-ISO-IR-165.txt, every code of
// ISO-IR-165 (the GB 2312 extension glibc's ISO-2022-CN-EXT designates
// with ESC $ ) E), each read as ESC $ ) E SO row cell SI.
//
// With -translit it writes instead glibc's transliteration to ASCII of
// every BMP character (iconv -t ASCII//TRANSLIT in the C.UTF-8 locale),
// for the Transliterate policy of package encoding:
//
//	go run ./internal/gen/sbdump -translit -o internal/gen/data
package main

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// pages are the tables sbdump writes: the reference and its name for the page.
var pages = []struct{ ref, name string }{
	// EBCDIC.
	{"glibc", "IBM037"}, {"glibc", "IBM273"}, {"glibc", "IBM277"}, {"glibc", "IBM278"},
	{"glibc", "IBM280"}, {"glibc", "IBM284"}, {"glibc", "IBM285"}, {"glibc", "IBM297"},
	{"glibc", "IBM424"}, {"glibc", "IBM500"}, {"glibc", "IBM870"}, {"glibc", "IBM871"},
	{"glibc", "IBM875"}, {"glibc", "IBM1026"}, {"glibc", "IBM1047"},
	{"glibc", "IBM1140"}, {"glibc", "IBM1141"}, {"glibc", "IBM1142"}, {"glibc", "IBM1143"},
	{"glibc", "IBM1144"}, {"glibc", "IBM1145"}, {"glibc", "IBM1146"}, {"glibc", "IBM1147"},
	{"glibc", "IBM1148"}, {"glibc", "IBM1149"},
	// DOS.
	{"glibc", "CP737"}, {"glibc", "IBM775"}, {"glibc", "IBM858"}, {"glibc", "IBM860"},
	{"glibc", "IBM861"}, {"glibc", "IBM863"}, {"glibc", "IBM864"}, {"glibc", "IBM865"},
	{"glibc", "IBM869"},
	// Mac.
	{"glibc", "MAC-CENTRALEUROPE"}, {"glibc", "MAC-IS"},
	{"python", "mac_croatian"}, {"python", "mac_greek"}, {"python", "mac_romanian"}, {"python", "mac_turkish"},
	// Cyrillic and Asian.
	{"glibc", "KOI8-T"}, {"glibc", "RK1048"}, {"glibc", "PT154"}, {"glibc", "ARMSCII-8"},
	{"glibc", "GEORGIAN-PS"}, {"glibc", "VISCII"}, {"glibc", "TCVN5712-1"},
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("sbdump: ")
	out := flag.String("o", "internal/gen/data", "folder to write the tables to")
	only := flag.String("only", "", "write only this page")
	translit := flag.Bool("translit", false, "write glibc's ASCII transliterations instead")
	johab := flag.Bool("johab", false, "write glibc's JOHAB two-byte codes instead")
	euctw := flag.Bool("euctw", false, "write glibc's EUC-TW two- and four-byte codes instead")
	jisx0213 := flag.Bool("jisx0213", false, "write glibc's EUC-JISX0213 codes instead")
	jp2 := flag.Bool("iso2022jp2", false, "write the character sets of glibc's ISO-2022-JP-2 instead")
	big5hkscs := flag.Bool("big5hkscs", false, "write glibc's BIG5-HKSCS two-byte codes instead")
	isoir165 := flag.Bool("isoir165", false, "write glibc's ISO-IR-165 (through ISO-2022-CN-EXT) instead")
	flag.Parse()
	if *isoir165 {
		writeISOIR165(*out)
		return
	}
	if *big5hkscs {
		writeBig5HKSCS(*out)
		return
	}
	if *translit {
		writeTranslit(*out)
		return
	}
	if *johab {
		writeJohab(*out)
		return
	}
	if *euctw {
		writeEUCTW(*out)
		return
	}
	if *jisx0213 {
		writeJISX0213(*out)
		return
	}
	if *jp2 {
		writeISO2022JP2(*out)
		return
	}
	glibc := version("iconv", "--version")
	python := version("python3", "--version")
	for _, p := range pages {
		if *only != "" && p.name != *only {
			continue
		}
		var m [256][]rune
		var how string
		switch p.ref {
		case "glibc":
			for b := range 256 {
				m[b] = iconvByte(p.name, byte(b))
			}
			how = fmt.Sprintf("glibc iconv (%s): %s, each byte decoded on its own (iconv -f %s -t UTF-32BE)", glibc, p.name, p.name)
		case "python":
			m = pythonTable(p.name)
			how = fmt.Sprintf("CPython (%s): codec %s, each byte decoded on its own (bytes([b]).decode(%q))", python, p.name, p.name)
		}
		var buf bytes.Buffer
		fmt.Fprintf(&buf, "# %s\n# Written by internal/gen/sbdump. Columns: byte, code point; a byte not listed has no character.\n", how)
		for b, rs := range m {
			switch len(rs) {
			case 0:
				continue
			case 1:
				fmt.Fprintf(&buf, "0x%02X\t0x%04X\n", b, rs[0])
			default:
				log.Fatalf("%s: byte %02X decodes to %d code points", p.name, b, len(rs))
			}
		}
		file := filepath.Join(*out, p.ref+"-"+p.name+".txt")
		if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
			log.Fatal(err)
		}
		log.Printf("%s", file)
	}
}

func version(cmd, arg string) string {
	b, err := exec.Command(cmd, arg).CombinedOutput()
	if err != nil {
		log.Fatalf("%s %s: %v", cmd, arg, err)
	}
	return strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0])
}

// iconvByte decodes byte b of page with iconv; nil when iconv refuses it.
func iconvByte(page string, b byte) []rune {
	cmd := exec.Command("iconv", "-f", page, "-t", "UTF-32BE")
	cmd.Stdin = bytes.NewReader([]byte{b})
	out, err := cmd.Output()
	if err != nil {
		return nil
	}
	if len(out)%4 != 0 {
		log.Fatalf("%s %02X: %d bytes of UTF-32", page, b, len(out))
	}
	var rs []rune
	for i := 0; i < len(out); i += 4 {
		rs = append(rs, rune(binary.BigEndian.Uint32(out[i:])))
	}
	return rs
}

// pythonTable decodes every byte with CPython's codec.
func pythonTable(codec string) (m [256][]rune) {
	script := `import sys
for b in range(256):
    try:
        s = bytes([b]).decode(sys.argv[1])
    except UnicodeDecodeError:
        print(b)
        continue
    print(b, *[ord(c) for c in s])
`
	out, err := exec.Command("python3", "-c", script, codec).Output()
	if err != nil {
		log.Fatalf("python3 %s: %v", codec, err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var b int
		fs := strings.Fields(line)
		fmt.Sscan(fs[0], &b)
		for _, f := range fs[1:] {
			var r rune
			fmt.Sscan(f, &r)
			m[b] = append(m[b], r)
		}
	}
	return m
}

// translitTargets are the targets whose //TRANSLIT output sbdump records:
// ASCII, and two 8-bit targets whose outputs show glibc's non-ASCII
// alternatives (æ for ǽ, ´ for ′).
var translitTargets = []string{"ASCII", "ISO-8859-1", "CP1252"}

// writeTranslit writes glibc-translit.txt: for every BMP character
// (surrogates and ASCII aside), what glibc's iconv writes for it under
// -t T//TRANSLIT in the C.UTF-8 locale for each T of translitTargets,
// decoded back to UTF-8, as "XXXX<TAB>ascii<TAB>latin1<TAB>cp1252". A
// text may be empty (glibc drops combining marks). Characters for which
// every target writes "?" or the character itself are not listed.
func writeTranslit(dir string) {
	var in bytes.Buffer
	var cps []rune
	for r := rune(0x80); r <= 0xFFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		cps = append(cps, r)
		in.WriteString(string(r))
		in.WriteByte('\n')
	}
	cols := make([][]string, len(translitTargets))
	for k, target := range translitTargets {
		cmd := exec.Command("iconv", "-f", "UTF-8", "-t", target+"//TRANSLIT")
		cmd.Env = append(os.Environ(), "LC_ALL=C.UTF-8")
		cmd.Stdin = bytes.NewReader(in.Bytes())
		out, err := cmd.Output()
		if err != nil {
			log.Fatalf("iconv -t %s//TRANSLIT: %v", target, err)
		}
		back := exec.Command("iconv", "-f", target, "-t", "UTF-8")
		back.Stdin = bytes.NewReader(out)
		utf, err := back.Output()
		if err != nil {
			log.Fatalf("iconv -f %s: %v", target, err)
		}
		cols[k] = strings.Split(strings.TrimSuffix(string(utf), "\n"), "\n")
		if len(cols[k]) != len(cps) {
			log.Fatalf("%s: iconv wrote %d lines for %d characters", target, len(cols[k]), len(cps))
		}
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "# glibc iconv (%s): iconv -f UTF-8 -t T//TRANSLIT with LC_ALL=C.UTF-8, one BMP character a line, for T = %s (decoded back to UTF-8).\n", version("iconv", "--version"), strings.Join(translitTargets, ", "))
	fmt.Fprintf(&buf, "# Written by internal/gen/sbdump -translit. Columns: code point, then the text for each T (may be empty);\n# characters that every T writes as \"?\" or as themselves are not listed.\n")
	n := 0
	for i, r := range cps {
		keep := false
		row := []string{fmt.Sprintf("%04X", r)}
		for k := range translitTargets {
			v := cols[k][i]
			if v != "?" && v != string(r) {
				keep = true
			}
			if strings.ContainsAny(v, "\t\n") {
				log.Fatalf("U+%04X: %s text %q", r, translitTargets[k], v)
			}
			row = append(row, v)
		}
		if !keep {
			continue
		}
		for _, c := range []byte(row[1]) {
			if c < 0x20 || c > 0x7E {
				log.Fatalf("U+%04X: ASCII transliteration %q is not printable ASCII", r, row[1])
			}
		}
		buf.WriteString(strings.Join(row, "\t") + "\n")
		n++
	}
	file := filepath.Join(dir, "glibc-translit.txt")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%s: %d characters", file, n)
}

// writeJohab decodes every two-byte code with lead 84–F9 and trail 31–FE,
// each on a line of its own (iconv -c drops the codes without a
// character, and the line stays empty), and writes "0xLLTT<TAB>0xCODE" for
// those that decode to one character.
func writeJohab(dir string) {
	var in bytes.Buffer
	var codes []int
	for lead := 0x84; lead <= 0xF9; lead++ {
		for trail := 0x31; trail <= 0xFE; trail++ {
			codes = append(codes, lead<<8|trail)
			in.Write([]byte{byte(lead), byte(trail), '\n'})
		}
	}
	cmd := exec.Command("iconv", "-c", "-f", "JOHAB", "-t", "UTF-8")
	cmd.Stdin = &in
	out, _ := cmd.Output() // -c exits 1 when it dropped something
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(codes) {
		log.Fatalf("iconv wrote %d lines for %d codes", len(lines), len(codes))
	}
	// What iconv makes of each single byte 00-7F.
	var single [128]string
	for b := range single {
		one := exec.Command("iconv", "-f", "JOHAB", "-t", "UTF-8")
		one.Stdin = bytes.NewReader([]byte{byte(b)})
		o, _ := one.Output()
		single[b] = string(o)
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "# glibc iconv (%s): JOHAB, each two-byte code (lead 84-F9, trail 31-FE) decoded on a line of its own (iconv -c -f JOHAB -t UTF-8)\n", version("iconv", "--version"))
	fmt.Fprintf(&buf, "# Written by internal/gen/sbdump -johab. Columns: code, code point; a code not listed has no character.\n")
	n := 0
	for i, c := range codes {
		rs := []rune(lines[i])
		if len(rs) == 1 && c&0xFF < 0x80 && string(rs) == single[c&0xFF] {
			// Either a code for that character, or iconv -c dropped an
			// invalid lead and read the trail on its own: ask without -c.
			one := exec.Command("iconv", "-f", "JOHAB", "-t", "UTF-8")
			one.Stdin = bytes.NewReader([]byte{byte(c >> 8), byte(c)})
			if _, err := one.Output(); err != nil {
				continue
			}
		}
		if len(rs) != 1 {
			if len(rs) > 1 {
				log.Fatalf("%04X decodes to %d characters", c, len(rs))
			}
			continue
		}
		fmt.Fprintf(&buf, "0x%04X\t0x%04X\n", c, rs[0])
		n++
	}
	file := filepath.Join(dir, "glibc-JOHAB.txt")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%s: %d codes", file, n)
}

// writeEUCTW decodes every two-byte code (A1–FE × A1–FE, CNS 11643 plane 1)
// and every four-byte code 8E A1–B0 A1–FE A1–FE (planes 1–16) of glibc's
// EUC-TW, each on a line of its own, and writes "0xCODE<TAB>0xCHAR" for
// those that decode to one character. iconv -c skips only the first byte
// of a four-byte code without a character and decodes the rest, so every
// line that decodes to what the tail of its code decodes to on its own is
// asked again without -c.
func writeEUCTW(dir string) {
	var codes [][]byte
	for l := 0xA1; l <= 0xFE; l++ {
		for t := 0xA1; t <= 0xFE; t++ {
			codes = append(codes, []byte{byte(l), byte(t)})
		}
	}
	for p := 0xA1; p <= 0xB0; p++ {
		for l := 0xA1; l <= 0xFE; l++ {
			for t := 0xA1; t <= 0xFE; t++ {
				codes = append(codes, []byte{0x8E, byte(p), byte(l), byte(t)})
			}
		}
	}
	lines := iconvLines("EUC-TW", codes)
	tails := make([][]byte, len(codes))
	for i, c := range codes {
		tails[i] = c[1:]
	}
	tailLines := iconvLines("EUC-TW", tails)
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "# glibc iconv (%s): EUC-TW, each two-byte code (A1-FE A1-FE) and four-byte code (8E A1-B0 A1-FE A1-FE) decoded on a line of its own (iconv -c -f EUC-TW -t UTF-8)\n", version("iconv", "--version"))
	fmt.Fprintf(&buf, "# Written by internal/gen/sbdump -euctw. Columns: code, code point; a code not listed has no character.\n")
	n, asked := 0, 0
	for i, c := range codes {
		rs := []rune(lines[i])
		if len(rs) > 1 {
			log.Fatalf("% X decodes to %d characters", c, len(rs))
		}
		if len(rs) != 1 {
			continue
		}
		if lines[i] == tailLines[i] || len(c) == 4 && lines[i] == firstLine(iconvLines("EUC-TW", [][]byte{c[2:]})) {
			asked++
			one := exec.Command("iconv", "-f", "EUC-TW", "-t", "UTF-8")
			one.Stdin = bytes.NewReader(c)
			if _, err := one.Output(); err != nil {
				continue
			}
		}
		fmt.Fprintf(&buf, "0x%X\t0x%04X\n", c, rs[0])
		n++
	}
	file := filepath.Join(dir, "glibc-EUC-TW.txt")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%s: %d codes (%d asked again without -c)", file, n, asked)
}

// writeBig5HKSCS decodes every two-byte code (lead 81–FE, trail 40–7E and
// A1–FE) of glibc's BIG5-HKSCS, each on a line of its own, and writes
// "0xCODE<TAB>0xCHAR" (or "0xCHAR 0xCHAR" for the codes of a letter and a
// combining mark) for those that decode. A line that is the trail byte
// alone may be iconv -c's reading of a bad code whose lead it dropped: it
// is asked again without -c.
func writeBig5HKSCS(dir string) {
	var codes [][]byte
	for l := 0x81; l <= 0xFE; l++ {
		for t := 0x40; t <= 0xFE; t++ {
			if t > 0x7E && t < 0xA1 {
				continue
			}
			codes = append(codes, []byte{byte(l), byte(t)})
		}
	}
	lines := iconvLines("BIG5-HKSCS", codes)
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "# glibc iconv (%s): BIG5-HKSCS, each two-byte code (lead 81-FE, trail 40-7E, A1-FE) decoded on a line of its own (iconv -c -f BIG5-HKSCS -t UTF-8)\n", version("iconv", "--version"))
	fmt.Fprintf(&buf, "# Written by internal/gen/sbdump -big5hkscs. Columns: code, code point (two for a letter and a combining mark); a code not listed has no character.\n")
	n, asked := 0, 0
	for i, c := range codes {
		rs := []rune(lines[i])
		if len(rs) == 0 || len(rs) > 2 {
			if len(rs) > 2 {
				log.Fatalf("% X decodes to %d characters", c, len(rs))
			}
			continue
		}
		if len(rs) == 1 && rs[0] == rune(c[1]) {
			asked++
			one := exec.Command("iconv", "-f", "BIG5-HKSCS", "-t", "UTF-8")
			one.Stdin = bytes.NewReader(c)
			if _, err := one.Output(); err != nil {
				continue
			}
		}
		fmt.Fprintf(&buf, "0x%X\t0x%04X", c, rs[0])
		if len(rs) == 2 {
			fmt.Fprintf(&buf, " 0x%04X", rs[1])
		}
		buf.WriteByte('\n')
		n++
	}
	file := filepath.Join(dir, "glibc-BIG5-HKSCS.txt")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%s: %d codes (%d asked again without -c)", file, n, asked)
}

// writeISOIR165 decodes every code 21–7E 21–7E of ISO-IR-165 with glibc's
// ISO-2022-CN-EXT, each as "ESC $ ) E SO row cell SI" on a line of its
// own, and writes "0xCODE<TAB>0xCHAR" for those that decode to one
// character. glibc skips both bytes of a code it cannot read, so a line is
// empty or the character.
func writeISOIR165(dir string) {
	var codes [][]byte
	for r := 0x21; r <= 0x7E; r++ {
		for c := 0x21; c <= 0x7E; c++ {
			codes = append(codes, []byte{0x1b, '$', ')', 'E', 0x0e, byte(r), byte(c), 0x0f})
		}
	}
	lines := iconvLines("ISO-2022-CN-EXT", codes)
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "# glibc iconv (%s): ISO-IR-165 as ISO-2022-CN-EXT reads it, each code (21-7E 21-7E) as ESC $ ) E SO code SI on a line of its own (iconv -c -f ISO-2022-CN-EXT -t UTF-8)\n", version("iconv", "--version"))
	fmt.Fprintf(&buf, "# Written by internal/gen/sbdump -isoir165. Columns: code, code point; a code not listed has no character.\n")
	n := 0
	for i, c := range codes {
		rs := []rune(lines[i])
		if len(rs) > 1 {
			log.Fatalf("% X decodes to %d characters", c, len(rs))
		}
		if len(rs) == 1 {
			fmt.Fprintf(&buf, "0x%02X%02X\t0x%04X\n", c[5], c[6], rs[0])
			n++
		}
	}
	file := filepath.Join(dir, "glibc-ISO-IR-165.txt")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%s: %d codes", file, n)
}

// iconvLines decodes each code on a line of its own with iconv -c.
func iconvLines(charset string, codes [][]byte) []string {
	var in bytes.Buffer
	for _, c := range codes {
		in.Write(c)
		in.WriteByte('\n')
	}
	cmd := exec.Command("iconv", "-c", "-f", charset, "-t", "UTF-8")
	cmd.Stdin = &in
	out, _ := cmd.Output() // -c exits 1 when it dropped something
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(codes) {
		log.Fatalf("iconv wrote %d lines for %d codes", len(lines), len(codes))
	}
	return lines
}

func firstLine(l []string) string { return l[0] }

// writeJISX0213 decodes every code of glibc's EUC-JISX0213 (A1–FE A1–FE,
// 8F A1–FE A1–FE, 8E A1–FE), each on a line of its own, and writes
// "0xCODE<TAB>0xCHAR" for those that decode to one character and
// "0xCODE<TAB>0xBASE+0xMARK" for the codes of a base character with a
// combining mark. As for EUC-TW, a line that decodes to what the rest of
// its code decodes to is asked again without -c.
func writeJISX0213(dir string) {
	const name = "EUC-JISX0213"
	var codes [][]byte
	for l := 0xA1; l <= 0xFE; l++ {
		for t := 0xA1; t <= 0xFE; t++ {
			codes = append(codes, []byte{byte(l), byte(t)})
		}
	}
	for l := 0xA1; l <= 0xFE; l++ {
		for t := 0xA1; t <= 0xFE; t++ {
			codes = append(codes, []byte{0x8F, byte(l), byte(t)})
		}
	}
	for t := 0xA1; t <= 0xFE; t++ {
		codes = append(codes, []byte{0x8E, byte(t)})
	}
	lines := iconvLines(name, codes)
	tails := make([][]byte, len(codes))
	for i, c := range codes {
		tails[i] = c[1:]
	}
	tailLines := iconvLines(name, tails)
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "# glibc iconv (%s): EUC-JISX0213, each code (A1-FE A1-FE, 8F A1-FE A1-FE, 8E A1-FE) decoded on a line of its own (iconv -c -f EUC-JISX0213 -t UTF-8)\n", version("iconv", "--version"))
	fmt.Fprintf(&buf, "# Written by internal/gen/sbdump -jisx0213. Columns: code, code point (base+mark for a combining sequence); a code not listed has no character.\n")
	n, asked := 0, 0
	for i, c := range codes {
		rs := []rune(lines[i])
		if len(rs) > 2 {
			log.Fatalf("% X decodes to %d characters", c, len(rs))
		}
		if len(rs) == 0 {
			continue
		}
		if lines[i] == tailLines[i] || len(c) == 3 && lines[i] == firstLine(iconvLines(name, [][]byte{c[2:]})) {
			asked++
			one := exec.Command("iconv", "-f", name, "-t", "UTF-8")
			one.Stdin = bytes.NewReader(c)
			if _, err := one.Output(); err != nil {
				continue
			}
		}
		if len(rs) == 2 {
			fmt.Fprintf(&buf, "0x%X\t0x%04X+0x%04X\n", c, rs[0], rs[1])
		} else {
			fmt.Fprintf(&buf, "0x%X\t0x%04X\n", c, rs[0])
		}
		n++
	}
	file := filepath.Join(dir, "glibc-EUC-JISX0213.txt")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%s: %d codes (%d asked again without -c)", file, n, asked)
}

// iso2022jp2Sets are the character sets of ISO-2022-JP-2 (RFC 1554): the
// name sbdump writes, the bytes that designate (and, for G2, invoke) it,
// and whether its codes are two bytes (94×94) or one (21–7E, or 20–7F
// for the 96-character G2 sets).
var iso2022jp2Sets = []struct {
	name, esc string
	double    bool
}{
	{"jisx0208", "\x1b$B", true},
	{"jisx0212", "\x1b$(D", true},
	{"gb2312", "\x1b$A", true},
	{"ksc5601", "\x1b$(C", true},
	{"iso8859-1", "\x1b.A\x1bN", false},
	{"iso8859-7", "\x1b.F\x1bN", false},
	{"jisx0201-roman", "\x1b(J", false},
	{"jisx0201-katakana", "\x1b(I", false},
}

// writeISO2022JP2 decodes every code of every set of glibc's ISO-2022-JP-2,
// each on a line of its own after its designation and followed by ESC ( B,
// with iconv -c, and keeps the lines that decode to one character. It then
// decodes all the kept lines again without -c, so that a line iconv -c
// made of the rest of a bad code cannot stay.
func writeISO2022JP2(dir string) {
	const name = "ISO-2022-JP-2"
	type code struct {
		set  string
		code int
		line []byte
	}
	var codes []code
	for _, s := range iso2022jp2Sets {
		if s.double {
			for l := 0x21; l <= 0x7E; l++ {
				for t := 0x21; t <= 0x7E; t++ {
					codes = append(codes, code{s.name, l<<8 | t, []byte(s.esc + string([]byte{byte(l), byte(t)}) + "\x1b(B")})
				}
			}
			continue
		}
		lo, hi := 0x21, 0x7E
		if strings.HasSuffix(s.esc, "\x1bN") {
			lo, hi = 0x20, 0x7F
		}
		for b := lo; b <= hi; b++ {
			codes = append(codes, code{s.name, b, []byte(s.esc + string([]byte{byte(b)}) + "\x1b(B")})
		}
	}
	lines := make([][]byte, len(codes))
	for i, c := range codes {
		lines[i] = c.line
	}
	out := iconvLines(name, lines)
	var kept []int
	for i, l := range out {
		if n := len([]rune(l)); n == 1 {
			kept = append(kept, i)
		} else if n > 1 {
			log.Fatalf("%s % X decodes to %d characters", codes[i].set, codes[i].code, n)
		}
	}
	// Without -c, iconv stops at the first line that is not a character.
	for {
		var in bytes.Buffer
		for _, i := range kept {
			in.Write(codes[i].line)
			in.WriteByte('\n')
		}
		cmd := exec.Command("iconv", "-f", name, "-t", "UTF-8")
		cmd.Stdin = &in
		o, err := cmd.Output()
		if err == nil {
			break
		}
		bad := strings.Count(string(o), "\n")
		log.Printf("%s %04X: not a character without -c", codes[kept[bad]].set, codes[kept[bad]].code)
		kept = append(kept[:bad], kept[bad+1:]...)
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "# glibc iconv (%s): ISO-2022-JP-2, each code of each character set decoded on a line of its own after its designation (iconv -c -f ISO-2022-JP-2 -t UTF-8)\n", version("iconv", "--version"))
	fmt.Fprintf(&buf, "# Written by internal/gen/sbdump -iso2022jp2. Columns: set, code (as the bytes after the designation, and ESC N for the G2 sets), code point; a code not listed has no character.\n")
	for _, i := range kept {
		fmt.Fprintf(&buf, "%s\t0x%02X\t0x%04X\n", codes[i].set, codes[i].code, []rune(out[i])[0])
	}
	file := filepath.Join(dir, "glibc-ISO-2022-JP-2.txt")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%s: %d codes", file, len(kept))
}
