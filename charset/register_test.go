package charset

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"github.com/ucskit/ucs/encoding"
)

// runs numbers the runs of the tests that register (go test -count=N).
var runs atomic.Int32

// scratchRegistry makes the registry go back to its state before the test.
func scratchRegistry(t *testing.T) {
	saved := load()
	t.Cleanup(func() { current.Store(saved) })
}

func TestRegister(t *testing.T) {
	scratchRegistry(t)
	run := runs.Add(1)
	before := len(List())
	name := fmt.Sprintf("x-test-cp1047-%d", run)
	spec := Spec{
		Charset: Charset{Name: name, Codec: encoding.FromXText(name, charmap.CodePage1047), Family: "ebcdic"},
		Aliases: []string{"x-test-ebcdic-" + name}, CodePages: []int{59999, 1252}, // 59999: no built-in charset has it
	}
	c, err := Register(spec)
	if err != nil {
		t.Fatal(err)
	}
	// Register copied its input: changing the spec afterwards changes
	// neither the registered charset nor what its labels find.
	spec.Name, spec.Family = "x-test-renamed", "x-changed"
	spec.Aliases[0], spec.CodePages[0] = "x-test-written", 59998
	if c.Name != name || c.Family != "ebcdic" || !slices.Equal(c.Aliases(), []string{"x-test-ebcdic-" + name}) || !slices.Equal(c.CodePages(), []int{59999, 1252}) {
		t.Errorf("changing the spec changed the charset: %s %s %q %v", c.Name, c.Family, c.Aliases(), c.CodePages())
	}
	for _, l := range []string{"x-test-renamed", "x-test-written", "cp59998"} {
		if got, err := Lookup(l); err == nil {
			t.Errorf("Lookup(%q) = %v: changing the spec changed the registry", l, got)
		}
	}
	labels := []string{strings.ToUpper(name), strings.ReplaceAll("x-test-ebcdic-"+name, "-", "_")}
	labels = append(labels, "cp59999", "ibm59999")
	for _, l := range labels {
		if got, err := Lookup(l); err != nil || got != c {
			t.Errorf("Lookup(%q) = %v, %v", l, got, err)
		}
	}
	// A code page that a built-in charset has keeps its meaning.
	if got := MustLookup("cp1252"); got.Name != "windows-1252" {
		t.Errorf("cp1252 is now %s", got.Name)
	}
	if len(List()) != before+1 {
		t.Errorf("List has %d charsets, want %d", len(List()), before+1)
	}
	text, err := MustLookup(name).Codec.AppendDecode(nil, []byte{0xC8, 0x89})
	if err != nil || string(text) != "Hi" {
		t.Errorf("decode: %q, %v", text, err)
	}
	// Suggestions see the new charset.
	if _, err := Lookup(name + "x"); err == nil || !strings.Contains(err.Error(), name) {
		t.Errorf("no suggestion of the new charset: %v", err)
	}

	for _, bad := range []Spec{
		{},
		{Charset: Charset{Name: "x-no-codec"}},
		{Charset: Charset{Name: " ", Codec: c.Codec}},
		{Charset: Charset{Name: "x-test-2", Codec: c.Codec}, Aliases: []string{"LATIN1"}}, // an alias of iso-8859-1
		{Charset: Charset{Name: "utf-8", Codec: c.Codec}},
		{Charset: Charset{Name: name, Codec: c.Codec}},
	} {
		if got, err := Register(bad); err == nil || got != nil {
			t.Errorf("Register(%+v) = %v, %v: accepted", bad, got, err)
		}
	}
	if got := MustLookup("latin1"); got.Name != "iso-8859-1" {
		t.Errorf("latin1 is now %s", got.Name)
	}
	if _, err := Lookup("x-test-2"); err == nil {
		t.Error("a refused charset is half registered")
	}
}

// Lookups running beside Register see a whole registry (run with -race).
func TestRegisterConcurrent(t *testing.T) {
	scratchRegistry(t)
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := Lookup("utf-8"); err != nil {
					t.Error(err)
					return
				}
				_ = List()
			}
		}()
	}
	for i := range 20 {
		name := fmt.Sprintf("x-test-concurrent-%d-%d", runs.Load(), i)
		if _, err := Register(Spec{Charset: Charset{Name: name, Codec: encoding.FromXText(name, charmap.CodePage037)}}); err != nil {
			t.Error(err)
		}
	}
	close(stop)
	wg.Wait()
}

// TestHandedOutLists checks that the lists a caller is handed are its
// own: writing into them or appending to them changes neither what Lookup
// answers nor the lists handed out later, to this caller or another.
func TestHandedOutLists(t *testing.T) {
	for _, c := range List() {
		aliases, pages := c.Aliases(), c.CodePages()
		wantAliases, wantPages := slices.Clone(aliases), slices.Clone(pages)
		for i := range aliases {
			aliases[i] = "x-written"
		}
		for i := range pages {
			pages[i] = 59998
		}
		_ = append(c.Aliases()[:0], "x-appended")
		_ = append(c.CodePages()[:0], 59997)
		again := MustLookup(c.Name)
		if again != c {
			t.Fatalf("Lookup(%q) = %p, want the listed %p", c.Name, again, c)
		}
		if got := again.Aliases(); !slices.Equal(got, wantAliases) {
			t.Errorf("%s: aliases handed out after a write are %q, want %q", c.Name, got, wantAliases)
		}
		if got := again.CodePages(); !slices.Equal(got, wantPages) {
			t.Errorf("%s: code pages handed out after a write are %v, want %v", c.Name, got, wantPages)
		}
		for _, a := range wantAliases {
			if got := lookup(a); got != c {
				t.Errorf("%s: alias %q now finds %v", c.Name, a, got)
			}
		}
	}
	for _, l := range []string{"x-written", "x-appended", "cp59998", "cp59997"} {
		if got, err := Lookup(l); err == nil {
			t.Errorf("Lookup(%q) = %v: a written list changed the registry", l, got)
		}
	}
	// gbk has both lists, so the loop above wrote into both.
	if c := MustLookup("gbk"); len(c.Aliases()) == 0 || len(c.CodePages()) == 0 {
		t.Fatal("gbk has no aliases or no code pages: the test writes into nothing")
	}
}
