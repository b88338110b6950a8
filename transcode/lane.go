package transcode

import (
	"sync/atomic"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/mapread"
)

// A lane is a second goroutine's share of one buffer of input: every other
// piece of it, worked on in order and ahead of the pass, each into an
// output buffer of its own, so that the pass (which takes the pieces
// between) finds a piece done when it reaches it, and the goroutine goes
// on to the next piece without waiting for the pass. A piece whose work
// meets anything to report, or that the pass reaches in another state
// than the lane assumed, is done again by the pass, in order: its output,
// errors and places are then those of the sequential path.
type lane struct {
	jobs []laneJob
	next int         // the next job the pass will reach
	free chan []byte // output buffers not in use
	quit chan struct{}
	// done receives the goroutine's end: nil, or the error of a fault in
	// the input's map (the file shrank). It is nil once received.
	done chan error
	err  error
}

// laneJob is one piece of the buffer, buf[from:to].
type laneJob struct {
	from, to int
	res      chan laneResult
	// claim says who does the piece: 0 nobody yet, 1 the lane, 2 the
	// pass. The pass does a piece itself when it reaches it before the
	// lane has started on it, instead of waiting.
	claim atomic.Int32
	// dec is a decoder at the start of the piece (decode lanes): the
	// chunk of its text needs one to locate characters in the input.
	dec *encoding.Transformer
}

// laneResult is the work on a piece.
type laneResult struct {
	idWork      // identity lanes: what prepare made of the piece
	ok     bool // decode lanes: text is the whole piece, decoded
	text   []byte
	buf    []byte // the output buffer, to be given back
}

// laneSlots is how many pieces a lane may have done ahead of the pass:
// each holds an output buffer of laneBuf bytes.
const laneSlots = 2

// laneBuf is the size of a lane's output buffers: enough for a piece of
// chunkSize bytes converted at 4 bytes a byte.
const laneBuf = 4*chunkSize + 256

// newLane returns the lane of the pieces buf[bounds[i]:bounds[i+1]] of
// odd i, the last piece left out (it is the pass's: it may end inside a
// character). bufs are the output buffers it may use (laneSlots of them,
// or none: its work then gets nil).
func newLane(bounds []int, bufs [][]byte) *lane {
	l := &lane{free: make(chan []byte, laneSlots), quit: make(chan struct{}), done: make(chan error, 1)}
	for i := 1; i+2 < len(bounds); i += 2 {
		l.jobs = append(l.jobs, laneJob{from: bounds[i], to: bounds[i+1], res: make(chan laneResult, 1)})
	}
	for i := range laneSlots {
		var b []byte
		if i < len(bufs) {
			b = bufs[i]
		}
		l.free <- b
	}
	return l
}

// laneHook, when set (by tests), runs at the start of each piece of a
// lane's goroutine, before it claims the piece.
var laneHook func()

// run starts the goroutine of l, which runs work on its pieces in order.
// w is the map of the input, if it is mapped.
func (l *lane) run(w *mapread.Windows, work func(j *laneJob, dst []byte) laneResult) {
	go func() {
		l.done <- mapread.Guard(w, func() error {
			var dst []byte // an output buffer (nil in lanes without)
			held := false  // dst is the lane's
			for i := range l.jobs {
				j := &l.jobs[i]
				if !held {
					select {
					case dst = <-l.free:
						held = true
					case <-l.quit:
						return nil
					}
				}
				select {
				case <-l.quit:
					return nil
				default:
				}
				if laneHook != nil {
					laneHook()
				}
				if !j.claim.CompareAndSwap(0, 1) {
					continue // the pass is there first: dst is kept
				}
				j.res <- work(j, dst)
				held = false
			}
			return nil
		})
	}()
}

// at reports whether the next piece of the lane starts at start, and
// where it starts (or -1: there is none).
func (l *lane) at(start int) (bool, int) {
	if l == nil || l.next == len(l.jobs) || l.err != nil {
		return false, -1
	}
	return l.jobs[l.next].from == start, l.jobs[l.next].from
}

// take waits for the next piece's work and moves past it. ok is false
// when there is none: the lane had not started on the piece (the pass
// does it), or the goroutine stopped; err is a fault in the input's map.
func (l *lane) take() (j *laneJob, r laneResult, ok bool, err error) {
	j = &l.jobs[l.next]
	l.next++
	if j.claim.CompareAndSwap(0, 2) {
		return j, r, false, nil
	}
	select {
	case r = <-j.res:
		return j, r, true, nil
	case err = <-l.done:
		l.done = nil
		if err != nil {
			l.err = err
			return j, r, false, err
		}
		// The goroutine ended; the piece's work, if any, is there.
		select {
		case r = <-j.res:
			return j, r, true, nil
		default:
			return j, r, false, nil
		}
	}
}

// give hands an output buffer back to the lane.
func (l *lane) give(b []byte) { l.free <- b }

// stop ends the goroutine and waits for it: the buffer's input (a window
// of a map) may then go. It returns the error of a fault in the map, if
// the goroutine met one. l may be nil.
func (l *lane) stop() error {
	if l == nil {
		return nil
	}
	close(l.quit)
	if l.done != nil {
		if err := <-l.done; err != nil && l.err == nil {
			l.err = err
		}
		l.done = nil
	}
	return l.err
}
