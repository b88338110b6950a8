package detect

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	xenc "golang.org/x/text/encoding"

	"github.com/ucskit/ucs/charset"
)

// The held-out check measures the detector on text it was not trained on
// and that is not the evaluation corpus: models trained on nine paragraphs
// in ten of each training file, samples cut from the tenth. Build its
// input with
//
//	go run ./internal/gen/detectmodel -train ../shared/corpus/train \
//	    -out /tmp/heldout/model.bin -holdout 10 -heldout /tmp/heldout
//
// and run
//
//	DETECT_HELDOUT=/tmp/heldout go test ./detect -run HeldOut -v
//
// The samples imitate the evaluation corpus: lengths of at most 20, 64, 256
// and 1024 bytes (at least 60% of it), cut at a word start (any character
// in Chinese, Japanese and Thai), typographic punctuation that the target
// cannot encode mapped to ASCII, at least one non-ASCII byte. Three sets
// are reported apart: "short-gbk", two to four Chinese characters in GBK
// that are not valid UTF-8, the kind of input the corpus's trap samples
// are; "utf8-shaped", strings of 4 to 8 bytes without ASCII, in Chinese
// (GBK), Japanese (EUC-JP), Korean (EUC-KR), Chinese (Big5) and Thai
// (windows-874), that are UTF-8-shaped with an overlong lead (shape.go);
// "short", strings shorter than 8 bytes cut from the samples of at most 64
// bytes. With DETECT_NO_SHAPE set, the check runs without the shape term.

// heldOutPairs lists, per language, the legacy encodings its text is
// written in.
var heldOutPairs = map[string][]string{
	"de":      {"windows-1252", "iso-8859-1", "iso-8859-15"},
	"fr":      {"windows-1252", "iso-8859-15"},
	"es":      {"windows-1252", "iso-8859-1"},
	"pt":      {"windows-1252", "iso-8859-1"},
	"it":      {"windows-1252"},
	"nl":      {"windows-1252"},
	"sv":      {"windows-1252", "iso-8859-1"},
	"da":      {"windows-1252"},
	"fi":      {"windows-1252", "iso-8859-15"},
	"is":      {"windows-1252", "iso-8859-1"},
	"ca":      {"windows-1252"},
	"cs":      {"windows-1250", "iso-8859-2", "ibm852"},
	"pl":      {"windows-1250", "iso-8859-2"},
	"sk":      {"windows-1250", "iso-8859-2"},
	"sl":      {"windows-1250", "iso-8859-2"},
	"hu":      {"windows-1250", "iso-8859-2"},
	"hr":      {"windows-1250", "iso-8859-2"},
	"ro":      {"iso-8859-16", "windows-1250"},
	"ru":      {"windows-1251", "koi8-r", "iso-8859-5", "ibm866", "ibm855", "x-mac-cyrillic"},
	"uk":      {"windows-1251", "koi8-u"},
	"bg":      {"windows-1251", "iso-8859-5"},
	"be":      {"windows-1251"},
	"mk":      {"windows-1251"},
	"sr":      {"windows-1251", "iso-8859-5"},
	"el":      {"windows-1253", "iso-8859-7"},
	"tr":      {"windows-1254", "iso-8859-9"},
	"he":      {"windows-1255", "iso-8859-8"},
	"ar":      {"windows-1256", "iso-8859-6"},
	"fa":      {"windows-1256"},
	"lt":      {"windows-1257", "iso-8859-13", "iso-8859-4"},
	"lv":      {"windows-1257", "iso-8859-13"},
	"et":      {"windows-1257", "iso-8859-15"},
	"mt":      {"iso-8859-3"},
	"cy":      {"iso-8859-14"},
	"th":      {"windows-874"},
	"vi":      {"windows-1258"},
	"zh-Hans": {"gbk", "gb18030"},
	"zh-Hant": {"big5"},
	"ja":      {"shift_jis", "euc-jp"},
	"ko":      {"euc-kr"},
}

// asciiPunct maps typographic punctuation onto ASCII, as the corpus does
// for targets that lack it.
var asciiPunct = map[rune]string{
	'—': "-", '–': "-", '“': "\"", '”': "\"", '„': "\"", '‘': "'", '’': "'",
	'…': "...", 0xA0: " ", '«': "\"", '»': "\"", '‹': "'", '›': "'",
}

type heldSample struct {
	lang, enc string
	target    int
	b         []byte
	// set is "" for the samples that imitate the evaluation corpus, else
	// the name of a set reported apart: "short-gbk", "utf8-shaped",
	// "short".
	set string
}

// encodeRunes encodes text one character at a time with cs, mapping
// punctuation it lacks to ASCII; it returns the bytes and, per character,
// the end offset, or ok false when a character cannot be encoded.
func encodeRunes(cs *charset.Charset, text string) ([]byte, []int, bool) {
	enc := cs.Codec.NewEncoder()
	var out []byte
	var ends []int
	for _, r := range text {
		b, err := enc.Bytes([]byte(string(r)))
		if err != nil {
			// A letter the code page lacks may be written as a letter it
			// has and combining marks (windows-1258 tone marks).
			b, err = encodeDecomposed(enc, r)
		}
		if err != nil {
			a, ok := asciiPunct[r]
			if !ok {
				return nil, nil, false
			}
			b = []byte(a)
		}
		out = append(out, b...)
		ends = append(ends, len(out))
	}
	return out, ends, true
}

// encodeDecomposed encodes r as a character the code page has followed
// by combining marks it has, canonically equivalent to r.
func encodeDecomposed(enc *xenc.Encoder, r rune) ([]byte, error) {
	form, ok := decomposedForm(r, func(c rune) bool {
		_, err := enc.Bytes([]byte(string(c)))
		return err == nil
	})
	if !ok {
		return nil, errDecode
	}
	return enc.Bytes([]byte(string(form)))
}

func heldOutSamples(t *testing.T, dir string) []heldSample {
	rng := rand.New(rand.NewSource(5))
	var langs []string
	for l := range heldOutPairs {
		langs = append(langs, l)
	}
	sort.Strings(langs)
	var out []heldSample
	for _, l := range langs {
		data, err := os.ReadFile(filepath.Join(dir, l+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		var paras []string
		for _, p := range strings.Split(string(data), "\n") {
			if strings.TrimSpace(p) != "" {
				paras = append(paras, p)
			}
		}
		anyStart := l == "th" || l == "ja" || strings.HasPrefix(l, "zh")
		for _, name := range heldOutPairs[l] {
			cs, err := charset.Lookup(name)
			if err != nil {
				continue
			}
			for _, target := range []int{20, 64, 256, 1024} {
				made := 0
				for try := 0; made < 5 && try < 200; try++ {
					// Paragraphs joined until long enough, from a random one.
					i := rng.Intn(len(paras))
					text := paras[i]
					for j := i + 1; len(text) < 8*target && j < len(paras); j++ {
						text += "\n" + paras[j]
					}
					rs := []rune(text)
					start := rng.Intn(len(rs))
					if !anyStart {
						for start > 0 && !unicode.IsSpace(rs[start-1]) {
							start--
						}
					}
					b, ends, ok := encodeRunes(cs, string(rs[start:min(len(rs), start+2*target)]))
					if !ok {
						continue
					}
					n := 0
					for n < len(ends) && ends[n] <= target {
						n++
					}
					if n == 0 || ends[n-1] < target*6/10 {
						continue
					}
					b = b[:ends[n-1]]
					high := false
					for _, c := range b {
						high = high || c >= 0x80
					}
					if !high {
						continue
					}
					out = append(out, heldSample{l, name, target, b, ""})
					made++
				}
			}
		}
	}
	// Short GBK strings that are not UTF-8.
	data, err := os.ReadFile(filepath.Join(dir, "zh-Hans.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var han []rune
	for _, r := range string(data) {
		if unicode.Is(unicode.Han, r) {
			han = append(han, r)
		}
	}
	gbk := charset.MustLookup("gbk")
	for made := 0; made < 200 && len(han) > 8; {
		n := 2 + rng.Intn(3)
		i := rng.Intn(len(han) - n)
		b, _, ok := encodeRunes(gbk, string(han[i:i+n]))
		if !ok || utf8.Valid(b) {
			continue
		}
		out = append(out, heldSample{"zh-Hans", "gbk", len(b), b, "short-gbk"})
		made++
	}
	out = append(out, shapedSamples(t, dir, rng)...)
	out = append(out, shortSamples(out, rng)...)
	return out
}

// shortSamples cuts from each sample of at most 64 bytes one string of
// one to six characters that is shorter than 8 bytes and not UTF-8: a few
// characters, on which the detector's confidence should be modest.
func shortSamples(samples []heldSample, rng *rand.Rand) []heldSample {
	var out []heldSample
	for _, s := range samples {
		if s.set != "" || s.target != 64 {
			continue
		}
		cs, err := charset.Lookup(s.enc)
		if err != nil {
			continue
		}
		text, ok := decodeAs(s.enc, false, s.b)
		if !ok {
			continue
		}
		rs := []rune(text)
		for try := 0; try < 20; try++ {
			i := rng.Intn(len(rs))
			b, _, ok := encodeRunes(cs, string(rs[i:min(len(rs), i+1+rng.Intn(6))]))
			if !ok || len(b) < 2 || len(b) >= shortInput || utf8.Valid(b) {
				continue
			}
			out = append(out, heldSample{s.lang, s.enc, len(b), b, "short"})
			break
		}
	}
	return out
}

// shapedPairs lists the languages and encodings whose text is often
// UTF-8-shaped (shape.go): every non-ASCII byte a lead C0–DF followed by a
// trail 80–BF.
var shapedPairs = [][2]string{
	{"zh-Hans", "gbk"}, {"zh-Hant", "big5"}, {"ja", "euc-jp"}, {"ko", "euc-kr"}, {"th", "windows-874"},
}

// shapedSamples cuts, from the held-out text, strings of 4 to 8 bytes
// without ASCII (two to four characters of a two-byte encoding) whose
// bytes in the encoding are UTF-8-shaped with at least one lead C0 or C1:
// real text of the kind the shape term judges. Their target length is 0.
func shapedSamples(t *testing.T, dir string, rng *rand.Rand) []heldSample {
	var out []heldSample
	for _, p := range shapedPairs {
		data, err := os.ReadFile(filepath.Join(dir, p[0]+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		cs, err := charset.Lookup(p[1])
		if err != nil {
			continue
		}
		enc := cs.Codec.NewEncoder()
		var found [][]byte
		for _, para := range strings.Split(string(data), "\n") {
			rs := []rune(para)
			for n := 2; n <= 8; n++ {
				for i := 0; i+n <= len(rs); i++ {
					b, err := enc.Bytes([]byte(string(rs[i : i+n])))
					if err != nil || len(b) < 4 || len(b) > 8 || bytes.IndexFunc(b, func(r rune) bool { return r < 0x80 }) >= 0 {
						continue
					}
					if sh := utf8Shape(b, uint32(bytes.Count(b, []byte{0xC0})+bytes.Count(b, []byte{0xC1}))); sh.ok && !utf8.Valid(b) {
						found = append(found, b)
					}
				}
			}
		}
		rng.Shuffle(len(found), func(i, j int) { found[i], found[j] = found[j], found[i] })
		for _, b := range found[:min(len(found), 100)] {
			out = append(out, heldSample{p[0], p[1], len(b), b, "utf8-shaped"})
		}
	}
	return out
}

func TestHeldOut(t *testing.T) {
	dir := os.Getenv("DETECT_HELDOUT")
	if dir == "" {
		t.Skip("DETECT_HELDOUT not set (see the comment at the top of heldout_test.go)")
	}
	data, err := os.ReadFile(filepath.Join(dir, "model.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("DETECT_NO_SHAPE") != "" {
		// Measure without the shape term (shape.go).
		shapeEvidence = false
		defer func() { shapeEvidence = true }()
	}
	// Replace the tables with ones built from the held-out model.
	tabOnce.Do(func() {})
	modelData = data
	tab = buildTables()
	if tab.err != nil {
		t.Fatal(tab.err)
	}
	samples := heldOutSamples(t, dir)
	var overall, sure, unsure tally
	sets := map[string]*tally{}
	// Language tags of right answers: given and right, given and wrong,
	// not given; per length.
	type tags struct{ right, wrong, none int }
	langTags := map[int]*tags{20: {}, 64: {}, 256: {}, 1024: {}}
	buckets := map[int]*tally{20: {}, 64: {}, 256: {}, 1024: {}}
	perEnc := map[string]*tally{}
	var failures []string
	for _, s := range samples {
		truth, tok := decodeAs(s.enc, false, s.b)
		if !tok {
			t.Fatalf("%s %s: sample does not decode", s.lang, s.enc)
		}
		best := Detect(s.b).Best()
		got, gok := decodeAs(best.Encoding, best.BOM, s.b)
		right := gok && got == truth
		if best.Confidence >= 0.5 {
			sure.add(right)
		} else {
			unsure.add(right)
		}
		if right && s.set == "" {
			lt := langTags[s.target]
			switch best.Language {
			case "":
				lt.none++
			case s.lang:
				lt.right++
			default:
				lt.wrong++
			}
		}
		switch s.set {
		case "utf8-shaped":
			k := s.set + " " + s.enc
			if sets[k] == nil {
				sets[k] = &tally{}
			}
			sets[k].add(right)
		case "":
			overall.add(right)
			buckets[s.target].add(right)
			if perEnc[s.enc] == nil {
				perEnc[s.enc] = &tally{}
			}
			perEnc[s.enc].add(right)
		default:
			if sets[s.set] == nil {
				sets[s.set] = &tally{}
			}
			sets[s.set].add(right)
		}
		if !right {
			failures = append(failures, fmt.Sprintf("%s %s %d: got %s %.3f %s (% x)", s.lang, s.enc, len(s.b), best.Encoding, best.Confidence, best.Language, s.b[:min(len(s.b), 12)]))
		}
	}
	var out strings.Builder
	fmt.Fprintf(&out, "held-out check (%d samples)\n", len(samples))
	fmt.Fprintf(&out, "  overall    %6.2f%%  (%d/%d)\n", 100*overall.pct(), overall.right, overall.total)
	for _, k := range []int{20, 64, 256, 1024} {
		fmt.Fprintf(&out, "  <=%-7d  %6.2f%%  (%d/%d)\n", k, 100*buckets[k].pct(), buckets[k].right, buckets[k].total)
	}
	var setNames []string
	for k := range sets {
		setNames = append(setNames, k)
	}
	sort.Strings(setNames)
	for _, k := range setNames {
		fmt.Fprintf(&out, "  %-24s %6.2f%%  (%d/%d)\n", k, 100*sets[k].pct(), sets[k].right, sets[k].total)
	}
	for _, k := range []int{20, 64, 256, 1024} {
		lt := langTags[k]
		fmt.Fprintf(&out, "  language tags, <=%d bytes: %d right, %d wrong, %d not given\n", k, lt.right, lt.wrong, lt.none)
	}
	fmt.Fprintf(&out, "  calibration: confidence >= 0.5: %.2f%% right (%d); < 0.5: %.2f%% right (%d)\n",
		100*sure.pct(), sure.total, 100*unsure.pct(), unsure.total)
	var names []string
	for k := range perEnc {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		fmt.Fprintf(&out, "    %-16s %6.2f%%  (%d/%d)\n", k, 100*perEnc[k].pct(), perEnc[k].right, perEnc[k].total)
	}
	t.Log("\n" + out.String())
	t.Log("\n" + calibration(samples))
	if os.Getenv("DETECT_FAILURES") != "" {
		t.Log("failures:\n" + strings.Join(failures, "\n"))
	}
	if overall.pct() < goalOverall {
		t.Errorf("held-out accuracy %.2f%% is below the goal of %.0f%%", 100*overall.pct(), 100*goalOverall)
	}
}

// calibration tabulates, for the held-out samples, the confidence of the
// best candidate against how often it is right, and the Brier score
// (mean squared difference between confidence and rightness) at several
// temperatures: for the inputs of at least shortInput bytes (temperature),
// and for the shorter ones (shortTemperature).
func calibration(samples []heldSample) string {
	var out strings.Builder
	saved, savedShort := temperature, shortTemperature
	defer func() { temperature, shortTemperature = saved, savedShort }()
	for _, short := range []bool{false, true} {
		var part []heldSample
		for _, s := range samples {
			if (len(s.b) < shortInput) == short {
				part = append(part, s)
			}
		}
		what := fmt.Sprintf("inputs of %d bytes or more", shortInput)
		if short {
			what = fmt.Sprintf("inputs shorter than %d bytes", shortInput)
		}
		fmt.Fprintf(&out, "%s (%d):\n", what, len(part))
		for _, T := range []float64{1, 1.5, 2, 3, 4} {
			temperature, shortTemperature = 8*T, 8*T
			out.WriteString("  " + calibrate(part, T) + "\n")
		}
	}
	return out.String()
}

func calibrate(samples []heldSample, T float64) string {
	var out strings.Builder
	type bin struct {
		n, right int
		conf     float64
	}
	edges := []float64{0.5, 0.8, 0.95, 0.99, 1.01}
	bins := make([]bin, len(edges))
	var brier float64
	for _, s := range samples {
		truth, _ := decodeAs(s.enc, false, s.b)
		best := Detect(s.b).Best()
		got, gok := decodeAs(best.Encoding, best.BOM, s.b)
		r := 0.0
		if gok && got == truth {
			r = 1
		}
		brier += (best.Confidence - r) * (best.Confidence - r)
		k := 0
		for best.Confidence >= edges[k] {
			k++
		}
		bins[k].n++
		bins[k].right += int(r)
		bins[k].conf += best.Confidence
	}
	fmt.Fprintf(&out, "temperature %.1f nats: Brier %.4f;", T, brier/float64(max(len(samples), 1)))
	lo := 0.0
	for k, b := range bins {
		if b.n > 0 {
			fmt.Fprintf(&out, " [%.2f,%.2f) n=%d conf %.3f right %.3f;", lo, min(edges[k], 1), b.n, b.conf/float64(b.n), float64(b.right)/float64(b.n))
		}
		lo = edges[k]
	}
	return out.String()
}
