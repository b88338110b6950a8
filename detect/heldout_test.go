package detect

import (
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
// cannot encode mapped to ASCII, at least one non-ASCII byte. A second set,
// "short-gbk", holds two to four Chinese characters in GBK that are not
// valid UTF-8: the kind of input the corpus's trap samples are.

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
					out = append(out, heldSample{l, name, target, b})
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
		out = append(out, heldSample{"zh-Hans", "short-gbk", len(b), b})
		made++
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
	// Replace the tables with ones built from the held-out model.
	tabOnce.Do(func() {})
	modelData = data
	tab = buildTables()
	if tab.err != nil {
		t.Fatal(tab.err)
	}
	samples := heldOutSamples(t, dir)
	var overall, shortGBK, sure, unsure tally
	// Language tags of right answers: given and right, given and wrong,
	// not given; per length.
	type tags struct{ right, wrong, none int }
	langTags := map[int]*tags{20: {}, 64: {}, 256: {}, 1024: {}}
	buckets := map[int]*tally{20: {}, 64: {}, 256: {}, 1024: {}}
	perEnc := map[string]*tally{}
	var failures []string
	for _, s := range samples {
		label := s.enc
		if label == "short-gbk" {
			label = "gbk"
		}
		truth, tok := decodeAs(label, false, s.b)
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
		if right && s.enc != "short-gbk" {
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
		if s.enc == "short-gbk" {
			shortGBK.add(right)
		} else {
			overall.add(right)
			buckets[s.target].add(right)
			if perEnc[s.enc] == nil {
				perEnc[s.enc] = &tally{}
			}
			perEnc[s.enc].add(right)
		}
		if !right {
			failures = append(failures, fmt.Sprintf("%s %s %d: got %s %.3f %s (% x)", s.lang, s.enc, len(s.b), best.Encoding, best.Confidence, best.Language, s.b[:min(len(s.b), 12)]))
		}
	}
	var out strings.Builder
	fmt.Fprintf(&out, "held-out check (%d samples)\n", overall.total+shortGBK.total)
	fmt.Fprintf(&out, "  overall    %6.2f%%  (%d/%d)\n", 100*overall.pct(), overall.right, overall.total)
	for _, k := range []int{20, 64, 256, 1024} {
		fmt.Fprintf(&out, "  <=%-7d  %6.2f%%  (%d/%d)\n", k, 100*buckets[k].pct(), buckets[k].right, buckets[k].total)
	}
	fmt.Fprintf(&out, "  short-gbk  %6.2f%%  (%d/%d)\n", 100*shortGBK.pct(), shortGBK.right, shortGBK.total)
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
// temperatures.
func calibration(samples []heldSample) string {
	var out strings.Builder
	saved := temperature
	defer func() { temperature = saved }()
	for _, T := range []float64{1, 1.5, 2, 3, 4} {
		temperature = 8 * T
		type bin struct {
			n, right int
			conf     float64
		}
		edges := []float64{0.5, 0.8, 0.95, 0.99, 1.01}
		bins := make([]bin, len(edges))
		var brier float64
		for _, s := range samples {
			label := s.enc
			if label == "short-gbk" {
				label = "gbk"
			}
			truth, _ := decodeAs(label, false, s.b)
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
		fmt.Fprintf(&out, "temperature %.1f nats: Brier %.4f;", T, brier/float64(len(samples)))
		lo := 0.0
		for k, b := range bins {
			if b.n > 0 {
				fmt.Fprintf(&out, " [%.2f,%.2f) n=%d conf %.3f right %.3f;", lo, min(edges[k], 1), b.n, b.conf/float64(b.n), float64(b.right)/float64(b.n))
			}
			lo = edges[k]
		}
		out.WriteString("\n")
	}
	return out.String()
}
