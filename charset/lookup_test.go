package charset

import (
	"errors"
	"strings"
	"testing"
)

// An unknown label, however long, costs at most the error value: the
// suggestions are not computed until the message is asked for.
func TestLookupUnknownAllocs(t *testing.T) {
	for _, n := range []int{1, 10, MaxLabelLen, MaxLabelLen + 1, 4 << 10, 1 << 20} {
		label := strings.Repeat("x", n)
		allocs := testing.AllocsPerRun(20, func() {
			if _, err := Lookup(label); err == nil {
				t.Fatal("accepted")
			}
		})
		if allocs > 2 {
			t.Errorf("Lookup of an unknown %d-byte label: %v allocations, want at most 2", n, allocs)
		}
	}
}

// A known label, in any case and spelling, costs no allocation.
func TestLookupKnownAllocs(t *testing.T) {
	for _, label := range []string{"utf-8", "Windows-1252", " UTF_16LE\t", "Extended_UNIX_Code_Packed_Format_for_Japanese", "cp936"} {
		allocs := testing.AllocsPerRun(20, func() {
			if _, err := Lookup(label); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Errorf("Lookup(%q): %v allocations, want 0", label, allocs)
		}
	}
}

// Every registered label fits under MaxLabelLen, so the cap refuses none.
func TestLabelsFitCap(t *testing.T) {
	for k := range load().labels {
		if len(k) > MaxLabelLen {
			t.Errorf("label %q is %d bytes, over MaxLabelLen", k, len(k))
		}
	}
}

// Whitespace around a label is trimmed before the cap applies; only ASCII
// letters fold (WHATWG: ASCII case-insensitive).
func TestLookupTrimAndFold(t *testing.T) {
	pad := strings.Repeat(" ", 1<<16)
	if c, err := Lookup(pad + "UTF-8" + pad); err != nil || c.Name != "utf-8" {
		t.Errorf("padded label: %v, %v", c, err)
	}
	// U+212A KELVIN SIGN lowers to 'k' under Unicode rules, not ASCII ones.
	if c, err := Lookup("\u212Aoi8-r"); err == nil {
		t.Errorf("Kelvin sign folded to k: %v", c)
	}
	if c, err := Lookup("KOI8-R"); err != nil || c.Name != "koi8-r" {
		t.Errorf("KOI8-R: %v, %v", c, err)
	}
}

// The message of a long unknown label quotes its start and its length, not
// all of it, and suggests nothing.
func TestUnknownLongMessage(t *testing.T) {
	label := strings.Repeat("utf-8", 1000)
	_, err := Lookup(label)
	var u *UnknownError
	if !errors.As(err, &u) || u.Label != label {
		t.Fatalf("Lookup: %v", err)
	}
	msg := err.Error()
	if len(msg) > 200 || !strings.Contains(msg, "(5000 bytes)") || strings.Contains(msg, "did you mean") {
		t.Errorf("message %q", msg)
	}
	if s := u.Suggestions(); s != nil {
		t.Errorf("suggestions %v for a long label", s)
	}
}
