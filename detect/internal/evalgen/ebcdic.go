package main

import (
	"encoding/csv"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ebcdicLocales maps a locale folder to a BCP 47 tag and the EBCDIC code
// pages of the registry its text is written in on a mainframe: the
// national page, its form with the euro sign, the international page 500
// (and 1148) where the language is one of its Western European ones, the
// Open Systems page 1047 for Latin-1 text under z/OS Unix, and the
// swaplfnl forms, whose line end is the NL byte 15, for files of the
// z/OS Unix file system read as they are.
var ebcdicLocales = []struct {
	dir, tag string
	pages    []string
}{
	{"en_GB", "en", []string{"ibm037", "ibm1140", "ibm1047", "ibm500", "ibm285", "ibm1146", "ibm037-swaplfnl", "ibm1047-swaplfnl"}},
	{"de", "de", []string{"ibm273", "ibm1141", "ibm500", "ibm1148", "ibm1047", "ibm273-swaplfnl"}},
	{"da", "da", []string{"ibm277", "ibm1142"}},
	{"nb", "nb", []string{"ibm277", "ibm1142"}},
	{"sv", "sv", []string{"ibm278", "ibm1143"}},
	{"fi", "fi", []string{"ibm278", "ibm1143"}},
	{"it", "it", []string{"ibm280", "ibm1144", "ibm500"}},
	{"es", "es", []string{"ibm284", "ibm1145", "ibm500"}},
	{"fr", "fr", []string{"ibm297", "ibm1147", "ibm500", "ibm1148"}},
	{"nl", "nl", []string{"ibm037", "ibm500"}},
	{"pt_BR", "pt", []string{"ibm037", "ibm1140"}},
	{"is", "is", []string{"ibm871", "ibm1149"}},
	{"tr", "tr", []string{"ibm1026", "ibm1026-swaplfnl"}},
	{"pl", "pl", []string{"ibm870"}},
	{"cs", "cs", []string{"ibm870"}},
	{"hu", "hu", []string{"ibm870"}},
	{"sk", "sk", []string{"ibm870"}},
	{"hr", "hr", []string{"ibm870"}},
	{"ro", "ro", []string{"ibm870"}},
	{"el", "el", []string{"ibm875"}},
	{"he", "he", []string{"ibm424"}},
}

// ebcdicShapes are the forms EBCDIC text takes: "records", fixed 80-byte
// card images without line ends, half of them with sequence numbers in
// columns 73-80; "lines", wrapped paragraphs with line ends (the page's
// LF, the NL of a swaplfnl page, or CR LF); "short", one short message a
// line, as in a panel or message file; "report", a listing with a header,
// dates and amounts; "sentence", one sentence of 25 to 120 bytes; and
// "word", one label of 4 to 15 bytes.
var ebcdicShapes = []string{"records", "lines", "short", "report", "sentence", "word"}

// buildEBCDIC writes the EBCDIC set's samples and manifest rows and
// returns how many it wrote.
func buildEBCDIC(src, out string, perLang int, w *csv.Writer) int {
	count := 0
	for _, loc := range ebcdicLocales {
		texts := catalogs(filepath.Join(src, loc.dir, "LC_MESSAGES"))
		for _, split := range []string{"dev", "test"} {
			if len(texts[split]) < 20 {
				continue
			}
			// Each page writes only the lines it has every character of.
			fit := map[string][]string{}
			rng := rand.New(rand.NewPCG(uint64(hash("ebcdic/"+loc.dir+split)), 11))
			for i := 0; i < perLang; i++ {
				shape := ebcdicShapes[i%len(ebcdicShapes)]
				page := loc.pages[rng.IntN(len(loc.pages))]
				lines, ok := fit[page]
				if !ok {
					for _, s := range texts[split] {
						if _, ok := encode(page, s); ok {
							lines = append(lines, s)
						}
					}
					fit[page] = lines
				}
				if len(lines) < 20 {
					continue
				}
				b, ok := encode(page, buildEBCDICDoc(shape, lines, rng))
				if !ok {
					continue
				}
				name := fmt.Sprintf("%s-%s-%s-%02d", loc.dir, split, shape, i)
				write := func(suffix string, data []byte, prefix int) {
					p := filepath.Join("samples", name+suffix+".txt")
					if err := os.WriteFile(filepath.Join(out, p), data, 0o644); err != nil {
						fmt.Fprintln(os.Stderr, "evalgen:", err)
						os.Exit(1)
					}
					w.Write([]string{p, page, loc.tag, shape, split, strconv.Itoa(prefix), strconv.Itoa(len(data))})
					count++
				}
				write("", b, 0)
				if shape != "sentence" && shape != "word" {
					for _, n := range []int{32, 128, 512} {
						if len(b) > n {
							write(fmt.Sprintf("-head%d", n), b[:n], n)
						}
					}
				}
			}
		}
	}
	return count
}

// wrap breaks s into lines of at most width characters at spaces.
func wrap(s string, width int) []string {
	var out []string
	line := ""
	for _, word := range strings.Fields(s) {
		switch {
		case line == "":
			line = word
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) <= width:
			line += " " + word
		default:
			out = append(out, line)
			line = word
		}
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}

// pad cuts or pads s with spaces to width characters.
func pad(s string, width int) string {
	n := utf8.RuneCountInString(s)
	if n >= width {
		return string([]rune(s)[:width])
	}
	return s + strings.Repeat(" ", width-n)
}

// shortLine returns a line of lo to hi bytes in UTF-8 when there is one
// among a few tries, else the shortest seen.
func shortLine(lines []string, rng *rand.Rand, lo, hi int) string {
	best := ""
	for range 200 {
		s := lines[rng.IntN(len(lines))]
		if len(s) >= lo && len(s) <= hi {
			return s
		}
		if best == "" || len(s) < len(best) {
			best = s
		}
	}
	return best
}

// buildEBCDICDoc makes a document of the shape from the lines.
func buildEBCDICDoc(shape string, lines []string, rng *rand.Rand) string {
	var b strings.Builder
	switch shape {
	case "records":
		seq := rng.IntN(2) == 0
		n := 0
		for i := 0; i < 2+rng.IntN(6); i++ {
			for _, l := range wrap(pick(lines, rng, 2+rng.IntN(4), " "), 71) {
				n++
				if seq {
					b.WriteString(pad(" "+l, 72) + fmt.Sprintf("%08d", 100*n))
				} else {
					b.WriteString(pad(l, 80))
				}
			}
		}
	case "lines":
		end := "\n"
		if rng.IntN(4) == 0 {
			end = "\r\n"
		}
		for i := 0; i < 2+rng.IntN(6); i++ {
			for _, l := range wrap(pick(lines, rng, 2+rng.IntN(4), " "), 72) {
				b.WriteString(l + end)
			}
			b.WriteString(end)
		}
	case "short":
		for i := 0; i < 4+rng.IntN(20); i++ {
			b.WriteString(shortLine(lines, rng, 4, 40) + "\n")
		}
	case "report":
		fmt.Fprintf(&b, "%s\n\n", strings.ToUpper(pad(shortLine(lines, rng, 10, 50), 60)))
		for i := 0; i < 3+rng.IntN(20); i++ {
			fmt.Fprintf(&b, "%06d  2024-%02d-%02d  %9d,%02d  %s\n", 1+i, 1+rng.IntN(12), 1+rng.IntN(28),
				rng.IntN(99999), rng.IntN(100), pad(shortLine(lines, rng, 4, 40), 40))
		}
	case "sentence":
		b.WriteString(sentence(lines, rng))
	case "word":
		b.WriteString(shortLine(lines, rng, 4, 15))
	}
	return b.String()
}
