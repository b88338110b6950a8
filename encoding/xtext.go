package encoding

import (
	xenc "golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// FromXText returns a Codec named name that converts with e, an encoding
// written for golang.org/x/text, so that it can be registered with package
// charset (charset.Register) and used wherever ucs takes a Codec. The
// codec's Options do not apply to it: e's decoder and encoder treat bad
// input their own way (x/text's mostly replace it), and their errors pass
// through as they are, without an offset.
func FromXText(name string, e xenc.Encoding) *Codec {
	return NewCodec(name,
		func() Core { return xtextCore{e.NewDecoder().Transformer} },
		func() Core { return xtextCore{e.NewEncoder().Transformer} })
}

// xtextCore runs an x/text transformer as a Core; it never reports a bad
// sequence, since the transformer handles those itself.
type xtextCore struct{ t transform.Transformer }

func (c xtextCore) Convert(dst, src []byte, atEOF bool) (int, int, Bad, error) {
	nDst, nSrc, err := c.t.Transform(dst, src, atEOF)
	return nDst, nSrc, Bad{}, err
}

func (c xtextCore) Reset() { c.t.Reset() }
