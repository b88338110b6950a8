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
	saved := current.Load()
	t.Cleanup(func() { current.Store(saved) })
}

func TestRegister(t *testing.T) {
	scratchRegistry(t)
	run := runs.Add(1)
	before := len(List())
	name := fmt.Sprintf("x-test-cp1047-%d", run)
	c := &Charset{
		Name: name, Aliases: []string{"x-test-ebcdic-" + name}, CodePages: []int{59999, 1252}, // 59999: no built-in charset has it
		Codec: encoding.FromXText(name, charmap.CodePage1047), Family: "ebcdic",
	}
	if err := Register(c); err != nil {
		t.Fatal(err)
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

	for _, bad := range []*Charset{
		nil,
		{Name: "x-no-codec"},
		{Name: " ", Codec: c.Codec},
		{Name: "x-test-2", Aliases: []string{"LATIN1"}, Codec: c.Codec}, // an alias of iso-8859-1
		{Name: "utf-8", Codec: c.Codec},
		{Name: name, Codec: c.Codec},
	} {
		if err := Register(bad); err == nil {
			t.Errorf("Register(%+v) accepted", bad)
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
		if err := Register(&Charset{Name: name, Codec: encoding.FromXText(name, charmap.CodePage037)}); err != nil {
			t.Error(err)
		}
	}
	close(stop)
	wg.Wait()
}

// TestHandedOutLists checks what a caller that changes the lists of a
// charset it was handed can do: appending leaves the registry's arrays
// alone, and writing into them changes no answer of Lookup.
func TestHandedOutLists(t *testing.T) {
	for _, c := range List() {
		if cap(c.Aliases) != len(c.Aliases) || cap(c.CodePages) != len(c.CodePages) {
			t.Errorf("%s: lists with spare capacity (aliases %d/%d, code pages %d/%d)", c.Name, len(c.Aliases), cap(c.Aliases), len(c.CodePages), cap(c.CodePages))
		}
	}
	c := MustLookup("gbk")
	alias, page := c.Aliases[0], c.CodePages[0]
	before := slices.Clone(c.Aliases)
	_ = append(c.Aliases, "x-appended")
	if !slices.Equal(c.Aliases, before) || cap(c.Aliases) != len(c.Aliases) {
		t.Fatalf("append changed the registry's aliases: %q", c.Aliases)
	}
	c.Aliases[0], c.CodePages[0] = "x-written", 59998
	defer func() { c.Aliases[0], c.CodePages[0] = alias, page }()
	for _, l := range []string{alias, fmt.Sprintf("cp%d", page)} {
		if got, err := Lookup(l); err != nil || got != c {
			t.Errorf("Lookup(%q) = %v, %v after the lists were written", l, got, err)
		}
	}
	for _, l := range []string{"x-written", "cp59998"} {
		if got, err := Lookup(l); err == nil {
			t.Errorf("Lookup(%q) = %v: a written list changed the registry", l, got)
		}
	}
}
