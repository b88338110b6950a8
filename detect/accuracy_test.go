package detect

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
	"unicode/utf16"
	"unicode/utf8"

	"github.com/ucskit/ucs/internal/testfiles"
)

// Goals of the detector on ../shared/corpus/detect.
const (
	goalOverall = 0.95
	goalShort   = 0.85 // samples of at most 32 bytes
	goalMedium  = 0.93 // 33 to 128 bytes
	goalLong    = 0.97 // longer
	goalGB      = 0.90 // GBK and GB18030 each
)

// refName maps a corpus label onto the detector's name for the decoder
// that gives the same text on the corpus: supersets whose extra codes a
// strict sample of the label cannot contain.
var refName = map[string]string{
	"gb2312":        "gbk",
	"windows-31j":   "shift_jis",
	"tis-620":       "windows-874",
	"iso-8859-11":   "windows-874",
	"x-windows-949": "euc-kr",
	"x-windows-950": "big5",
}

// decodeAs decodes b as the detector's candidate or the corpus label name
// (with bom: skip the byte-order mark). ok is false when no decoder is
// available or b is malformed.
func decodeAs(name string, bom bool, b []byte) (string, bool) {
	name = strings.ToLower(name)
	if n, ok := refName[name]; ok {
		name = n
	}
	switch name {
	case "us-ascii":
		for _, c := range b {
			if c >= 0x80 {
				return "", false
			}
		}
		return string(b), true
	case "utf-8":
		if bom {
			if !bytes.HasPrefix(b, []byte("\xEF\xBB\xBF")) {
				return "", false
			}
			b = b[3:]
		}
		if !utf8.Valid(b) {
			return "", false
		}
		return string(b), true
	case "utf-16le", "utf-16be", "utf-16":
		if name == "utf-16" || bom {
			switch {
			case bytes.HasPrefix(b, []byte{0xFF, 0xFE}):
				name = "utf-16le"
			case bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
				name = "utf-16be"
			default:
				return "", false
			}
			b = b[2:]
		}
		if len(b)%2 != 0 || !validUTF16(b, name == "utf-16be", true) {
			return "", false
		}
		u := make([]uint16, len(b)/2)
		for i := range u {
			u[i] = uint16(unit16(b[2*i:], name == "utf-16be"))
		}
		return string(utf16.Decode(u)), true
	case "utf-32le", "utf-32be", "utf-32":
		if name == "utf-32" || bom {
			switch {
			case bytes.HasPrefix(b, []byte{0xFF, 0xFE, 0, 0}):
				name = "utf-32le"
			case bytes.HasPrefix(b, []byte{0, 0, 0xFE, 0xFF}):
				name = "utf-32be"
			default:
				return "", false
			}
			b = b[4:]
		}
		if !validUTF32(b, name == "utf-32be", true) {
			return "", false
		}
		var sb strings.Builder
		for i := 0; i+3 < len(b); i += 4 {
			sb.WriteRune(rune(unit32(b[i:], name == "utf-32be")))
		}
		return sb.String(), true
	}
	if name == "iso-2022-kr" && encByName(name) == nil {
		return decodeISO2022KR(b)
	}
	if name == "hz-gb-2312" && encByName(name) == nil {
		return decodeHZ(b)
	}
	if name == "iso-2022-cn" && encByName(name) == nil {
		return decodeISO2022CN(b)
	}
	e := encByName(name)
	if e == nil {
		return "", false
	}
	out, err := e.decode(nil, b, true)
	if err != nil {
		return "", false
	}
	return string(out), true
}

// encByName finds an encoding by the detector's name or its registry name.
func encByName(name string) *enc {
	t := getTables()
	if e := t.readings().encs[name]; e != nil {
		return e
	}
	for _, e := range t.readings().encs {
		if e.cs != nil && strings.EqualFold(e.cs.Name, name) {
			return e
		}
	}
	if e := resolve(encSpec{name: name, kind: kindSingle}); e != nil && e.newT != nil {
		return e
	}
	return nil
}

type sample struct {
	path, label, lang, source string
	size                      int
}

func readCorpus(t testing.TB) (string, []sample) {
	dir := testfiles.Shared(t, "corpus/detect")
	f, err := os.Open(filepath.Join(dir, "manifest.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("manifest.csv: %v", err)
	}
	var ss []sample
	for i, r := range rows {
		if i == 0 {
			continue
		}
		n, _ := strconv.Atoi(r[4])
		ss = append(ss, sample{r[0], r[1], r[2], r[3], n})
	}
	return dir, ss
}

type tally struct{ right, total int }

func (t *tally) add(ok bool) {
	t.total++
	if ok {
		t.right++
	}
}

func (t tally) pct() float64 {
	if t.total == 0 {
		return 0
	}
	return float64(t.right) / float64(t.total)
}

func TestAccuracy(t *testing.T) {
	dir, samples := readCorpus(t)
	var overall tally
	buckets := map[string]*tally{"<=32": {}, "33-128": {}, ">128": {}}
	perEnc := map[string]*tally{}
	var traps tally
	var sure, unsure tally // split at the CLI's default --min-confidence
	badCandidates := 0
	var failures []string
	for _, s := range samples {
		b, err := os.ReadFile(filepath.Join(dir, s.path))
		if err != nil {
			t.Fatal(err)
		}
		label := s.label
		if label == "UTF-8" && bytes.HasPrefix(b, []byte("\xEF\xBB\xBF")) {
			label = "UTF-8+BOM"
		}
		truth, tok := decodeAs(strings.TrimSuffix(label, "+BOM"), label == "UTF-8+BOM", b)
		res := Detect(b)
		dump.write(t, "labeled/"+s.path, res)
		best := res.Best()
		got, gok := decodeAs(best.Encoding, best.BOM, b)
		right := gok && tok && got == truth
		if !tok && !right {
			right = strings.EqualFold(best.Encoding, s.label)
		}
		for _, c := range res.Candidates {
			if _, ok := decodeAs(c.Encoding, c.BOM, b); !ok {
				if encByName(strings.ToLower(c.Encoding)) != nil || strings.HasPrefix(c.Encoding, "utf") || c.Encoding == "us-ascii" {
					badCandidates++
					t.Errorf("%s: candidate %s does not decode the sample", s.path, c.Encoding)
				}
			}
		}
		overall.add(right)
		if best.Confidence >= 0.5 {
			sure.add(right)
		} else {
			unsure.add(right)
		}
		switch {
		case s.size <= 32:
			buckets["<=32"].add(right)
		case s.size <= 128:
			buckets["33-128"].add(right)
		default:
			buckets[">128"].add(right)
		}
		if perEnc[label] == nil {
			perEnc[label] = &tally{}
		}
		perEnc[label].add(right)
		if s.source == "trap" {
			traps.add(right)
		}
		if !right {
			failures = append(failures, fmt.Sprintf("%s (%s, %d B): got %s %.3f %s", s.path, label, s.size, best.Encoding, best.Confidence, best.Language))
		}
	}
	var out strings.Builder
	fmt.Fprintf(&out, "detection accuracy on corpus/detect (%d samples)\n", overall.total)
	fmt.Fprintf(&out, "  overall   %6.2f%%  (%d/%d)\n", 100*overall.pct(), overall.right, overall.total)
	for _, k := range []string{"<=32", "33-128", ">128"} {
		fmt.Fprintf(&out, "  %-9s %6.2f%%  (%d/%d)\n", k, 100*buckets[k].pct(), buckets[k].right, buckets[k].total)
	}
	fmt.Fprintf(&out, "  traps     %6.2f%%  (%d/%d)\n", 100*traps.pct(), traps.right, traps.total)
	fmt.Fprintf(&out, "  calibration: confidence >= 0.5: %.2f%% right (%d samples); < 0.5: %.2f%% right (%d samples)\n",
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
	if os.Getenv("DETECT_FAILURES") != "" {
		t.Log("failures:\n" + strings.Join(failures, "\n"))
	}
	if overall.pct() < goalOverall {
		t.Errorf("overall accuracy %.2f%% is below the goal of %.0f%%", 100*overall.pct(), 100*goalOverall)
	}
	for k, goal := range map[string]float64{"<=32": goalShort, "33-128": goalMedium, ">128": goalLong} {
		if buckets[k].pct() < goal {
			t.Errorf("accuracy on samples of %s bytes %.2f%% is below the goal of %.0f%%", k, 100*buckets[k].pct(), 100*goal)
		}
	}
	for _, k := range []string{"GBK", "GB18030"} {
		if perEnc[k] != nil && perEnc[k].pct() < goalGB {
			t.Errorf("accuracy on %s samples %.2f%% is below the goal of %.0f%%", k, 100*perEnc[k].pct(), 100*goalGB)
		}
	}
	if traps.right != traps.total {
		t.Errorf("%d of %d trap samples wrong", traps.total-traps.right, traps.total)
	}
	if badCandidates > 0 {
		t.Errorf("%d candidates fail to decode their sample", badCandidates)
	}
}

// decodeISO2022KR decodes ISO-2022-KR (RFC 1557) for tests, while the
// registry has no codec for it: the designation escape and the shifts are
// dropped, and the bytes between SO and SI, with their high bits set, are
// decoded as EUC-KR. It fails on anything else.
func decodeISO2022KR(b []byte) (string, bool) {
	euckr := encByName("euc-kr")
	if euckr == nil {
		return "", false
	}
	var out strings.Builder
	var run []byte
	shifted := false
	flush := func() bool {
		if len(run) == 0 {
			return true
		}
		text, err := euckr.decode(nil, run, true)
		if err != nil {
			return false
		}
		out.Write(text)
		run = run[:0]
		return true
	}
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case bytes.HasPrefix(b[i:], []byte("\x1b$)C")):
			i += 3
		case c == 0x0E && !shifted:
			shifted = true
		case c == 0x0F && shifted:
			if !flush() {
				return "", false
			}
			shifted = false
		case shifted && c > 0x20 && c < 0x7F:
			run = append(run, c|0x80)
		case !shifted && c < 0x80 && c != 0x1B && c != 0x0E && c != 0x0F:
			out.WriteByte(c)
		default:
			return "", false
		}
	}
	if shifted || !flush() {
		return "", false
	}
	return out.String(), true
}
