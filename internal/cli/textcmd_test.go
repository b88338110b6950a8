package cli

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ucskit/ucs/transcode"
	"github.com/ucskit/ucs/width"
	"golang.org/x/text/unicode/norm"
)

// pieces of text that normalization and segmentation care about.
var trickyPieces = []string{
	"a", "é", "e\u0301", "e\u0323\u0301", "\u0301", "汉", "ﬁ", "²", "한", "\u1100\u1161\u11A8",
	"\U0001F468\u200D\U0001F469", "\U0001F1EC\U0001F1E7", "\u263A\uFE0F", "\r\n", "\n", "\r", " ", "αβ",
}

// trickyText returns at least n bytes of random tricky pieces.
func trickyText(seed uint64, n int) []byte {
	rng := rand.New(rand.NewPCG(seed, 7))
	var b []byte
	for len(b) < n {
		b = append(b, trickyPieces[rng.IntN(len(trickyPieces))]...)
	}
	return b
}

// TestNormalizeStreams compares the streaming command with normalizing the
// whole text at once, on inputs larger than a chunk.
func TestNormalizeStreams(t *testing.T) {
	for seed := uint64(0); seed < 3; seed++ {
		in := trickyText(seed, 3*chunkSize+1000)
		for _, f := range []norm.Form{norm.NFC, norm.NFD, norm.NFKC, norm.NFKD} {
			out, errs, code := runCLI([]string{"normalize", "--form", formName(f)}, in)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if want := f.Bytes(in); !bytes.Equal([]byte(out), want) {
				t.Errorf("seed %d %s: output differs from normalizing at once", seed, formName(f))
			}
			// Its output passes validate --normalized; the input fails
			// exactly where it is not normal.
			if _, errs, code := runCLI([]string{"validate", "--normalized", formName(f), "--max-errors", "0"}, []byte(out)); code != 0 {
				t.Errorf("%s output not %s: %.300s", formName(f), formName(f), errs)
			}
			got, _, _ := runCLI([]string{"validate", "--normalized", formName(f), "--max-errors", "0"}, in)
			if want := notNormalLines(in, f); got != want {
				t.Errorf("seed %d %s: validate reports differ\n got: %.400s\nwant: %.400s", seed, formName(f), got, want)
			}
		}
	}
}

// notNormalLines is what validate --normalized should print for in:
// each segment between normalization boundaries that is not in form f.
func notNormalLines(in []byte, f norm.Form) string {
	var b strings.Builder
	p := transcode.Position{Line: 1, Column: 1}
	for i := 0; i < len(in); {
		n := f.NextBoundary(in[i:], true)
		seg := string(in[i : i+n])
		if want := f.String(seg); want != seg {
			fmt.Fprintf(&b, "<stdin>:%d:%d: byte %d: not %s: %s (%s: %s)\n", p.Line, p.Column, i, formName(f), codePoints(seg), formName(f), codePoints(want))
		}
		p.Advance(in[i : i+n])
		i += n
	}
	return b.String()
}

// TestWidthStreams compares per-line widths and cuts of the streaming
// command with measuring each line whole.
func TestWidthStreams(t *testing.T) {
	in := trickyText(9, 3*chunkSize)
	// One very long line across chunk boundaries too.
	in = append(in, bytes.Repeat([]byte("e\u0301汉"), chunkSize/2)...)
	in = append(in, '\n')
	lines := strings.Split(strings.TrimSuffix(string(in), "\n"), "\n")
	var wantW, wantCut strings.Builder
	for _, l := range lines {
		l = strings.TrimSuffix(l, "\r")
		fmt.Fprintln(&wantW, width.String(l))
		s, _ := width.Truncate(l, 7)
		fmt.Fprintln(&wantCut, s)
	}
	out, errs, code := runCLI([]string{"width"}, in)
	if code != 0 || out != wantW.String() {
		t.Errorf("widths differ (exit %d: %s)", code, errs)
	}
	out, errs, code = runCLI([]string{"width", "--max", "7"}, in)
	if code != 0 || out != wantCut.String() {
		t.Errorf("cut lines differ (exit %d: %s)", code, errs)
	}
}
