package transcode

import (
	"bytes"
	"testing"
)

func TestLastNewline(t *testing.T) {
	for n := 0; n < 40; n++ {
		for _, at := range []int{-1, 0, 1, 7, 8, 9, 15, 16, n - 1, n - 8, n - 9} {
			b := bytes.Repeat([]byte{'x'}, n)
			if n > 0 {
				b[n/2] = 0x8A // not an LF, though its low bits are
			}
			want := -1
			if at >= 0 && at < n {
				b[at] = '\n'
				want = bytes.LastIndexByte(b, '\n')
			} else if n > 0 && b[n/2] == '\n' {
				want = n / 2
			}
			if got := lastNewline(b); got != want {
				t.Errorf("len %d, LF at %d: got %d, want %d", n, at, got, want)
			}
		}
	}
}
