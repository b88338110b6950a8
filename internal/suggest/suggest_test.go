package suggest

import (
	"reflect"
	"strings"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"abc", "abc", 0}, {"utf8", "utf-8", 1}, {"kitten", "sitting", 3}, {"", "abc", 3}} {
		if got := Distance(tc.a, tc.b); got != tc.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.d)
		}
	}
}

func TestClosest(t *testing.T) {
	names := []string{"convert", "validate", "list", "detect", "inspect"}
	if got := Closest("convrt", names, 2); !reflect.DeepEqual(got, []string{"convert"}) {
		t.Errorf("Closest(convrt) = %v", got)
	}
	if got := Closest("insp", names, 3); len(got) == 0 || got[0] != "inspect" {
		t.Errorf("Closest(insp) = %v", got)
	}
	if got := Closest("zzzzzzzz", names, 3); len(got) != 0 {
		t.Errorf("Closest(zzzzzzzz) = %v", got)
	}
}

// TestClosestLongName: a name of 120 KB (a file pasted as an encoding
// name) once cost a full Levenshtein table against every candidate,
// seconds for the encodings' aliases. Candidates whose length rules them
// out are now skipped: no distance table is built for them.
func TestClosestLongName(t *testing.T) {
	cands := []string{"utf-8", "utf-16le", "iso-8859-1", "windows-1252", "gb18030", "shift_jis"}
	huge := strings.Repeat("x", 120<<10)
	allocs := testing.AllocsPerRun(3, func() {
		if got := Closest(huge, cands, 3); len(got) != 0 {
			t.Errorf("Closest(huge) = %q", got)
		}
	})
	// Each Distance call allocates two rows; the sort and the result a
	// few small things at most.
	if allocs >= float64(len(cands)) {
		t.Errorf("Closest of a 120 KB name: %.0f allocations, want fewer than %d (no distance tables)", allocs, len(cands))
	}
	if got := Closest("utf", cands, 3); len(got) == 0 || got[0] != "utf-8" && got[0] != "utf-16le" {
		t.Errorf("Closest(utf) = %q", got)
	}
}
