package enctest

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/ucskit/ucs/internal/testfiles"
)

// Index reads a WHATWG index file from the pinned generator data of the
// module (internal/gen/data), not from the generated table: pointer →
// code point.
func Index(tb testing.TB, name string) map[int]rune {
	tb.Helper()
	f, err := os.Open(testfiles.Module(tb, "internal/gen/data/index-"+name+".txt"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	idx := map[int]rune{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 2 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		p, err1 := strconv.Atoi(fs[0])
		c, err2 := strconv.ParseUint(strings.TrimPrefix(fs[1], "0x"), 16, 32)
		if err1 != nil || err2 != nil {
			tb.Fatalf("index-%s: bad line %q", name, sc.Text())
		}
		idx[p] = rune(c)
	}
	if len(idx) == 0 {
		tb.Fatalf("index-%s is empty", name)
	}
	return idx
}

// FirstPointers returns, for each code point of idx, its smallest pointer
// among those that keep(pointer) accepts.
func FirstPointers(idx map[int]rune, keep func(int) bool) map[rune]int {
	first := map[rune]int{}
	for p, r := range idx {
		if keep != nil && !keep(p) {
			continue
		}
		if q, ok := first[r]; !ok || p < q {
			first[r] = p
		}
	}
	return first
}
