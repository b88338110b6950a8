package cli

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/encoding"
)

// TestConvertThroughMatchesLibrary checks the path that takes strict
// UTF-8 input straight into the encoder, after the first chunk, against
// the library's own decode and encode: inputs of several chunks with a
// malformed byte or an unencodable character at places around the chunk
// boundaries, under every policy, into stateless and stateful encoders.
func TestConvertThroughMatchesLibrary(t *testing.T) {
	// Text that every target can encode (é and è are in GBK's pinyin
	// row), so that the faults are the only things to report.
	line := []byte("Café, la crème: résumé of a line of text\n")
	base := bytes.Repeat(line, 3*chunkSize/len(line)+3)
	type fault struct {
		name string
		at   int
		b    []byte
	}
	var faults []fault
	for _, at := range []int{chunkSize - 1, chunkSize + 5, 2*chunkSize - 2, 2*chunkSize + 100, len(base) - 1} {
		faults = append(faults,
			fault{"invalid", at, []byte{0xC0, 0xAF}},
			fault{"unmappable", at, []byte("☃")},
			fault{"truncated", at, []byte{0xE2, 0x82}})
	}
	for _, to := range []string{"utf-16le", "iso-8859-1", "gbk", "utf-7", "utf-16"} {
		toCS, err := charset.Lookup(to)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range faults {
			in := append(append(append([]byte(nil), base[:f.at]...), f.b...), base[f.at:]...)
			for _, pol := range []string{"fail", "replace", "skip", "escape"} {
				name := fmt.Sprintf("%s/%s@%d/%s", to, f.name, f.at, pol)
				p, _ := encoding.ParsePolicy(pol)
				opts := encoding.Options{Invalid: p, Unmappable: p, Escape: encoding.EscapeBackslash}
				dec, derr := charset.MustLookup("utf-8").Codec.With(opts).AppendDecode(nil, in)
				var want []byte
				werr := derr
				if derr == nil {
					want, werr = toCS.Codec.With(opts).AppendEncode(nil, dec)
				}
				stdout, stderr, code := runCLI([]string{"convert", "-f", "utf-8", "-t", to, "--invalid", pol, "--unmappable", pol, "--escape", "backslash"}, in)
				if werr != nil {
					if code != ExitInvalid {
						t.Errorf("%s: exit %d, want %d (library: %v)", name, code, ExitInvalid, werr)
						continue
					}
					e, _ := werr.(*encoding.Error)
					if e != nil && !e.Encode && !strings.Contains(stderr, fmt.Sprintf("byte %d:", e.Offset)) {
						t.Errorf("%s: stderr %q does not name byte %d", name, firstLine(stderr), e.Offset)
					}
					if !bytes.HasPrefix(want, []byte(stdout)) && len(want) > 0 {
						t.Errorf("%s: output before the error is not a prefix of the library's", name)
					}
					continue
				}
				if code != ExitOK && code != ExitInvalid {
					t.Errorf("%s: exit %d: %s", name, code, firstLine(stderr))
					continue
				}
				if stdout != string(want) {
					i := 0
					for i < len(stdout) && i < len(want) && stdout[i] == want[i] {
						i++
					}
					t.Errorf("%s: output differs from the library's at byte %d (len %d vs %d)", name, i, len(stdout), len(want))
				}
			}
		}
	}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
