// Command detectmodel trains the statistical models of package detect from
// the UTF-8 training text in ../shared/corpus/train (one file per language,
// listed in its manifest.csv) and writes them, quantised, to detect/model.bin.
//
// Two kinds of model are written, both over Unicode characters, so that
// one model per language serves every encoding the detector tries:
//
//   - alphabetic languages: a case-folded character-bigram model over a
//     small alphabet (the most frequent letters of the language, up to
//     eight non-ASCII punctuation marks and symbols as frequent as the
//     rarest letter kept, plus seven classes: whitespace, digit, ASCII
//     punctuation, other letter, other punctuation or symbol, control or
//     unassigned, and ASCII letter in a language not written in Latin
//     letters), and a 3×3 model of letter-case transitions. Vietnamese is
//     learnt from its text twice, as it is (NFC) and in the form
//     windows-1258 writes it (tone marks as combining characters where the
//     code page lacks the precomposed letter);
//   - for languages written without spaces between words (Thai), a
//     character-trigram model on top of the bigram model: Witten-Bell
//     interpolation of the trigrams seen in training with the bigram model,
//     stored as the cost of every trigram seen and, per two-symbol context,
//     the back-off cost of the others. Without word boundaries a bigram
//     model cannot tell a run of letters that forms syllables from one that
//     does not;
//   - Chinese, Japanese and Korean: a character-unigram model over the
//     characters of the training text, and one cost for every other
//     character (the Good-Turing estimate of the unseen mass, spread evenly).
//
// Costs are negative natural logarithms of smoothed probabilities, times 8,
// rounded and capped at 255. The output depends only on the training text:
// languages, characters and ties are all ordered deterministically.
//
// With -holdout N, every N-th paragraph (non-empty line) of each language
// is left out of training and, with -heldout DIR, written to DIR under the
// training file's name: the input of the detector's held-out check.
//
// The format of model.bin (all integers unsigned LEB128 "uvarint"):
//
//	"UCSDM2\n"
//	count of languages
//	per language: tag, script (each length + bytes), kind byte (0 alphabetic, 1 CJK)
//	  alphabetic: K, K symbols (letters, then punctuation; runes); then
//	              S×S bigram costs (S = K+7,
//	              row = previous symbol), 9 case-transition costs, S unigram costs;
//	              T, the number of trigrams (0: no trigram model), and when
//	              T > 0: S×S back-off costs (row = the symbol two back), T
//	              trigram keys ((a×S+b)×S+c) as deltas from the previous key
//	              (ascending), T trigram costs
//	  CJK:        N, N runes as deltas from the previous rune (ascending),
//	              N costs, the cost of any other character
package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/ucskit/ucs/charset"
)

// Symbol classes shared with package detect (see its model.go).
const (
	symSpace   = iota // whitespace
	symDigit          // ASCII digit
	symPunct          // ASCII punctuation or symbol
	symRare           // letter or mark outside the alphabet
	symOther          // non-ASCII punctuation, symbol, digit
	symControl        // control, format, private use, unassigned, surrogate
	symLatin          // ASCII letter, in a language not written in Latin letters
	numSpecial
)

const (
	maxAlphabet = 73      // letters per alphabetic language
	maxSymbols  = 8       // non-ASCII punctuation and symbols besides (S ≤ 88)
	letterMass  = 0.99995 // stop adding letters once this share of letters is covered
	maxCJK      = 12000   // characters in a CJK unigram list
	scale       = 8.0     // quantisation: units of 1/8 nat
	alpha       = 30.0
)

func main() {
	train := flag.String("train", "", "folder of the training text and its manifest.csv (default: corpus/train of $UCS_SHARED, else of ../shared beside the repository)")
	out := flag.String("out", "model.bin", "file to write")
	holdout := flag.Int("holdout", 0, "with N > 0, leave every N-th paragraph out of training (for a held-out check)")
	heldout := flag.String("heldout", "", "with -holdout, the folder to write the paragraphs left out to, one file per language")
	flag.Parse()
	if *train == "" {
		*train = defaultTrain()
	}
	if err := run(*train, *out, split{*holdout, *heldout}); err != nil {
		fmt.Fprintln(os.Stderr, "detectmodel:", err)
		os.Exit(1)
	}
}

// defaultTrain is the training text of the shared data folder: under
// $UCS_SHARED when it is set, else ../shared beside the repository (the
// generator runs in detect/, so that is ../../shared).
func defaultTrain() string {
	if d := os.Getenv("UCS_SHARED"); d != "" {
		return filepath.Join(d, "corpus", "train")
	}
	return filepath.Join("..", "..", "shared", "corpus", "train")
}

type lang struct{ file, tag, script string }

func readManifest(dir string) ([]lang, error) {
	f, err := os.Open(filepath.Join(dir, "manifest.csv"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("the training text is not there: %s has no manifest.csv.\n"+
			"The model is built from UTF-8 running text per language, the corpus/train folder of the\n"+
			"project's shared data (its PROVENANCE.md names every source). Put that folder beside the\n"+
			"repository as ../shared, or pass -train DIR. Until then the committed model.bin stays in use", dir)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", f.Name(), err)
	}
	var ls []lang
	for i, r := range rows {
		if i == 0 {
			continue
		}
		if len(r) < 3 {
			return nil, fmt.Errorf("manifest.csv line %d: want file,language,script", i+1)
		}
		ls = append(ls, lang{r[0], r[1], r[2]})
	}
	sort.Slice(ls, func(i, j int) bool { return ls[i].tag < ls[j].tag })
	return ls, nil
}

func isCJK(script string) bool {
	switch script {
	case "Hans", "Hant", "Jpan", "Kore":
		return true
	}
	return false
}

// split describes a held-out check: every n-th paragraph (non-empty line)
// of each language is left out of training and written to dir.
type split struct {
	n   int
	dir string
}

// apply returns the training part of text and writes the held-out part.
func (s split) apply(file string, text []byte) ([]byte, error) {
	if s.n <= 0 {
		return text, nil
	}
	var train, held bytes.Buffer
	k := 0
	for _, line := range bytes.SplitAfter(text, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			train.Write(line)
			continue
		}
		k++
		if k%s.n == 0 {
			held.Write(line)
		} else {
			train.Write(line)
		}
	}
	if s.dir != "" {
		if err := os.WriteFile(filepath.Join(s.dir, file), held.Bytes(), 0o644); err != nil {
			return nil, err
		}
	}
	return train.Bytes(), nil
}

func run(dir, out string, sp split) error {
	langs, err := readManifest(dir)
	if err != nil {
		return err
	}
	if sp.n > 0 && sp.dir != "" {
		if err := os.MkdirAll(sp.dir, 0o755); err != nil {
			return err
		}
	}
	var buf bytes.Buffer
	buf.WriteString("UCSDM2\n")
	putUvarint(&buf, uint64(len(langs)))
	for _, l := range langs {
		text, err := os.ReadFile(filepath.Join(dir, l.file))
		if err != nil {
			return err
		}
		if !utf8.Valid(text) {
			return fmt.Errorf("%s: not valid UTF-8", l.file)
		}
		if text, err = sp.apply(l.file, text); err != nil {
			return err
		}
		if form := alsoWritten[l.tag]; form != nil {
			text, err = form(text)
			if err != nil {
				return err
			}
		}
		putString(&buf, l.tag)
		putString(&buf, l.script)
		if isCJK(l.script) {
			buf.WriteByte(1)
			cjkModel(&buf, text)
		} else {
			buf.WriteByte(0)
			alphaModel(&buf, text, l.script == "Latn", trigramScripts[l.script])
		}
	}
	return os.WriteFile(out, buf.Bytes(), 0o644)
}

func putUvarint(b *bytes.Buffer, v uint64) {
	var tmp [binary.MaxVarintLen64]byte
	b.Write(tmp[:binary.PutUvarint(tmp[:], v)])
}

func putString(b *bytes.Buffer, s string) {
	putUvarint(b, uint64(len(s)))
	b.WriteString(s)
}

func quant(p float64) byte {
	c := -math.Log(p) * scale
	if c < 0 {
		c = 0
	}
	if c > 255 {
		return 255
	}
	return byte(math.Round(c))
}

// class returns the special symbol of a character outside the alphabet.
func class(r rune) int {
	switch {
	case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == 0xA0 || unicode.IsSpace(r):
		return symSpace
	case r >= '0' && r <= '9':
		return symDigit
	case ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z'):
		return symRare
	case r < 0x80 && r > ' ' && r != 0x7F:
		return symPunct
	case unicode.IsLetter(r) || unicode.IsMark(r):
		return symRare
	case unicode.IsPunct(r) || unicode.IsSymbol(r) || unicode.IsNumber(r):
		return symOther
	}
	return symControl
}

// caseOf is 0 for a character that is not a cased letter, 1 lower, 2 upper.
func caseOf(r rune) int {
	switch {
	case unicode.IsUpper(r) || unicode.IsTitle(r):
		return 2
	case unicode.IsLower(r):
		return 1
	}
	return 0
}

type runeCount struct {
	r rune
	n int
}

func sortedCounts(m map[rune]int) []runeCount {
	s := make([]runeCount, 0, len(m))
	for r, n := range m {
		s = append(s, runeCount{r, n})
	}
	sort.Slice(s, func(i, j int) bool {
		if s[i].n != s[j].n {
			return s[i].n > s[j].n
		}
		return s[i].r < s[j].r
	})
	return s
}

// alsoWritten maps a language to the form its text takes in a legacy code
// page that writes it differently from Unicode's composed form (NFC): the
// model learns from the text in both forms.
var alsoWritten = map[string]func([]byte) ([]byte, error){"vi": cp1258Form}

// cp1258Form appends to text its form in windows-1258, which has some
// Vietnamese letters with tone marks precomposed and writes the others as
// a base letter and a combining tone mark (U+0300, U+0301, U+0303, U+0309,
// U+0323). Which letters it has is read from its decoder in the registry.
func cp1258Form(text []byte) ([]byte, error) {
	cs, err := charset.Lookup("windows-1258")
	if err != nil {
		return nil, err
	}
	has := map[rune]bool{}
	dec := cs.Codec.NewDecoder()
	for b := 0x80; b < 0x100; b++ {
		if out, err := dec.Bytes([]byte{byte(b)}); err == nil {
			if r, n := utf8.DecodeRune(out); n == len(out) {
				has[r] = true
			}
		}
	}
	isTone := func(r rune) bool {
		switch r {
		case 0x300, 0x301, 0x303, 0x309, 0x323:
			return true
		}
		return false
	}
	var b strings.Builder
	for _, r := range string(text) {
		if r < 0x80 || has[r] {
			b.WriteRune(r)
			continue
		}
		var base, tones []rune
		for _, d := range norm.NFD.String(string(r)) {
			if isTone(d) {
				tones = append(tones, d)
			} else {
				base = append(base, d)
			}
		}
		composed := []rune(norm.NFC.String(string(base)))
		if len(tones) == 0 || len(composed) != 1 || !(composed[0] < 0x80 || has[composed[0]]) {
			b.WriteRune(r)
			continue
		}
		b.WriteRune(composed[0])
		for _, t := range tones {
			b.WriteRune(t)
		}
	}
	out := append(append(append([]byte{}, text...), '\n'), b.String()...)
	return out, nil
}

// trigramScripts are the scripts written without spaces between words,
// whose languages get a trigram model.
var trigramScripts = map[string]bool{"Thai": true}

// alphaModel writes the model of an alphabetic language: its alphabet,
// the bigram and letter-case models and, for trigrams, the trigram model.
func alphaModel(buf *bytes.Buffer, text []byte, latin, trigrams bool) {
	sy := newSymbols(chooseAlphabet(text, latin))
	big, uni, cas := bigramCounts(text, sy)
	pu := writeBigrams(buf, sy, big, uni, cas)
	if !trigrams {
		putUvarint(buf, 0)
		return
	}
	writeTrigrams(buf, text, sy, big, pu)
}

// chooseAlphabet returns the model's letters, most frequent first (at
// most maxAlphabet, covering letterMass of the letters), then the
// non-ASCII punctuation and symbols (quotation marks, dashes) as frequent
// as the rarest letter kept, which get symbols of their own so that the
// model learns where they stand. ASCII letters count only for a Latin
// script.
func chooseAlphabet(text []byte, latin bool) []rune {
	letters := map[rune]int{}
	total := 0
	for _, r := range string(text) {
		if !latin && r < 0x80 {
			continue // ASCII letters are symLatin
		}
		if class(r) == symRare {
			letters[unicode.ToLower(r)]++
			total++
		}
	}
	var alphabet []rune
	covered := 0
	least := 0
	for _, c := range sortedCounts(letters) {
		if len(alphabet) == maxAlphabet || float64(covered) >= letterMass*float64(total) {
			break
		}
		alphabet = append(alphabet, c.r)
		covered += c.n
		least = c.n
	}
	others := map[rune]int{}
	for _, r := range string(text) {
		if class(r) == symOther {
			others[r]++
		}
	}
	for i, c := range sortedCounts(others) {
		if i == maxSymbols || c.n < least {
			break
		}
		alphabet = append(alphabet, c.r)
	}
	return alphabet
}

// symbols numbers the symbols of a model: the special classes, then the
// alphabet.
type symbols struct {
	alphabet []rune
	index    map[rune]int
	n        int // the number of symbols
}

func newSymbols(alphabet []rune) *symbols {
	sy := &symbols{alphabet: alphabet, index: map[rune]int{}, n: numSpecial + len(alphabet)}
	for i, r := range alphabet {
		sy.index[r] = numSpecial + i
	}
	return sy
}

// sym returns the symbol of r: its letter of the alphabet (case-folded),
// symLatin for another ASCII letter, or its class.
func (sy *symbols) sym(r rune) int {
	if i, ok := sy.index[unicode.ToLower(r)]; ok {
		return i
	}
	if r < 0x80 && class(r) == symRare {
		return symLatin
	}
	return class(r)
}

// bigramCounts counts the symbol bigrams, unigrams and letter-case
// transitions of text, each line starting after a space and ending with
// one.
func bigramCounts(text []byte, sy *symbols) (big, uni []float64, cas [9]float64) {
	S := sy.n
	big = make([]float64, S*S)
	uni = make([]float64, S)
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		prev, pc := symSpace, 0
		for _, r := range sc.Text() {
			s, c := sy.sym(r), caseOf(r)
			big[prev*S+s]++
			uni[s]++
			cas[pc*3+c]++
			prev, pc = s, c
		}
		big[prev*S+symSpace]++
		uni[symSpace]++
		cas[pc*3]++
	}
	return big, uni, cas
}

// writeBigrams writes the alphabet, the smoothed bigram costs, the
// letter-case costs and the unigram costs, and returns the smoothed
// unigram probabilities.
func writeBigrams(buf *bytes.Buffer, sy *symbols, big, uni []float64, cas [9]float64) []float64 {
	S := sy.n
	n := 0.0
	for _, u := range uni {
		n += u
	}
	pu := make([]float64, S)
	for i := range uni {
		pu[i] = (uni[i] + 0.5) / (n + 0.5*float64(S))
	}
	putUvarint(buf, uint64(len(sy.alphabet)))
	for _, r := range sy.alphabet {
		putUvarint(buf, uint64(r))
	}
	for i := 0; i < S; i++ {
		row := 0.0
		for j := 0; j < S; j++ {
			row += big[i*S+j]
		}
		for j := 0; j < S; j++ {
			buf.WriteByte(quant((big[i*S+j] + alpha*pu[j]) / (row + alpha)))
		}
	}
	for i := 0; i < 3; i++ {
		row := cas[i*3] + cas[i*3+1] + cas[i*3+2]
		for j := 0; j < 3; j++ {
			buf.WriteByte(quant((cas[i*3+j] + 1) / (row + 3)))
		}
	}
	for i := 0; i < S; i++ {
		buf.WriteByte(quant(pu[i]))
	}
	return pu
}

// writeTrigrams writes the trigram model: Witten-Bell interpolation of
// the trigrams of text (over the same symbols, each line starting after
// two spaces and ending with one) with the bigram model (big, pu).
func writeTrigrams(buf *bytes.Buffer, text []byte, sy *symbols, big, pu []float64) {
	S := sy.n
	tri := map[int]float64{}
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		p2, p1 := symSpace, symSpace
		for _, r := range sc.Text() {
			s := sy.sym(r)
			tri[(p2*S+p1)*S+s]++
			p2, p1 = p1, s
		}
		tri[(p2*S+p1)*S+symSpace]++
	}
	ctxN := make([]float64, S*S)
	ctxT := make([]float64, S*S)
	keys := make([]int, 0, len(tri))
	for k, n := range tri {
		ctxN[k/S] += n
		ctxT[k/S]++
		keys = append(keys, k)
	}
	sort.Ints(keys)
	rowSum := make([]float64, S)
	for i := 0; i < S; i++ {
		for j := 0; j < S; j++ {
			rowSum[i] += big[i*S+j]
		}
	}
	pBi := func(b, c int) float64 { return (big[b*S+c] + alpha*pu[c]) / (rowSum[b] + alpha) }
	putUvarint(buf, uint64(len(keys)))
	for ab := 0; ab < S*S; ab++ {
		lambda := 1.0
		if ctxN[ab] > 0 {
			lambda = ctxT[ab] / (ctxN[ab] + ctxT[ab])
		}
		buf.WriteByte(quant(lambda))
	}
	last := 0
	for _, k := range keys {
		putUvarint(buf, uint64(k-last))
		last = k
	}
	for _, k := range keys {
		ab, c := k/S, k%S
		p := (tri[k] + ctxT[ab]*pBi(ab%S, c)) / (ctxN[ab] + ctxT[ab])
		buf.WriteByte(quant(p))
	}
}

func cjkModel(buf *bytes.Buffer, text []byte) {
	counts := map[rune]int{}
	total := 0
	for _, r := range string(text) {
		if class(r) == symSpace {
			r = ' '
		}
		counts[r]++
		total++
	}
	sc := sortedCounts(counts)
	if len(sc) > maxCJK {
		sc = sc[:maxCJK]
	}
	// Good-Turing: the characters seen once estimate the mass of those
	// never seen.
	singles := 0
	for _, c := range sc {
		if c.n == 1 {
			singles++
		}
	}
	unseen := (float64(singles) + 1) / float64(total+1)
	sort.Slice(sc, func(i, j int) bool { return sc[i].r < sc[j].r })
	putUvarint(buf, uint64(len(sc)))
	last := rune(0)
	for _, c := range sc {
		putUvarint(buf, uint64(c.r-last))
		last = c.r
	}
	t := float64(total) + 1
	for _, c := range sc {
		buf.WriteByte(quant(float64(c.n) / t * (1 - unseen)))
	}
	// The unseen mass, spread over the other characters a text of the
	// language may hold (some 20,000 ideographs and symbols).
	buf.WriteByte(quant(unseen / 20000))
}
