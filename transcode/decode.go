package transcode

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/internal/enchook"
	"github.com/ucskit/ucs/internal/mapread"
	"github.com/ucskit/ucs/internal/simd"
)

// engine holds the methods of encoding.Transformer that are not part of
// its API: the fast path up to a bad sequence, the count of bytes written,
// and a copy in the same state.
var engine = enchook.Get[*encoding.Transformer, encoding.Bad]()

// chunkSize is how much input is read at a time; memory stays bounded by a
// small multiple of it whatever the input size.
const chunkSize = 256 << 10

// decoder streams an input through a codec's decoder.
type decoder struct {
	name  string
	codec *encoding.Codec
	// report receives each bad sequence that the codec's policy handled
	// (Replace, Skip, Escape); returning an error stops the run.
	report func(*Error) error
	// sink receives the decoded text; returning an error stops the run.
	sink func(*chunk) error
	// head receives the first bytes of the input (up to 4) before
	// anything is decoded, for BOM sniffing.
	head func([]byte)
	// through, when set and the input is read as strict UTF-8, takes the
	// input straight to an encoder without a separate validation pass.
	// The bytes it takes count as decoded text for places and offsets;
	// what it leaves goes the usual way, through sink.
	through *throughTo
	// parallel lets a second goroutine take every other piece of a
	// buffer (see lane).
	parallel bool
	// windows is the map of the input, if it is mapped: the second
	// goroutine turns a fault there into an error too.
	windows *mapread.Windows
	// bufs are the lanes' output buffers, made when first used.
	bufs [][]byte
	// pivot decodes to the 31-bit pivot (DecodePivotTransformer), for a
	// sink that encodes: UCS-4 and RFC 2279 values beyond UTF-8 reach the
	// encoder, which writes or reports them. Otherwise the text is strict
	// UTF-8 and such values are malformed input.
	pivot bool
	// read counts the input bytes read.
	read int64
}

// run decodes in. A decoding error under Fail comes back as an *Error.
// A regular file (an *os.File, or a mapread.Source) of some size is read
// through a memory map, a window at a time, instead of being copied into
// a buffer: the decoder sees the same bytes either way.
func (d *decoder) run(in io.Reader) error {
	if w, ms := openMap(in); w != nil {
		defer w.Close()
		var start int64
		at := startPlace()
		if way := d.spreadWayOf(w); way != nil {
			var err error
			if start, at, err = d.spread(w, way, ms.Step); err != nil || start == w.Size() {
				return err
			}
		}
		src := &mapSource{w: w, step: ms.Step, read: &d.read, off: start, stepped: start}
		d.windows = w
		defer func() { d.windows = nil }()
		return mapread.Guard(w, func() error { return d.loop(src, start, at) })
	}
	return d.loop(&readSource{r: in, buf: make([]byte, chunkSize), read: &d.read}, 0, startPlace())
}

// mapWindow is the size of a window of a mapped input: large enough that
// mapping costs little per byte, small enough to keep the resident memory
// of a conversion well under 32 MB. Inputs under mapMin bytes are read:
// for them a read costs less than a map. (Variables for the tests.)
var mapWindow, mapMin = 4 << 20, int64(1 << 20)

// openMap returns the windows of in when it is a regular file worth
// mapping.
func openMap(in io.Reader) (*mapread.Windows, mapread.Source) {
	var ms mapread.Source
	switch r := in.(type) {
	case *os.File:
		ms = mapread.FileSource{F: r}
	case mapread.Source:
		ms = r
	default:
		return nil, nil
	}
	f := ms.MappedFile()
	if f == nil {
		return nil, nil
	}
	w := mapread.Open(f, mapWindow, mapMin)
	if w == nil {
		return nil, nil
	}
	return w, ms
}

// throughTo takes strict UTF-8 input straight to an encoder: it converts
// the longest prefix that it can carry without meeting anything to report
// (a malformed or unencodable sequence).
type throughTo struct {
	enc *encoding.Transformer
	dst []byte // enc's output buffer: at least 4 bytes a byte of input
	// put writes what enc made.
	put func([]byte) error
	// ready is false while the output must take the usual way (its
	// first chunk, for the byte order mark).
	ready func() bool
	// stateless is set when enc keeps no state from one character to
	// the next: a copy of it may convert a later piece of the input
	// beside it.
	stateless bool
}

// span is how far a text moves a place: the lines it ends, and the
// characters after its last line end (nl: it has one).
type span struct {
	lines, chars int64
	nl           bool
}

func measure(b []byte) span {
	i := lastNewline(b)
	if i < 0 {
		return span{chars: countChars(b)}
	}
	return span{lines: int64(bytes.Count(b[:i+1], []byte{'\n'})), chars: countChars(b[i+1:]), nl: true}
}

// measureLines is measure of text whose line feeds are counted already
// (by the validation, simd.ValidateUTF8Lines).
func measureLines(b []byte, lines int) span {
	if lines == 0 {
		return span{chars: countChars(b)}
	}
	return span{lines: int64(lines), chars: countChars(b[lastNewline(b)+1:]), nl: true}
}

func (p *place) move(s span) {
	if !s.nl {
		p.col += s.chars
		return
	}
	p.line += s.lines
	p.col = 1 + s.chars
}

// idWork is the part of the identity path's work on a piece that needs
// no order, so that it may run beside the work on the piece before.
type idWork struct {
	n       int    // bytes of the piece taken
	through bool   // taken by through, which made out
	out     []byte //
	span    span   // the lines and characters of the bytes taken
}

// prepare converts the longest prefix of b that enc takes (when enc is
// set) or validates it (else), and measures it.
func prepare(b []byte, enc *encoding.Transformer, dst []byte) idWork {
	var w idWork
	if enc != nil {
		nd, ns, _, _ := engine.UntilBad(enc, dst, b, false)
		w.n, w.through, w.out = ns, true, dst[:nd]
		w.span = measure(b[:w.n])
		return w
	}
	var lines int
	w.n, _, _, lines = simd.ValidateUTF8Lines(b)
	w.span = measureLines(b[:w.n], lines)
	return w
}

// commit hands the prepared prefix of b (at input offset inOff)
// downstream and moves at past it.
func (d *decoder) commit(b []byte, w idWork, inOff int64, at *place) error {
	if w.n == 0 {
		return nil
	}
	if w.through {
		if err := d.through.put(w.out); err != nil {
			return err
		}
	} else {
		c := chunk{in: b[:w.n], inOff: inOff, start: *at, text: b[:w.n], identity: true}
		if err := d.sink(&c); err != nil {
			return err
		}
	}
	at.move(w.span)
	return nil
}

// identity takes the longest valid UTF-8 prefix of b (at input offset
// inOff) downstream, through d.through when it is ready, else through the
// sink, and moves at past it. It returns the length taken.
func (d *decoder) identity(b []byte, inOff int64, at *place) (int, error) {
	start := 0
	if t := d.through; t != nil && t.ready() {
		w := prepare(b, t.enc, t.dst)
		if err := d.commit(b, w, inOff, at); err != nil {
			return 0, err
		}
		if start = w.n; start == len(b) {
			return start, nil
		}
	}
	w := prepare(b[start:], nil, nil)
	if err := d.commit(b[start:], w, inOff+int64(start), at); err != nil {
		return start, err
	}
	return start + w.n, nil
}

// pieceEnd returns where the piece of buf[start:have] that the identity
// path takes at once ends: chunkSize bytes on, moved back to the start of
// a character so that no piece ends inside one.
func pieceEnd(buf []byte, start, have int) int {
	end := start + chunkSize
	if end >= have {
		return have
	}
	for i := 0; i < 3 && buf[end]&0xC0 == 0x80; i++ {
		end--
	}
	return end
}

// splitAfter names the decoders that may start anew after any byte below
// 0x30: such a byte is a character of its own (it is no trail byte of a
// two-byte code, nor the second byte of a GB18030 four-byte one), and
// the decoder keeps no state from one character to the next. Input of
// these may be cut there and its halves decoded apart.
var splitAfter = map[string]bool{
	"gbk": true, "gb18030": true, "big5": true, "shift_jis": true, "euc-jp": true, "euc-kr": true,
}

// stepSize is the most input the decoder is given at a call.
const stepSize = chunkSize / 4

// laneMin is the least input worth sharing with a lane: below it the
// handing over costs more than it saves.
const laneMin = 2 * chunkSize

// decodeLane starts a lane on the input of a decoder that may start anew
// after any byte below 0x30 (see splitAfter): buf[start:] cut into pieces
// of about chunkSize bytes, each after such a byte. It returns nil when
// the codec or the input does not allow it.
func (d *decoder) decodeLane(codec *encoding.Codec, buf []byte, start int) *lane {
	have := len(buf)
	if !d.parallel || !splitAfter[codec.Name()] || have-start < laneMin {
		return nil
	}
	bounds := []int{start}
	for x := start + chunkSize; x < have; {
		c := cutAfter(buf, x, have)
		if c < 0 || c >= have {
			break
		}
		bounds = append(bounds, c)
		x = c + chunkSize
	}
	bounds = append(bounds, have)
	if len(bounds) < 4 {
		return nil
	}
	fail := codec.With(encoding.Options{Invalid: encoding.Fail})
	l := newLane(bounds, d.laneBufs())
	for i := range l.jobs {
		dec := fail.DecodeTransformer().(*encoding.Transformer)
		if d.pivot {
			dec = fail.DecodePivotTransformer().(*encoding.Transformer)
		}
		l.jobs[i].dec = dec
	}
	l.run(d.windows, func(j *laneJob, dst []byte) laneResult {
		// The job's decoder stays at the start of the piece for its chunk;
		// a copy does the work.
		in := buf[j.from:j.to]
		nd, ns, err := engine.Clone(j.dec).Transform(dst, in, false)
		r := laneResult{buf: dst, text: dst[:nd], ok: err == nil && ns == len(in)}
		if r.ok {
			r.span = measure(r.text)
		}
		return r
	})
	return l
}

// laneBufs returns the lanes' output buffers, made when first used.
func (d *decoder) laneBufs() [][]byte {
	if d.bufs == nil {
		for range laneSlots {
			d.bufs = append(d.bufs, make([]byte, laneBuf))
		}
	}
	return d.bufs
}

// cutAfter returns the offset after the first byte below 0x30 in
// buf[i:have], or -1.
func cutAfter(buf []byte, i, have int) int {
	for ; i < have; i++ {
		if buf[i] < 0x30 {
			return i + 1
		}
	}
	return -1
}

// source hands the decoder its input, a buffer at a time.
type source interface {
	// next drops the first done bytes of the last buffer and returns the
	// rest of it followed by new input; eof is true when the buffer ends
	// the input. The last buffer is no longer valid.
	next(done int) (buf []byte, eof bool, err error)
}

// readSource reads into one buffer of its own.
type readSource struct {
	r    io.Reader
	buf  []byte
	have int
	read *int64
}

func (s *readSource) next(done int) ([]byte, bool, error) {
	copy(s.buf, s.buf[done:s.have])
	s.have -= done
	n, err := io.ReadFull(s.r, s.buf[s.have:])
	s.have += n
	*s.read += int64(n)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return s.buf[:s.have], true, nil
	}
	if err != nil {
		return nil, false, err
	}
	return s.buf[:s.have], false, nil
}

// mapSource hands on windows of a mapped file.
type mapSource struct {
	w       *mapread.Windows
	step    func(n int) error
	off     int64 // input offset of the last buffer's first byte
	stepped int64 // input bytes told to step
	read    *int64
}

func (s *mapSource) next(done int) ([]byte, bool, error) {
	s.off += int64(done)
	// Step is told of the bytes done with, not of those mapped ahead:
	// a progress bar then trails the work by a window instead of
	// running ahead of it.
	if err := s.step(int(s.off - s.stepped)); err != nil {
		return nil, false, err
	}
	s.stepped = s.off
	b, eof, err := s.w.At(s.off)
	if err != nil {
		return nil, false, err
	}
	*s.read = max(*s.read, s.off+int64(len(b)))
	return b, eof, nil
}

// loop decodes what src hands on, from input offset off: the bytes
// before it were handed on already (by the spread), and their text ends
// at place at.
func (d *decoder) loop(src source, off int64, at place) error {
	p := &pass{d: d, out: make([]byte, 4*chunkSize+256), at: at, off: off, skipped: off}
	opts := d.codec.Options()
	if d.report != nil {
		opts.Report = func(e *encoding.Error) {
			e.Bytes = append([]byte(nil), e.Bytes...)
			p.pending = append(p.pending, e)
		}
	}
	p.codec = d.codec.With(opts)
	p.dec = p.codec.DecodeTransformer().(*encoding.Transformer)
	if d.pivot {
		p.dec = p.codec.DecodePivotTransformer().(*encoding.Transformer)
	}
	// Valid UTF-8 read as UTF-8 is its own decoding: the kernel validates
	// it and it goes downstream without a copy. The decoder takes over at
	// the first malformed or incomplete sequence.
	identity := d.codec.Name() == "utf-8"
	buf, eof, err := src.next(0)
	if err != nil {
		return err
	}
	if d.head != nil {
		d.head(buf[:min(len(buf), 4)])
	}
	for {
		start := 0
		if identity {
			if start, err = p.identity(buf); err != nil {
				return err
			}
		}
		if start, err = p.decode(buf, start, eof); err != nil {
			return err
		}
		if eof {
			if start < len(buf) {
				return fmt.Errorf("transcode: internal error: the decoder left %d bytes at the end of input", len(buf)-start)
			}
			return nil
		}
		// Keep the unconsumed tail (an incomplete sequence) for the next read.
		p.off += int64(start)
		if buf, eof, err = src.next(start); err != nil {
			return err
		}
	}
}

// pass is the state of a decoder on its way through one input.
type pass struct {
	d       *decoder
	codec   *encoding.Codec       // the decoder's codec, with its Report
	dec     *encoding.Transformer // its decoder
	pending []*encoding.Error     // what dec reported in its last call
	out     []byte                // dec's output buffer
	// skipped counts the input bytes that dec never saw (taken by the
	// identity path or decoded by another goroutine), to keep its
	// offsets those of the input.
	skipped int64
	off     int64 // input offset of the buffer's first byte
	at      place // place of the next decoded text
}

// identity takes the valid UTF-8 at the start of buf downstream, a piece
// at a time (so that the pass that moves the place reads what the kernel
// has just read, from the cache), every other piece worked on by a lane
// when a second goroutine may help. It returns the length taken.
func (p *pass) identity(buf []byte) (start int, err error) {
	d, have := p.d, len(buf)
	var l *lane
	// The lane must be done before the buffer goes (a window is
	// unmapped), whatever the way out.
	defer func() {
		if lerr := l.stop(); err == nil {
			err = lerr
		}
	}()
	for start < have {
		if l == nil {
			l = d.identityLane(buf, start)
		}
		if at, _ := l.at(start); at {
			n, err := p.takeIdentity(l, buf)
			if err != nil {
				return start, err
			}
			if n > 0 {
				start += n
				continue
			}
		}
		end := pieceEnd(buf, start, have)
		if _, next := l.at(start); next > start && next < end {
			end = next
		}
		n, err := d.identity(buf[start:end], p.off+int64(start), &p.at)
		if err != nil {
			return start, err
		}
		start += n
		p.skipped += int64(n)
		if start < end {
			break
		}
	}
	return start, nil
}

// identityLane starts a lane on the identity path's pieces of
// buf[start:], or returns nil when there is no second goroutine, too
// little input, or an encoder that a copy may not run beside (it keeps
// state), or one not ready yet (the first chunk takes the usual way).
func (d *decoder) identityLane(buf []byte, start int) *lane {
	have := len(buf)
	if !d.parallel || have-start < laneMin {
		return nil
	}
	t := d.through
	viaEnc := t != nil && t.ready()
	if t != nil && (!viaEnc || !t.stateless) {
		return nil
	}
	bounds := []int{start}
	for e := start; e < have; {
		e = pieceEnd(buf, e, have)
		bounds = append(bounds, e)
	}
	if len(bounds) < 4 {
		return nil
	}
	var bufs [][]byte
	var enc *encoding.Transformer // a copy, made before the pass goes on
	if viaEnc {
		bufs, enc = d.laneBufs(), engine.Clone(t.enc)
	}
	l := newLane(bounds, bufs)
	l.run(d.windows, func(j *laneJob, dst []byte) laneResult {
		var e *encoding.Transformer
		if enc != nil {
			e = engine.Clone(enc)
		}
		return laneResult{idWork: prepare(buf[j.from:j.to], e, dst), buf: dst}
	})
	return l
}

// takeIdentity hands on the next piece of the lane, when the lane took
// all of it the way the pass would now (through the encoder or not), and
// returns its length (0: the pass does the piece).
func (p *pass) takeIdentity(l *lane, buf []byte) (int, error) {
	d := p.d
	j, r, ok, err := l.take()
	if err != nil || !ok {
		return 0, err
	}
	defer l.give(r.buf)
	t := d.through
	if r.n < j.to-j.from || r.through != (t != nil && t.ready()) {
		return 0, nil
	}
	if err := d.commit(buf[j.from:j.to], r.idWork, p.off+int64(j.from), &p.at); err != nil {
		return 0, err
	}
	p.skipped += int64(r.n)
	return r.n, nil
}

// decode decodes buf[start:] (to its end, or as far as the decoder goes
// before it needs more input) and returns where it stopped. Every other
// piece of it is decoded by a lane when the codec allows it.
func (p *pass) decode(buf []byte, start int, eof bool) (_ int, err error) {
	have := len(buf)
	l := p.d.decodeLane(p.codec, buf, start)
	// The lane must be done before the buffer goes (a window is
	// unmapped), whatever the way out.
	defer func() {
		if lerr := l.stop(); err == nil {
			err = lerr
		}
	}()
	for start < have || eof {
		at, next := l.at(start)
		if at {
			took, err := p.takeDecoded(l, buf)
			if err != nil {
				return start, err
			}
			if took > 0 {
				start += took
				continue
			}
			_, next = l.at(start)
		}
		// At most stepSize bytes a call, whatever the buffer (a mapped
		// window is larger): the reports of one call are held until it
		// returns, and bad input can have one every byte. With a piece
		// decoded by the lane, up to it.
		limit := have
		if next > start {
			limit = next
		}
		end, last := limit, eof && limit == have
		if limit-start > stepSize {
			end, last = start+stepSize, false
		}
		nd, ns, err := p.step(buf, start, end, last)
		start += ns
		if err == transform.ErrShortDst {
			continue
		}
		if (err == nil || err == transform.ErrShortSrc) && end < have && ns+nd > 0 {
			continue // the rest of the buffer
		}
		if err != nil && err != transform.ErrShortSrc {
			return start, err
		}
		break
	}
	return start, nil
}

// step runs the decoder once over buf[start:end], reports what its policy
// handled and hands its text downstream.
func (p *pass) step(buf []byte, start, end int, last bool) (nd, ns int, err error) {
	d := p.d
	c := chunk{in: buf[start:end], inOff: p.off + int64(start), start: p.at, written: engine.Written(p.dec)}
	c.dec = engine.Clone(p.dec)
	nd, ns, err = p.dec.Transform(p.out, buf[start:end], last)
	c.text = p.out[:nd]
	if rerr := p.reportPending(&c); rerr != nil {
		return nd, ns, rerr
	}
	if nd > 0 {
		if serr := d.sink(&c); serr != nil {
			return nd, ns, serr
		}
		p.at.advance(c.text)
	}
	if err != nil && err != transform.ErrShortDst && err != transform.ErrShortSrc {
		var e *encoding.Error
		if errors.As(err, &e) {
			err = &Error{Name: d.name, Encoding: d.codec.Name(), Offset: e.Offset + p.skipped, Line: p.at.line, Column: p.at.col, Kind: e.Kind, Bytes: e.Bytes, Rune: -1}
		}
	}
	return nd, ns, err
}

// reportPending reports what the decoder's policy handled in its call
// that made c. Places move forward from one to the next: many in a chunk
// cost one pass over its text.
func (p *pass) reportPending(c *chunk) error {
	d := p.d
	pl, pk := c.start, 0
	for _, e := range p.pending {
		k := int(e.Output - c.written)
		if k >= pk {
			pl.advance(c.text[pk:k])
			pk = k
		} else {
			pl, pk = c.placeAt(k), k
		}
		if err := d.report(&Error{Name: d.name, Encoding: d.codec.Name(), Offset: e.Offset + p.skipped, Line: pl.line, Column: pl.col, Kind: e.Kind, Bytes: e.Bytes, Rune: -1}); err != nil {
			p.pending = p.pending[:0]
			return err
		}
	}
	p.pending = p.pending[:0]
	return nil
}

// takeDecoded hands on the text of the lane's next piece, when the lane
// decoded the whole of it, and returns the length of input taken (0: the
// pass decodes the piece).
func (p *pass) takeDecoded(l *lane, buf []byte) (int, error) {
	j, r, ok, err := l.take()
	if err != nil || !ok {
		return 0, err
	}
	defer l.give(r.buf)
	if !r.ok {
		return 0, nil
	}
	c := chunk{in: buf[j.from:j.to], inOff: p.off + int64(j.from), start: p.at, text: r.text, dec: j.dec}
	if err := p.d.sink(&c); err != nil {
		return 0, err
	}
	p.at.move(r.span)
	p.skipped += int64(len(c.in))
	return len(c.in), nil
}
