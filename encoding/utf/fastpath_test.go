package utf

import "testing"

// The word-at-a-time scans agree with a byte loop for a marker planted at
// every position of inputs of every length up to 40.
func TestFastScans(t *testing.T) {
	for n := 0; n <= 40; n++ {
		for at := -1; at < n; at++ {
			b := make([]byte, n)
			for i := range b {
				b[i] = byte('a' + i%26)
			}
			if at >= 0 {
				b[at] = 0xF3
			}
			want := n
			if at >= 0 {
				want = at
			}
			if got := firstFourByteLead(b); got != want {
				t.Fatalf("firstFourByteLead(% X) = %d, want %d", b, got, want)
			}
			for _, o := range []ByteOrder{LittleEndian, BigEndian} {
				u := make([]byte, 2*n)
				for i := 0; i < n; i++ {
					put16(u[2*i:], o, uint16(0xD7FF-i))
				}
				if at >= 0 {
					put16(u[2*at:], o, 0xDC00+uint16(at))
				}
				if got := firstSurrogateUnit(u, o); got != 2*want {
					t.Fatalf("firstSurrogateUnit(% X, %v) = %d, want %d", u, o, got, 2*want)
				}
			}
		}
	}
}
