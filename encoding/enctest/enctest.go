// Package enctest is the codec harness that every ucs encoding runs, the
// one a new codec's tests call. Its parts:
//
//   - streaming (this file): Drive and Whole run a transformer over an
//     input in chunks through small destinations; CheckStreaming samples
//     split points and destination sizes, Streaming (policy.go) tries
//     every one; TestPairs and TestMalformed check valid and malformed
//     inputs under every error policy; TestZeroAllocs pins zero
//     allocations on the streaming hot path.
//   - policies (policy.go): Policies rebuilds the Replace, Skip and Escape
//     outputs from the strict codec restarted after each error and
//     compares; Concat decodes and encodes long runs of codes;
//     MalformedBytes and MalformedUTF8 are inputs for error paths.
//   - encoder policies (encpolicy.go): EncodePolicies checks an encoder
//     under every policy on malformed UTF-8 (EncodeInputs) against what
//     the pieces of the input read back as when encoded alone, in every
//     streaming schedule, and that the output ends in the initial state;
//     package charset runs it over every registered encoder.
//   - fuzzing (fuzz.go): CheckFuzz holds the properties every codec keeps
//     on any input, Seeds and WriteSeeds build committed seed corpora.
//   - test data (data.go) and benchmarks (bench.go): Index reads a pinned
//     WHATWG index, Corpus a file of the benchmark corpus (skipping when
//     it is absent), Bench runs a transformer over it.
//
// It is imported by tests only.
package enctest

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"unicode/utf8"

	"github.com/ucskit/ucs/encoding"
	"golang.org/x/text/transform"
)

// Result is the outcome of running a transformer over a whole input.
type Result struct {
	Out []byte
	Err error
}

// ErrOffset returns the stream offset of the *encoding.Error in r, or -1.
func (r Result) ErrOffset() int64 {
	var e *encoding.Error
	if errors.As(r.Err, &e) {
		return e.Offset
	}
	return -1
}

func (r Result) String() string {
	return fmt.Sprintf("out=% X err=%v", r.Out, r.Err)
}

// Whole runs t over src in one call with a large destination.
func Whole(t transform.Transformer, src []byte) Result {
	return Drive(t, [][]byte{src}, 4*len(src)+64)
}

// Drive runs t over src delivered in the given chunks, with destination
// buffers of dstSize bytes (enlarged only when the transformer cannot make
// progress into so small a buffer, as a caller must). It fails on
// contract violations: a nil error with input left over, ErrShortSrc at
// the end of input, or no progress forever.
func Drive(t transform.Transformer, chunks [][]byte, dstSize int) Result {
	t.Reset()
	var out, pending []byte
	if dstSize < 1 {
		dstSize = 1
	}
	size := dstSize
	for i, c := range chunks {
		last := i == len(chunks)-1
		pending = append(pending, c...)
		for stuck := 0; ; {
			dst := make([]byte, size)
			nd, ns, err := t.Transform(dst, pending, last)
			out = append(out, dst[:nd]...)
			pending = pending[ns:]
			progress := nd > 0 || ns > 0
			if progress {
				size = dstSize
				stuck = 0
			}
			switch err {
			case nil:
				if len(pending) > 0 {
					return Result{out, fmt.Errorf("enctest: contract: nil error with %d bytes of input left", len(pending))}
				}
			case transform.ErrShortSrc:
				if last {
					return Result{out, errors.New("enctest: contract: ErrShortSrc at end of input")}
				}
			case transform.ErrShortDst:
				if !progress {
					stuck++
					if size > 1<<16 || stuck > 20 {
						return Result{out, errors.New("enctest: contract: no progress with ErrShortDst")}
					}
					size *= 2
				}
				continue
			default:
				return Result{out, err}
			}
			break
		}
	}
	return Result{out, nil}
}

// same reports whether two results agree: same output, and both
// succeeded or both failed at the same offset with the same kind.
func same(a, b Result) bool {
	if !bytes.Equal(a.Out, b.Out) {
		return false
	}
	if (a.Err == nil) != (b.Err == nil) {
		return false
	}
	if a.Err == nil {
		return true
	}
	var ea, eb *encoding.Error
	if errors.As(a.Err, &ea) && errors.As(b.Err, &eb) {
		return ea.Offset == eb.Offset && ea.Kind == eb.Kind && ea.Len == eb.Len
	}
	return a.Err.Error() == b.Err.Error()
}

// splitPoints returns the positions at which to split an input of n bytes:
// all of them for short inputs, a spread of them for long ones.
func splitPoints(n int) []int {
	if n <= 80 {
		p := make([]int, n+1)
		for i := range p {
			p[i] = i
		}
		return p
	}
	var p []int
	for i := 0; i <= 40; i++ {
		p = append(p, i, n-i)
	}
	for i := 1; i < 16; i++ {
		p = append(p, n*i/16)
	}
	return p
}

// CheckStreaming checks that newT's transformer gives the same result for
// src whatever the split of the input and the destination size, and
// returns the whole-input result.
func CheckStreaming(tb testing.TB, name string, newT func() transform.Transformer, src []byte) Result {
	tb.Helper()
	tr := newT()
	ref := Whole(tr, src)
	for _, p := range splitPoints(len(src)) {
		got := Drive(tr, [][]byte{src[:p], src[p:]}, 4*len(src)+64)
		if !same(got, ref) {
			tb.Errorf("%s: split at %d of % X:\n got %v\nwant %v", name, p, src, got, ref)
			return ref
		}
	}
	sizes := []int{1, 2, 3, 4, 5, 7, 8, 13, 64}
	for _, d := range sizes {
		got := Drive(tr, [][]byte{src}, d)
		if !same(got, ref) {
			tb.Errorf("%s: destination size %d, input % X:\n got %v\nwant %v", name, d, src, got, ref)
			return ref
		}
	}
	// One byte at a time into a 1-byte destination: the hardest schedule.
	if len(src) <= 4096 {
		chunks := make([][]byte, len(src))
		for i := range src {
			chunks[i] = src[i : i+1]
		}
		if len(chunks) == 0 {
			chunks = [][]byte{nil}
		}
		got := Drive(tr, chunks, 1)
		if !same(got, ref) {
			tb.Errorf("%s: byte by byte, input % X:\n got %v\nwant %v", name, src, got, ref)
		}
	}
	return ref
}

// Pair is a valid encoded form and its text.
type Pair struct {
	Name    string
	Encoded []byte
	Text    string
}

// TestPairs checks, for every pair, that the codec decodes Encoded to Text
// and (when it can encode) encodes Text to Encoded, in every streaming
// schedule and under every policy (valid input makes policies agree).
func TestPairs(t *testing.T, c *encoding.Codec, pairs []Pair, roundTripEncode bool) {
	t.Helper()
	for _, p := range pairs {
		for _, pol := range []encoding.Policy{encoding.Fail, encoding.Replace, encoding.Skip, encoding.Escape} {
			cc := c.WithPolicy(pol)
			got := CheckStreaming(t, fmt.Sprintf("%s decode %s (%v)", c.Name(), p.Name, pol), cc.DecodeTransformer, p.Encoded)
			if got.Err != nil || string(got.Out) != p.Text {
				t.Errorf("%s: decode %s (%v): got %q, %v; want %q", c.Name(), p.Name, pol, got.Out, got.Err, p.Text)
			}
			if !roundTripEncode || !c.CanEncode() {
				continue
			}
			got = CheckStreaming(t, fmt.Sprintf("%s encode %s (%v)", c.Name(), p.Name, pol), cc.EncodeTransformer, []byte(p.Text))
			if got.Err != nil || !bytes.Equal(got.Out, p.Encoded) {
				t.Errorf("%s: encode %s (%v): got % X, %v; want % X", c.Name(), p.Name, pol, got.Out, got.Err, p.Encoded)
			}
		}
	}
}

// Malformed is an input with at least one error and the expected outcome.
type Malformed struct {
	Name  string
	Input []byte
	// Replace is the expected output under the Replace policy.
	Replace string
	// Offset is the offset of the first error under Fail.
	Offset int64
	// Kind is the kind of the first error, or KindNone to accept any.
	Kind encoding.Kind
}

// TestMalformed checks the decoder of c on each malformed input under
// every policy: Fail reports the first error at the right offset (and
// kind) having written the text before it; Replace gives the expected
// output; Skip gives the Replace output without the inserted U+FFFD
// (checked when the input's valid text holds no U+FFFD of its own); Escape
// gives the Skip output with escapes inserted. Every schedule agrees.
func TestMalformed(t *testing.T, c *encoding.Codec, cases []Malformed) {
	t.Helper()
	for _, m := range cases {
		name := fmt.Sprintf("%s %s", c.Name(), m.Name)
		fail := CheckStreaming(t, name+" (fail)", c.WithPolicy(encoding.Fail).DecodeTransformer, m.Input)
		var e *encoding.Error
		if !errors.As(fail.Err, &e) {
			t.Errorf("%s: fail policy: got %v, want an *encoding.Error", name, fail.Err)
		} else {
			if e.Offset != m.Offset {
				t.Errorf("%s: fail policy: error at byte %d, want %d (%v)", name, e.Offset, m.Offset, e)
			}
			if m.Kind != encoding.KindNone && e.Kind != m.Kind {
				t.Errorf("%s: fail policy: kind %v, want %v", name, e.Kind, m.Kind)
			}
			if e.Len < 0 || e.Offset+int64(e.Len) > int64(len(m.Input)) {
				t.Errorf("%s: fail policy: bad length %d at %d", name, e.Len, e.Offset)
			}
		}
		rep := CheckStreaming(t, name+" (replace)", c.WithPolicy(encoding.Replace).DecodeTransformer, m.Input)
		if rep.Err != nil || string(rep.Out) != m.Replace {
			t.Errorf("%s: replace policy: got %+q, %v; want %+q", name, rep.Out, rep.Err, m.Replace)
		}
		if !bytes.HasPrefix(rep.Out, fail.Out) {
			t.Errorf("%s: fail output %q is not a prefix of replace output %q", name, fail.Out, rep.Out)
		}
		skip := CheckStreaming(t, name+" (skip)", c.WithPolicy(encoding.Skip).DecodeTransformer, m.Input)
		if skip.Err != nil {
			t.Errorf("%s: skip policy: %v", name, skip.Err)
		}
		if !bytes.ContainsRune(skip.Out, utf8.RuneError) {
			want := bytes.ReplaceAll(rep.Out, []byte("\uFFFD"), nil)
			if !bytes.Equal(skip.Out, want) {
				t.Errorf("%s: skip policy: got %+q, want %+q", name, skip.Out, want)
			}
		}
		esc := CheckStreaming(t, name+" (escape)", c.With(encoding.Options{Invalid: encoding.Escape, Unmappable: encoding.Escape, Escape: encoding.EscapeUPlus}).DecodeTransformer, m.Input)
		if esc.Err != nil {
			t.Errorf("%s: escape policy: %v", name, esc.Err)
		}
		if len(esc.Out) <= len(skip.Out) {
			t.Errorf("%s: escape policy wrote no escape: %q", name, esc.Out)
		}
	}
}

// TestZeroAllocs checks that decoding src (valid input) through a reused
// transformer with a large enough destination allocates nothing.
func TestZeroAllocs(t *testing.T, name string, tr transform.Transformer, src []byte) {
	t.Helper()
	dst := make([]byte, 4*len(src)+64)
	allocs := testing.AllocsPerRun(20, func() {
		tr.Reset()
		if _, _, err := tr.Transform(dst, src, true); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	})
	if allocs != 0 {
		t.Errorf("%s: %v allocations per Transform, want 0", name, allocs)
	}
}
