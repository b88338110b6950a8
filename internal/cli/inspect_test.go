package cli

import "testing"

func TestASCIIText(t *testing.T) {
	for c := byte(0x20); c < 0x7F; c++ {
		if asciiText[c-0x20] != c {
			t.Fatalf("asciiText[%#x] = %q", c, asciiText[c-0x20])
		}
	}
}
