package charset

import "testing"

// TestTraits checks the traits tools choose charsets by: every legacy
// charset declares its structure, every multi-byte or stateful one the
// language it serves, and Extends names a registered charset of the same
// structure and language, without a cycle.
func TestTraits(t *testing.T) {
	for _, cs := range List() {
		switch cs.Family {
		case "chinese", "japanese", "korean", "single-byte", "ebcdic":
			if cs.Structure == Unstructured {
				t.Errorf("%s (%s) declares no Structure", cs.Name, cs.Family)
			}
		}
		if (cs.Structure == MultiByte || cs.Structure == Stateful) && cs.Language == "" {
			t.Errorf("%s is %s but declares no Language", cs.Name, cs.Structure)
		}
		seen := map[string]bool{cs.Name: true}
		for c := cs; c.Extends != ""; {
			base, err := Lookup(c.Extends)
			if err != nil {
				t.Errorf("%s extends %q: %v", c.Name, c.Extends, err)
				break
			}
			if base.Structure != c.Structure || base.Language != c.Language {
				t.Errorf("%s (%s, %s) extends %s (%s, %s): the traits differ", c.Name, c.Structure, c.Language,
					base.Name, base.Structure, base.Language)
			}
			if seen[base.Name] {
				t.Errorf("%s: Extends forms a cycle through %s", cs.Name, base.Name)
				break
			}
			seen[base.Name] = true
			c = base
		}
	}
	if s := MultiByte.String(); s != "multi-byte" {
		t.Errorf("MultiByte.String() = %q", s)
	}
}
