package detect

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
)

// dumpAnswers, when DETECT_DUMP names a file, appends every candidate of
// every answer the accuracy and evaluation tests get to it, one sample a
// line, so that two versions of the detector can be compared answer by
// answer (diff the files).
type answerDump struct {
	mu sync.Mutex
	f  *os.File
}

var dump answerDump

func (d *answerDump) write(t *testing.T, name string, res Result) {
	path := os.Getenv("DETECT_DUMP")
	if path == "" {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.f == nil {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		d.f = f
	}
	var b strings.Builder
	b.WriteString(name)
	for _, c := range res.Candidates {
		fmt.Fprintf(&b, "\t%s/%s/%v/%.4f/%d", c.Encoding, c.Language, c.BOM, c.Confidence, c.Invalid)
	}
	b.WriteByte('\n')
	if _, err := d.f.WriteString(b.String()); err != nil {
		t.Fatal(err)
	}
}
