package detect

// TestEval measures the detector on an evaluation set built by
// scripts/detect-eval.sh (detect/internal/evalgen) from text that neither
// the training text nor the labeled corpus holds: the translations of the
// gettext catalogs Debian packages install, put in the shapes of real
// files (web pages, JSON, CSV, SRT, e-mail, source code, single
// sentences), encoded as each language is in the wild, and cut into
// prefixes of 32, 128 and 512 bytes (detected with DetectPrefix), and logs
// whose first 64 KiB are ASCII (detected with DetectReader). It runs
// when DETECT_EVAL names the set's folder; DETECT_EVAL_SPLIT picks the
// split ("test", the default, or "dev", the one tuning may look at, or
// "all"). The EBCDIC set, built beside it in DETECT_EVAL/ebcdic
// (evalgen -part ebcdic: the same catalogs, split the same way, in the
// EBCDIC pages serving each language, as card images, lines, messages,
// listings, sentences and single labels), is measured and reported on its
// own. It reports for each accuracy, the reliability table (confidence bucket →
// share right) and the answers that do not decode their sample.

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

type evalSample struct {
	path, label, lang, shape, split string
	prefix                          int
}

// decodeLabel decodes b as a label of the evaluation set; with prefix,
// a character cut by the end of b is dropped.
func decodeLabel(name string, bom bool, b []byte, prefix bool) (string, bool) {
	if name == "utf-8-bom" {
		name, bom = "utf-8", true
	}
	if !prefix {
		return decodeAs(name, bom, b)
	}
	for cut := 0; cut < 4 && cut <= len(b); cut++ {
		if s, ok := decodeAs(name, bom, b[:len(b)-cut]); ok {
			return s, true
		}
	}
	return "", false
}

// sameText reports whether two decodings of a prefix agree, but for the
// character the end of the prefix may cut.
func sameText(a, b string) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	return strings.HasPrefix(a, b) && len(a)-len(b) <= 4
}

// reliability buckets the confidence of the best candidate.
var reliabilityBuckets = []float64{0, 0.5, 0.7, 0.9, 0.99, 1.01}

func TestEval(t *testing.T) {
	dir := os.Getenv("DETECT_EVAL")
	if dir == "" {
		t.Skip("DETECT_EVAL not set (build the set with scripts/detect-eval.sh)")
	}
	split := os.Getenv("DETECT_EVAL_SPLIT")
	if split == "" {
		split = "test"
	}
	// The default set is in dir, the EBCDIC set (evalgen -part ebcdic) in
	// dir/ebcdic when it was built; each is reported on its own.
	t.Run("default", func(t *testing.T) { evalPart(t, dir, "", split) })
	if _, err := os.Stat(filepath.Join(dir, "ebcdic", "manifest.csv")); err == nil {
		t.Run("ebcdic", func(t *testing.T) { evalPart(t, filepath.Join(dir, "ebcdic"), "ebcdic/", split) })
	}
}

// evalPart measures the detector on the set in dir; prefix names the part
// in the answer dump.
func evalPart(t *testing.T, dir, part, split string) {
	f, err := os.Open(filepath.Join(dir, "manifest.csv"))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	var samples []evalSample
	for _, r := range rows[1:] {
		if split != "all" && r[4] != split {
			continue
		}
		p, _ := strconv.Atoi(r[5])
		samples = append(samples, evalSample{r[0], r[1], r[2], r[3], r[4], p})
	}
	var all, sure tally
	byShape, byLabel, byPrefix := map[string]*tally{}, map[string]*tally{}, map[string]*tally{}
	buckets := make([]tally, len(reliabilityBuckets)-1)
	undecodable, asciiWrong := 0, 0
	var ebcdic tally // answers of an EBCDIC page, and how many are right
	ebcdicBuckets := make([]tally, len(reliabilityBuckets)-1)
	var wrong []string
	get := func(m map[string]*tally, k string) *tally {
		if m[k] == nil {
			m[k] = &tally{}
		}
		return m[k]
	}
	for _, s := range samples {
		b, err := os.ReadFile(filepath.Join(dir, s.path))
		if err != nil {
			t.Fatal(err)
		}
		prefix := s.prefix > 0
		var res Result
		switch {
		case prefix:
			res = DetectPrefix(b)
		case s.shape == "log":
			res, err = DetectReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
		default:
			res = Detect(b)
		}
		dump.write(t, "eval/"+part+s.path, res)
		best := res.Best()
		want, ok := decodeLabel(s.label, false, b, prefix)
		if !ok {
			t.Fatalf("%s does not decode as its label %s", s.path, s.label)
		}
		got, ok := decodeLabel(best.Encoding, best.BOM, b, prefix)
		if !ok && best.Invalid == 0 {
			undecodable++
		}
		if best.Encoding == "us-ascii" && !asciiOnly(b) {
			asciiWrong++
		}
		right := ok && sameText(got, want)
		all.add(right)
		if best.Charset != nil && best.Charset.Family == "ebcdic" {
			ebcdic.add(right)
			for i := range ebcdicBuckets {
				if best.Confidence >= reliabilityBuckets[i] && best.Confidence < reliabilityBuckets[i+1] {
					ebcdicBuckets[i].add(right)
				}
			}
		}
		get(byShape, s.shape).add(right)
		get(byLabel, s.label).add(right)
		get(byPrefix, strconv.Itoa(s.prefix)).add(right)
		for i := range buckets {
			if best.Confidence >= reliabilityBuckets[i] && best.Confidence < reliabilityBuckets[i+1] {
				buckets[i].add(right)
			}
		}
		if best.Confidence >= 0.9 {
			sure.add(right)
			if !right {
				wrong = append(wrong, fmt.Sprintf("%s (%s): %s %.3f", s.path, s.label, best.Encoding, best.Confidence))
			}
		}
	}
	var out strings.Builder
	fmt.Fprintf(&out, "\nevaluation set %s, split %s: %d samples\n", dir, split, len(samples))
	fmt.Fprintf(&out, "  accuracy %.2f%% (%d/%d)\n", 100*all.pct(), all.right, all.total)
	fmt.Fprintf(&out, "  confidence >= 0.9: %.1f%% of answers, %.2f%% of them right (%d/%d)\n",
		100*float64(sure.total)/float64(max(all.total, 1)), 100*sure.pct(), sure.right, sure.total)
	fmt.Fprintf(&out, "  answers that do not decode their sample: %d; us-ascii with a non-ASCII byte: %d\n", undecodable, asciiWrong)
	fmt.Fprintf(&out, "  answers naming an EBCDIC page: %d, %d of them right\n", ebcdic.total, ebcdic.right)
	if ebcdic.total > 0 {
		out.WriteString("  reliability of the answers naming an EBCDIC page:\n")
		for i, bk := range ebcdicBuckets {
			fmt.Fprintf(&out, "    [%.2f, %.2f)  %5d answers  %6.2f%% right\n", reliabilityBuckets[i], min(reliabilityBuckets[i+1], 1), bk.total, 100*bk.pct())
		}
	}
	out.WriteString("  reliability (confidence of the best candidate -> share right):\n")
	for i, bk := range buckets {
		fmt.Fprintf(&out, "    [%.2f, %.2f)  %5d answers  %6.2f%% right\n", reliabilityBuckets[i], min(reliabilityBuckets[i+1], 1), bk.total, 100*bk.pct())
	}
	for _, m := range []struct {
		name string
		m    map[string]*tally
	}{{"shape", byShape}, {"prefix", byPrefix}, {"label", byLabel}} {
		keys := make([]string, 0, len(m.m))
		for k := range m.m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		fmt.Fprintf(&out, "  by %s:\n", m.name)
		for _, k := range keys {
			fmt.Fprintf(&out, "    %-14s %6.2f%% (%d/%d)\n", k, 100*m.m[k].pct(), m.m[k].right, m.m[k].total)
		}
	}
	sort.Strings(wrong)
	if len(wrong) > 60 {
		wrong = wrong[:60]
	}
	out.WriteString("  wrong at confidence >= 0.9 (first 60):\n    " + strings.Join(wrong, "\n    ") + "\n")
	t.Log(out.String())
	if part == "" && ebcdic.total > 0 {
		t.Errorf("%d answers name an EBCDIC page, and the default set has no EBCDIC text", ebcdic.total)
	}
	if undecodable > 0 || asciiWrong > 0 {
		t.Errorf("%d answers do not decode their sample, %d are us-ascii with a non-ASCII byte", undecodable, asciiWrong)
	}
}
