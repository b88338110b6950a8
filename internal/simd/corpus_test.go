package simd

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/testfiles"
)

// corpusNames lists the UTF-8 files of the benchmark corpus (the
// committed sample when the shared corpus is absent).
func corpusNames(tb testing.TB) []string {
	tb.Helper()
	return testfiles.CorpusNames(tb, "*.utf8.txt")
}

func corpusFile(tb testing.TB, name string) []byte {
	tb.Helper()
	return testfiles.Corpus(tb, name)
}

// vector is one line of the UTF-8 conformance files.
type vector struct {
	ID     string  `json:"id"`
	Hex    string  `json:"hex"`
	Valid  bool    `json:"valid"`
	Offset *int    `json:"first_error_offset"`
	Kind   *string `json:"first_error_kind"`
	Repl   string  `json:"replace"`
	Line   int     `json:"line"`
}

func readVectors(t *testing.T, rel string) []vector {
	t.Helper()
	f, err := os.Open(testfiles.Testdata(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []vector
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for line := 1; sc.Scan(); line++ {
		var v vector
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s:%d: %v", rel, line, err)
		}
		if v.ID == "" {
			v.ID = rel + ":" + strconv.Itoa(line)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no vectors", rel)
	}
	return out
}

// replaceDecode decodes s, replacing each maximal subpart with U+FFFD, by
// repeated calls of ValidateUTF8.
func replaceDecode(s []byte) []rune {
	var out []rune
	for len(s) > 0 {
		n, _, bad := ValidateUTF8(s)
		out = append(out, []rune(string(s[:n]))...)
		if n == len(s) {
			break
		}
		out = append(out, utf8.RuneError)
		s = s[n+bad:]
	}
	return out
}

func parseCodePoints(t *testing.T, s string) []rune {
	var out []rune
	for _, f := range strings.Fields(s) {
		v, err := strconv.ParseUint(strings.TrimPrefix(f, "U+"), 16, 32)
		if err != nil {
			t.Fatalf("bad code point %q", f)
		}
		out = append(out, rune(v))
	}
	return out
}

// TestConformance checks every UTF-8 vector of the shared test data:
// validity, first error offset and kind, and the maximal-subpart
// replacement (which checks badLen), with every kernel.
func TestConformance(t *testing.T) {
	var all []vector
	for _, rel := range []string{"utf8/maximal-subpart.jsonl", "utf8/table-3-8.jsonl", "kuhn/UTF-8-test.lines.jsonl"} {
		all = append(all, readVectors(t, rel)...)
	}
	eachKernel(t, func(t *testing.T, kernel string) {
		for _, v := range all {
			src, err := hex.DecodeString(v.Hex)
			if err != nil {
				t.Fatalf("%s: %v", v.ID, err)
			}
			n, kind, _ := ValidateUTF8(src)
			if ValidUTF8(src) != v.Valid || (n == len(src)) != v.Valid {
				t.Errorf("%s %s: valid = %v, want %v", v.ID, v.Hex, ValidUTF8(src), v.Valid)
				continue
			}
			if !v.Valid {
				if v.Offset == nil || *v.Offset != n {
					t.Errorf("%s %s: error at %d, want %v", v.ID, v.Hex, n, *v.Offset)
				}
				if v.Kind != nil && kind.String() != *v.Kind {
					t.Errorf("%s %s: kind %v, want %s", v.ID, v.Hex, kind, *v.Kind)
				}
			}
			if v.Repl != "" || v.Hex == "" {
				if got, want := replaceDecode(src), parseCodePoints(t, v.Repl); string(got) != string(want) {
					t.Errorf("%s %s: replacement decode %U, want %U", v.ID, v.Hex, got, want)
				}
			}
			checkValidate(t, src)
		}
	})
	_ = encoding.KindNone
}

// TestKuhnFile checks the whole stress-test file against its expected
// replacement output.
func TestKuhnFile(t *testing.T) {
	src := testfiles.ReadTestdata(t, "kuhn/UTF-8-test.txt")
	want := testfiles.ReadTestdata(t, "kuhn/UTF-8-test.expected-replace.txt")
	eachKernel(t, func(t *testing.T, kernel string) {
		if got := string(replaceDecode(src)); got != string(want) {
			t.Fatalf("replacement decode of UTF-8-test.txt differs from the expected output")
		}
	})
}
