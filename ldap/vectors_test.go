package ldap

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"github.com/ucskit/ucs/internal/testfiles"
)

// readVectors reads the JSON lines of testdata/ldap/name.
func readVectors(t *testing.T, name string) []map[string]any {
	t.Helper()
	f, err := os.Open(testfiles.Testdata(t, "ldap/"+name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []map[string]any
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("%s line %d: %v", name, len(rows)+1, err)
		}
		rows = append(rows, m)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatalf("%s: no vectors", name)
	}
	return rows
}
