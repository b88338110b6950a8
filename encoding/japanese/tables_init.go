package japanese

import (
	"sync"

	"github.com/ucskit/ucs/encoding/internal/mb"
)

// tables are built on first use from the generated indexes.
type tables struct {
	jis0208 []uint32       // pointer → packed UTF-8
	jis0212 []uint32       // pointer → packed UTF-8
	eucjp   *[65536]uint16 // code point → jis0208 pointer + 1 (first pointer)
	sjis    *[65536]uint16 // code point → jis0208 pointer + 1, excluding 8272–8835
}

var getTables = sync.OnceValue(func() *tables {
	t := &tables{
		jis0208: mb.PackTable16(jis0208Index[:]),
		jis0212: mb.PackTable16(jis0212Index[:]),
		eucjp:   new([65536]uint16),
		sjis:    new([65536]uint16),
	}
	for p, r := range jis0208Index {
		if r == 0 {
			continue
		}
		if t.eucjp[r] == 0 {
			t.eucjp[r] = uint16(p + 1)
		}
		if t.sjis[r] == 0 && (p < 8272 || p > 8835) {
			t.sjis[r] = uint16(p + 1)
		}
	}
	return t
})
