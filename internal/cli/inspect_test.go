package cli

import (
	"bytes"
	"strings"
	"testing"
)

func TestASCIIText(t *testing.T) {
	for c := byte(0x20); c < 0x7F; c++ {
		if asciiText[c-0x20] != c {
			t.Fatalf("asciiText[%#x] = %q", c, asciiText[c-0x20])
		}
	}
}

// TestInspectDumpBoundsBadList checks that the hex dump lists a bounded
// number of bad sequences and counts the rest, so that memory does not
// grow with the input.
func TestInspectDumpBoundsBadList(t *testing.T) {
	in := bytes.Repeat([]byte{'a', 0xFF}, maxListedBad+7)
	stdout, _, code := runCLI([]string{"inspect", "--file", "-"}, in)
	if code != ExitInvalid {
		t.Fatalf("exit %d, want %d", code, ExitInvalid)
	}
	if n := strings.Count(stdout, "bad sequence at byte "); n != maxListedBad {
		t.Errorf("%d bad sequences listed, want %d", n, maxListedBad)
	}
	if !strings.HasSuffix(stdout, "\nand 7 more bad sequences\n") {
		t.Errorf("output ends %q", stdout[max(0, len(stdout)-80):])
	}
	// Every byte is still in the dump: 2*(maxListedBad+7) bytes, 16 a line.
	if n := strings.Count(stdout, "|\n"); n != (2*(maxListedBad+7)+15)/16 {
		t.Errorf("%d dump lines", n)
	}
}
