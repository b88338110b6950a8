package charset

import (
	"os"
	"os/exec"
	"sync"
	"testing"
)

// Every label that Lookup answers from the UTF family before the registry
// is built is written normalized and gives, in the registry, the same
// charset: the shortcut cannot change an answer.
func TestUnicodeShortcutAgreesWithRegistry(t *testing.T) {
	r := load()
	n := 0
	for _, c := range unicodeCharsets() {
		for _, l := range append([]string{c.Name}, c.aliases...) {
			if normalize(l) != l {
				t.Errorf("%s: label %q is not normalized", c.Name, l)
			}
			if got := r.labels[l]; got != c {
				t.Errorf("registry gives %v for %q, the shortcut %s", got, l, c.Name)
			}
			if got := unicodeByLabel([]byte(l)); got != c {
				t.Errorf("unicodeByLabel(%q) = %v, want %s", l, got, c.Name)
			}
			n++
		}
	}
	if n < 16 {
		t.Fatalf("only %d labels in the UTF family", n)
	}
	for _, l := range []string{"", "utf", "utf-8x", "gbk", "windows-1252", "cp65001"} {
		if c := unicodeByLabel([]byte(l)); c != nil {
			t.Errorf("unicodeByLabel(%q) = %s, want nil", l, c.Name)
		}
	}
}

// In a fresh process, looking up a Unicode form leaves the registry of
// every charset unbuilt, and the first lookup of any other label builds
// it and finds the same charsets the shortcut gave.
func TestLookupUnicodeLeavesRegistryUnbuilt(t *testing.T) {
	if os.Getenv("UCS_CHARSET_LAZY_CHILD") == "1" {
		// The child: the test binary's own tests ran nothing before
		// this one (-test.run selects it alone).
		u8, err := Lookup(" UTF-8 ")
		if err != nil || u8.Name != "utf-8" {
			t.Fatalf("Lookup(utf-8) = %v, %v", u8, err)
		}
		if c := MustLookup("utf16le"); c.Name != "utf-16le" {
			t.Fatalf("utf16le gives %s", c.Name)
		}
		if current.Load() != nil {
			t.Fatal("a lookup of a Unicode form built the registry")
		}
		if c := MustLookup("latin1"); c.Name != "iso-8859-1" {
			t.Fatalf("latin1 gives %s", c.Name)
		}
		if current.Load() == nil {
			t.Fatal("a lookup of latin1 did not build the registry")
		}
		if MustLookup("utf-8") != u8 {
			t.Fatal("utf-8 gives another *Charset once the registry is built")
		}
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestLookupUnicodeLeavesRegistryUnbuilt$", "-test.count=1")
	cmd.Env = append(os.Environ(), "UCS_CHARSET_LAZY_CHILD=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
}

// The first lookups, lists and registrations may come from many goroutines
// at once; each sees the whole registry (run with -race).
func TestFirstUseConcurrent(t *testing.T) {
	if os.Getenv("UCS_CHARSET_LAZY_CHILD") == "2" {
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Go(func() {
				switch i % 4 {
				case 0:
					if c, err := Lookup("shift_jis"); err != nil || c.Name != "shift_jis" {
						t.Errorf("Lookup(shift_jis) = %v, %v", c, err)
					}
				case 1:
					if n := len(List()); n < 100 {
						t.Errorf("List has %d charsets", n)
					}
				case 2:
					if c, err := Lookup("utf-8"); err != nil || c.Name != "utf-8" {
						t.Errorf("Lookup(utf-8) = %v, %v", c, err)
					}
				case 3:
					if _, err := Lookup("no-such-charset"); err == nil {
						t.Error("an unknown label was found")
					}
				}
			})
		}
		wg.Wait()
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	c := exec.Command(exe, "-test.run=^TestFirstUseConcurrent$", "-test.count=1")
	c.Env = append(os.Environ(), "UCS_CHARSET_LAZY_CHILD=2")
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
}
