package cli

import (
	"fmt"
	"strings"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/detect"
)

// Parametric operations of ucs bench: decode:ENC and encode:ENC time a
// registry codec's transformer over the whole file (the file is in ENC for
// decode, UTF-8 for encode); detect times charset detection and also
// reports files per second.
const benchCodecOpsHelp = `decode:ENC (the file is in ENC), encode:ENC (the file is UTF-8), detect`

func codecBenchOp(name string) (benchOp, bool, error) {
	kind, label, ok := strings.Cut(name, ":")
	if name == "detect" {
		return benchOp{
			name:    "detect",
			prepare: func(b []byte) ([]byte, error) { return b, nil },
			run:     func(_, in []byte) bool { detect.Detect(in); return true },
			dstLen:  func([]byte) int { return 0 },
		}, true, nil
	}
	if !ok || (kind != "decode" && kind != "encode") {
		return benchOp{}, false, nil
	}
	cs, err := charset.Lookup(label)
	if err != nil {
		return benchOp{}, true, err
	}
	if kind == "encode" && !cs.CanEncode() {
		return benchOp{}, true, fmt.Errorf("ucs does not encode %s", cs.Name)
	}
	newT := cs.Codec.DecodeTransformer
	if kind == "encode" {
		newT = cs.Codec.EncodeTransformer
	}
	t := newT()
	return benchOp{
		name: kind + ":" + cs.Name,
		prepare: func(b []byte) ([]byte, error) {
			var err error
			if kind == "decode" {
				_, err = cs.Codec.AppendDecode(nil, b)
			} else if _, err = needUTF8(b); err == nil {
				_, err = cs.Codec.AppendEncode(nil, b)
			}
			if err != nil {
				return nil, fmt.Errorf("not valid input for %s: %v", name, err)
			}
			return b, nil
		},
		run: func(dst, in []byte) bool {
			t.Reset()
			_, n, err := t.Transform(dst, in, true)
			return err == nil && n == len(in)
		},
		dstLen: func(in []byte) int { return 4*len(in) + 64 },
	}, true, nil
}
