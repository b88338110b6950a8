package transcode

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/mapread"
	"github.com/ucskit/ucs/internal/simd"
)

// A regular file of some size that can be cut into pieces decoded apart is
// spread over the processors: each of a few goroutines reads the next
// piece of the file into a buffer of its own (pread), works on it while it
// is in its core's cache, and the pass hands the pieces on in order. Two
// kinds of input are spread:
//
//   - UTF-8 read as UTF-8 with nothing to encode it (validation, or text
//     handed on as it is): a piece is validated and measured, and handed
//     on as it was read;
//   - the double-byte encodings that may start anew after any byte below
//     0x30 (splitAfter): a piece is decoded, from such a cut to the next,
//     by a decoder of its own.
//
// Copying a piece from the page cache into a buffer costs less than
// mapping it (the page table entries of every page, filled in and torn
// down again by one goroutine that the others wait for), the work is
// shared evenly (each goroutine takes the next piece when it is free),
// and the kernels then read the cache, not memory. At the first piece
// that does not go through whole (a bad or incomplete sequence, a piece
// with no place to cut, a file that changed), the spread stops and the
// usual path (the map) goes on from the start of that piece, so the
// output, the errors and their positions are those of a single goroutine.

// spreadPiece is the input a goroutine reads at a time: small enough that
// its buffers stay in a core's cache between the read and the work. (On
// an AMD EPYC, pieces of 512 KiB took 7% less time than pieces of 256 KiB
// or 1 MiB to validate 200 MB of UTF-8, and 5% less than 256 KiB to
// convert 200 MB of GBK to a file: its text is written a piece at a time,
// and larger writes cost the kernel less.) (A variable for the tests.)
var spreadPiece int64 = 512 << 10

// spreadMin is the least input worth spreading: the map of a smaller one
// costs little. (A variable for the tests.)
var spreadMin int64 = 4 << 20

// cutAhead is how far past the end of its piece a goroutine looks for
// the byte below 0x30 that ends it (decoded pieces). A piece with none
// there stops the spread. (A variable for the tests.)
var cutAhead int64 = 16 << 10

// spreadHook, when set (by tests), runs before each piece is read;
// spreadEnd at the end of a spread, with the input offset it reached.
var (
	spreadHook func(k int64)
	spreadEnd  func(done int64)
)

// spreadWay is how the pieces of one kind of input are cut and worked on.
type spreadWay struct {
	// piece is the nominal size of a piece; before and after are the
	// bytes read on each side of its nominal edges, to find its true
	// edges.
	piece, before, after int64
	// edge returns where the piece edge near input offset n is, from the
	// bytes b read from input offset lo, or -1 when it is not among them.
	// n is neither 0 nor the end of the input.
	edge func(b []byte, lo, n int64) int64
	// work works on the piece in (in r.in) and fills in r: ok, text and
	// span. out is an output buffer (decoded pieces).
	work func(r *spreadPart, in, out []byte)
	// fresh is a decoder at the start of a piece (decoded pieces), for
	// the chunks handed on: offsetAt decodes their input again.
	fresh *encoding.Transformer
}

// spreadPart is one piece of the spread, read and worked on.
type spreadPart struct {
	from, to int64  // its input bytes (after the edges moved)
	ok       bool   // read, and worked on from end to end
	in       []byte // its input bytes, in slot.in
	text     []byte // its text: in, or in slot.out
	span     span
	slot     *spreadSlot
}

// spreadSlot holds the buffers of one piece.
type spreadSlot struct{ in, out []byte }

// identityWay spreads UTF-8 read as UTF-8: a piece ends where the
// identity path would end it (pieceEnd), at the start of the character
// its nominal edge falls in, found from the three bytes before the edge
// and the byte at it.
func identityWay() *spreadWay {
	return &spreadWay{
		piece:  spreadPiece,
		before: 3,
		after:  1,
		edge: func(b []byte, lo, n int64) int64 {
			for i := 0; i < 3 && b[n-lo]&0xC0 == 0x80; i++ {
				n--
			}
			return n
		},
		work: func(r *spreadPart, in, _ []byte) {
			n, _, _, lines := simd.ValidateUTF8Lines(in)
			if n < len(in) {
				return
			}
			r.text, r.span, r.ok = in, measureLines(in, lines), true
		},
	}
}

// decodeWay returns the way of a codec that may start anew after any
// byte below 0x30: a piece ends after the first such byte at or after its
// nominal edge, as decodeLane cuts them, and is decoded by a copy of a
// fresh decoder that fails at the first bad sequence.
func (d *decoder) decodeWay() *spreadWay {
	fail := d.codec.With(encoding.Options{Invalid: encoding.Fail})
	fresh := fail.DecodeTransformer().(*encoding.Transformer)
	if d.pivot {
		fresh = fail.DecodePivotTransformer().(*encoding.Transformer)
	}
	return &spreadWay{
		piece: spreadPiece,
		after: cutAhead,
		edge: func(b []byte, lo, n int64) int64 {
			if c := cutAfter(b, int(n-lo), len(b)); c >= 0 {
				return lo + int64(c)
			}
			return -1
		},
		work: func(r *spreadPart, in, out []byte) {
			nd, ns, err := engine.Clone(fresh).Transform(out, in, false)
			if err != nil || ns < len(in) {
				return
			}
			r.text, r.span, r.ok = out[:nd], measure(out[:nd]), true
		},
		fresh: fresh,
	}
}

// spreadWayOf returns the way of spreading the input of d, or nil when it
// is not spread: it needs a second processor and an input mapped and large
// enough, read as UTF-8 with nothing to encode it, or in a codec that may
// be cut after bytes below 0x30.
func (d *decoder) spreadWayOf(w *mapread.Windows) *spreadWay {
	if !d.parallel || w.Size() < spreadMin {
		return nil
	}
	switch name := d.codec.Name(); {
	case name == "utf-8" && d.through == nil:
		return identityWay()
	case splitAfter[name]:
		return d.decodeWay()
	}
	return nil
}

// spread hands on the input of w from offset 0, a piece at a time, as
// the usual path would, and returns the input offset it reached (the
// start of the first piece it did not hand on) with the place there.
// step is told of the bytes handed on, as a source tells it.
func (d *decoder) spread(w *mapread.Windows, way *spreadWay, step func(int) error) (done int64, at place, err error) {
	at = startPlace()
	size, p := w.Size(), way.piece
	pieces := (size + p - 1) / p
	workers := min(runtime.GOMAXPROCS(0), 4)
	slots := 2 * workers // pieces read ahead of the pass, at most
	free := make(chan *spreadSlot, slots)
	for range slots {
		// Room for the bytes read around the piece, and for a shift that
		// puts each byte at its page offset in the file (a copy whose
		// source and destination are not aligned alike is slower on some
		// processors).
		s := &spreadSlot{in: make([]byte, p+way.before+way.after+4096)}
		if way.fresh != nil {
			// Decoded text: up to 3 bytes of UTF-8 a byte of input (a
			// single byte that decodes to a character of 3 bytes, such
			// as 0x80 to €). A piece that needs more does not go through.
			s.out = make([]byte, 3*(p+way.after)+256)
		}
		free <- s
	}
	results := make([]chan spreadPart, slots)
	for i := range results {
		results[i] = make(chan spreadPart, 1)
	}
	var next atomic.Int64
	quit := make(chan struct{})
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				var s *spreadSlot
				select {
				case s = <-free:
				case <-quit:
					return
				}
				// A goroutine claims a piece only with a slot in hand: the
				// pieces read and not yet handed on are then fewer than
				// slots, and consecutive, so no two share a result channel.
				k := next.Add(1) - 1
				if k >= pieces {
					return
				}
				if spreadHook != nil {
					spreadHook(k)
				}
				results[k%int64(slots)] <- readPiece(w, way, k, p, size, s)
			}
		}()
	}
	defer func() {
		close(quit)
		wg.Wait()
		w.Handed(done)
		if spreadEnd != nil {
			spreadEnd(done)
		}
	}()
	if err = step(0); err != nil {
		return done, at, err
	}
	stepped := int64(0)
	for k := range pieces {
		r := <-results[k%int64(slots)]
		if !r.ok || r.from != done {
			// Not worked on to its end, not read, or read as the file
			// changed (its start is not where the piece before it ended):
			// the map takes over here.
			break
		}
		if d.head != nil && k == 0 {
			d.head(r.in[:min(len(r.in), 4)])
			d.head = nil
		}
		if len(r.text) > 0 {
			c := chunk{in: r.in, inOff: r.from, start: at, text: r.text, identity: way.fresh == nil, dec: way.fresh}
			if err = d.sink(&c); err != nil {
				return done, at, err
			}
		}
		at.move(r.span)
		done = r.to
		d.read = max(d.read, done)
		free <- r.slot
		if done-stepped >= int64(mapWindow) {
			if err = step(int(done - stepped)); err != nil {
				return done, at, err
			}
			stepped = done
		}
	}
	if done > stepped {
		err = step(int(done - stepped))
	}
	return done, at, err
}

// readPiece reads piece k of the input of w (of size bytes, in pieces of
// p) into s and works on it. A piece runs from the edge near k*p to the
// edge near (k+1)*p, found by way.edge from the bytes around them alone,
// so that neighbours agree on it.
func readPiece(w *mapread.Windows, way *spreadWay, k, p, size int64, s *spreadSlot) spreadPart {
	r := spreadPart{slot: s}
	lo := max(k*p-way.before, 0)
	hi := min((k+1)*p+way.after, size)
	shift := int((w.FileOffset() + lo) % 4096)
	b := s.in[shift : shift+int(hi-lo)]
	if w.ReadAt(b, lo) != nil {
		return r
	}
	edge := func(n int64) int64 {
		switch {
		case n >= size:
			return size
		case n == 0:
			return 0
		}
		return way.edge(b, lo, n)
	}
	r.from, r.to = edge(k*p), edge((k+1)*p)
	if r.from < 0 || r.to < r.from {
		r.from = -1 // no edge found: the piece does not go through
		return r
	}
	r.in = b[r.from-lo : r.to-lo]
	way.work(&r, r.in, s.out)
	return r
}
