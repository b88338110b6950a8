package transcode

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/ucskit/ucs/internal/mapread"
	"github.com/ucskit/ucs/internal/simd"
)

// A regular file read as UTF-8 with nothing to encode it (validation, or
// text handed on as it is) is spread over the processors: each of a few
// goroutines reads the next piece of the file into a buffer of its own
// (pread), validates and measures it while it is in the cache, and the
// pass hands the pieces on in order. Copying a piece from the page cache
// into a buffer costs less than mapping it (the page table entries of
// every page, filled in and torn down again, by one goroutine that the
// others wait for), and the validation then reads the cache, not memory.
// At the first piece that is not valid UTF-8 to its end, or that cannot
// be read, the spread stops and the usual path (the map) goes on from the
// start of that piece.

// spreadPiece is the input a goroutine reads at a time: small enough that
// its buffer stays in a core's cache between the read and the validation.
// (A variable for the tests.)
var spreadPiece int64 = chunkSize

// spreadMin is the least input worth spreading: the map of a smaller one
// costs little. (A variable for the tests.)
var spreadMin int64 = 4 << 20

// spreadHook, when set (by tests), runs before each piece is read;
// spreadEnd at the end of a spread, with the input offset it reached.
var (
	spreadHook func(k int64)
	spreadEnd  func(done int64)
)

// readPart is one piece of the spread, read and checked.
type readPart struct {
	from, to int64  // its input bytes (after boundary moves)
	ok       bool   // read, and valid UTF-8 from end to end
	text     []byte // its bytes, in buf
	span     span
	buf      []byte
}

// spreadOK reports whether the spread may run: a second processor, the
// input mapped and large enough, read as UTF-8 with nothing to encode it.
func (d *decoder) spreadOK(w *mapread.Windows) bool {
	return d.parallel && d.through == nil && d.codec.Name() == "utf-8" && w.Size() >= spreadMin
}

// spread hands on the input of w from offset 0, a piece at a time, as
// the identity path would, and returns the input offset it reached (the
// start of the first piece it did not hand on) with the place there.
// step is told of the bytes handed on, as a source tells it.
func (d *decoder) spread(w *mapread.Windows, step func(int) error) (done int64, at place, err error) {
	at = startPlace()
	size, p := w.Size(), spreadPiece
	pieces := (size + p - 1) / p
	workers := min(runtime.GOMAXPROCS(0), 4)
	slots := 2 * workers // pieces read ahead of the pass, at most
	free := make(chan []byte, slots)
	for range slots {
		// Room for the three bytes before the piece, the one after, and
		// a shift that puts each byte at its page offset in the file (a
		// copy whose source and destination are not aligned alike is
		// slower on some processors).
		free <- make([]byte, p+4+4096)
	}
	results := make([]chan readPart, slots)
	for i := range results {
		results[i] = make(chan readPart, 1)
	}
	var next atomic.Int64
	quit := make(chan struct{})
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				var buf []byte
				select {
				case buf = <-free:
				case <-quit:
					return
				}
				// A goroutine claims a piece only with a buffer in hand:
				// the pieces read and not yet handed on are then fewer
				// than slots, and consecutive, so no two share a slot.
				k := next.Add(1) - 1
				if k >= pieces {
					return
				}
				if spreadHook != nil {
					spreadHook(k)
				}
				results[k%int64(slots)] <- readPiece(w, k, p, size, buf)
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
			// Not valid to its end, not read, or read as the file changed
			// (its start is not where the piece before it ended): the map
			// takes over here.
			break
		}
		if d.head != nil && k == 0 {
			d.head(r.text[:min(len(r.text), 4)])
			d.head = nil
		}
		if len(r.text) > 0 {
			c := chunk{in: r.text, inOff: r.from, start: at, text: r.text, identity: true}
			if err = d.sink(&c); err != nil {
				return done, at, err
			}
		}
		at.move(r.span)
		done = r.to
		d.read = max(d.read, done)
		free <- r.buf
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
// p) into buf and checks it. A piece runs from boundary(k*p) to
// boundary((k+1)*p): a nominal edge moved back to the start of the
// character it falls in, as pieceEnd does, so that neighbours agree on
// it from the bytes around it alone. Those are read too: the three bytes
// before the piece and the one after.
func readPiece(w *mapread.Windows, k, p, size int64, buf []byte) readPart {
	r := readPart{buf: buf}
	lo := max(k*p-3, 0)
	hi := min((k+1)*p+1, size)
	shift := int((w.FileOffset() + lo) % 4096)
	b := buf[shift : shift+int(hi-lo)]
	if w.ReadAt(b, lo) != nil {
		return r
	}
	edge := func(n int64) int64 {
		if n >= size {
			return size
		}
		if n == 0 {
			return 0
		}
		for i := 0; i < 3 && b[n-lo]&0xC0 == 0x80; i++ {
			n--
		}
		return n
	}
	r.from, r.to = edge(k*p), edge((k+1)*p)
	r.text = b[r.from-lo : r.to-lo]
	n, _, _, lines := simd.ValidateUTF8Lines(r.text)
	if n < len(r.text) {
		return r
	}
	r.span = measureLines(r.text, lines)
	r.ok = true
	return r
}
