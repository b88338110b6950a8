package transcode

// Positions: the line and column of a byte of decoded text, and the input
// offset it came from. Moved from the command's stream code unchanged but
// for names.

import (
	"encoding/binary"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/simd"
)

// place is a position in a text: line and column are 1-based, the column
// counts characters.
type place struct {
	line, col int64
}

func startPlace() place { return place{1, 1} }

// advance moves p over the UTF-8 text b.
func (p *place) advance(b []byte) { p.move(measure(b)) }

// lastNewline returns the index of the last LF in b, or -1. It steps
// back eight bytes at a time (bytes.LastIndexByte goes byte by byte).
func lastNewline(b []byte) int {
	const ones, highs, lfs = 0x0101010101010101, 0x8080808080808080, 0x0A0A0A0A0A0A0A0A
	i := len(b)
	for ; i >= 8; i -= 8 {
		x := binary.LittleEndian.Uint64(b[i-8:i]) ^ lfs // zero bytes where LF was
		if (x-ones)&^x&highs != 0 {
			break
		}
	}
	for i > 0 {
		i--
		if b[i] == '\n' {
			return i
		}
	}
	return -1
}

// countChars counts the characters of UTF-8 text (its lead bytes).
func countChars(b []byte) int64 {
	return int64(simd.RuneCount(b))
}

// chunk is what a decode step hands downstream: the decoded text of one
// decoder call, with what is needed to locate a character of it in the
// input.
type chunk struct {
	text  []byte // decoded UTF-8
	start place  // place of text[0]
	// For locating: the input given to this decoder call, its offset in
	// the input, and the decoder as it was before the call.
	in      []byte
	inOff   int64
	dec     *encoding.Transformer
	written int64 // bytes dec had written before the call
	// identity is set when text is the input itself (valid UTF-8 read as
	// UTF-8): offsets map one to one.
	identity bool
}

// placeAt returns the place of byte k of the chunk's text.
func (c *chunk) placeAt(k int) place {
	p := c.start
	p.advance(c.text[:k])
	return p
}

// offsetAt returns the input offset of the bytes that decode to byte k of
// the chunk's text, by decoding the chunk's input again from the state the
// decoder had before it, one character at a time.
func (c *chunk) offsetAt(k int) int64 {
	if c.identity {
		return c.inOff + int64(k)
	}
	dec := engine.Clone(c.dec)
	buf := make([]byte, 256)
	got, consumed := 0, 0
	for got < k && consumed < len(c.in) {
		// Feed the shortest input that makes progress.
		end := consumed + 1
		var nd, ns int
		for {
			var err error
			nd, ns, err = dec.Transform(buf, c.in[consumed:end], false)
			if ns > 0 || nd > 0 || end >= len(c.in) || (err != nil && err != transform.ErrShortSrc) {
				break
			}
			end++
		}
		if ns == 0 && nd == 0 {
			break
		}
		if got+nd > k {
			break
		}
		got += nd
		consumed += ns
	}
	return c.inOff + int64(consumed)
}
