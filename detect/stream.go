package detect

import (
	"bytes"
	"io"

	"github.com/ucskit/ucs/internal/simd"
)

// Limits of the streaming detection.
const (
	// asciiScanLimit is the most input the Detector reads while it skips
	// ASCII text in search of a non-ASCII byte.
	asciiScanLimit = 8 << 20
	// probes is the number of windows that DetectReader reads, spread over
	// the rest of a seekable input, when its first asciiScanLimit bytes
	// are ASCII.
	probes = 16
)

// Detector detects the encoding of an input given to it in pieces, the
// way a stream arrives: the streaming form of Detect. The caller feeds
// the input in order with Feed, saying with the last piece that it ends
// the input, and asks for the Result at any point; until the end has been
// fed, the bytes seen are a prefix, and a character cut by their end is
// not an error.
//
// The work is bounded: the Detector keeps the first ReaderPrefix bytes.
// When they are ASCII (with none of the escapes of the 7-bit encodings), it
// skips further ASCII quickly, at most asciiScanLimit bytes of input in
// all, and keeps the text from the line of the first non-ASCII byte
// (or escape), up to ReaderPrefix bytes: so a long ASCII head (a log, a
// CSV header block, the head of a web page) does not hide the text that
// follows it. "us-ascii" is the answer only when every byte examined is
// ASCII, with confidence 1 only when they are the whole input.
//
// A Detector holds about 128 KiB; its zero value is not ready for use.
type Detector struct {
	head []byte // the first bytes of the input, at most ReaderPrefix
	// window is, after an ASCII head, the text from the line of the first
	// non-ASCII byte, at most ReaderPrefix bytes; winAt is its offset in
	// the input, -1 before there is one.
	window []byte
	winAt  int64
	// ctx holds the last bytes of the skipped ASCII, the start of the
	// window's line.
	ctx []byte
	n   int64 // bytes fed
	// plain is set when the head is complete and reads as ASCII.
	plain, headDone bool
	// unexamined is set when bytes were fed that were not examined.
	unexamined bool
	last       bool
}

// NewDetector returns a Detector at the start of an input.
func NewDetector() *Detector {
	return &Detector{winAt: -1, head: make([]byte, 0, readerStep)}
}

// Feed gives the detector the next bytes of the input; last reports
// whether they end it. It returns true when the detector has all it will
// examine, so that feeding more is wasted work. Bytes fed after the last
// piece are ignored. Feed copies what it keeps; b may be reused.
func (d *Detector) Feed(b []byte, last bool) (enough bool) {
	if d.last {
		return true
	}
	for len(b) > 0 && !d.full() {
		switch {
		case d.winAt >= 0:
			k := min(len(b), ReaderPrefix-len(d.window))
			d.window = append(d.window, b[:k]...)
			d.n += int64(k)
			b = b[k:]
		case !d.headDone:
			k := min(len(b), ReaderPrefix-len(d.head))
			d.head = append(d.head, b[:k]...)
			d.n += int64(k)
			b = b[k:]
			if len(d.head) == ReaderPrefix {
				d.headDone = true
				r := detect(d.head, false)
				d.plain = r.Best().Encoding == "us-ascii"
				d.ctx = append(d.ctx[:0], d.head[len(d.head)-statsContext:]...)
			}
		default:
			b = d.skip(b)
		}
	}
	if len(b) > 0 {
		d.unexamined = true
		d.n += int64(len(b))
	}
	d.last = last
	return d.full()
}

// full reports whether the detector examines no more input.
func (d *Detector) full() bool {
	switch {
	case d.winAt >= 0:
		return len(d.window) == ReaderPrefix
	case !d.headDone:
		return false
	case !d.plain:
		return true
	}
	return d.n >= asciiScanLimit
}

// skip passes over the ASCII of b, up to the scan limit, and starts the
// window at the first byte that is not plain ASCII. It returns the bytes
// of b not yet consumed.
func (d *Detector) skip(b []byte) []byte {
	k := min(int64(len(b)), asciiScanLimit-d.n)
	p := nextTrigger(b[:k], d.ctx)
	if p < 0 {
		d.n += k
		d.keepContext(b[:k])
		return b[k:]
	}
	d.keepContext(b[:p])
	start := lineStart(d.ctx)
	d.window = append(make([]byte, 0, readerStep), d.ctx[start:]...)
	d.winAt = d.n + int64(p) - int64(len(d.ctx)-start)
	d.n += int64(p)
	return b[p:]
}

// keepContext keeps the last statsContext bytes of the skipped text.
func (d *Detector) keepContext(b []byte) {
	if len(b) >= statsContext {
		d.ctx = append(d.ctx[:0], b[len(b)-statsContext:]...)
		return
	}
	d.ctx = append(d.ctx, b...)
	if over := len(d.ctx) - statsContext; over > 0 {
		d.ctx = append(d.ctx[:0], d.ctx[over:]...)
	}
}

// lineStart returns where the last line of ctx starts: after its last
// line break (0 when it has none).
func lineStart(ctx []byte) int {
	return bytes.LastIndexByte(ctx, '\n') + 1
}

// nextTrigger returns the index in b of the first byte that plain ASCII
// text lacks (a byte 80–FF, ESC, or the "~{" of HZ; prev is the text
// before b, for a "~{" split between the two), or -1.
func nextTrigger(b, prev []byte) int {
	p := simd.ASCIIPrefix(b)
	if e := bytes.IndexByte(b[:p], 0x1B); e >= 0 {
		p = e
	}
	if h := bytes.Index(b[:min(p+1, len(b))], []byte("~{")); h >= 0 {
		p = h
	} else if len(prev) > 0 && prev[len(prev)-1] == '~' && len(b) > 0 && b[0] == '{' {
		p = 0
	}
	if p == len(b) {
		return -1
	}
	return p
}

// atEOF reports whether the examined bytes end the input.
func (d *Detector) atEOF() bool { return d.last && !d.unexamined }

// Result returns the likely encodings of the input fed so far, best
// first. Every candidate decodes the examined bytes (a character cut by
// their end allowed until the end of the input is fed), except a UTF-8
// candidate with Invalid > 0.
func (d *Detector) Result() Result {
	if d.winAt >= 0 {
		res := detectIn(d.window, d.atEOF(), true)
		for i := range res.Candidates {
			if res.Candidates[i].Invalid > 0 {
				res.Candidates[i].FirstInvalid += d.winAt
			}
		}
		return res
	}
	if d.headDone && d.plain {
		return single(asciiCandidate(getTables(), asciiConfidence(d.atEOF())))
	}
	return detect(d.head, d.atEOF())
}

// Sample is the part of an input that a detection examined.
type Sample struct {
	// Bytes are the examined bytes, in input order; a character may be cut
	// by their end when Whole is false.
	Bytes []byte
	// Offset is the offset of Bytes[0] in the input: 0, or after an ASCII
	// head the offset of the window examined.
	Offset int64
	// Whole reports whether Bytes are the entire input.
	Whole bool
}

// Examined returns the bytes that Result judges: after a byte-order mark
// whose encoding decodes them, only the first bytes (Result.Judged). The
// slice is the Detector's own: valid until the next Feed, and not to be
// modified.
func (d *Detector) Examined() Sample {
	if d.winAt >= 0 {
		return Sample{Bytes: d.window, Offset: d.winAt, Whole: d.winAt == 0 && d.atEOF()}
	}
	if _, n, ok := bomStage(getTables(), d.head, d.atEOF()); ok && n < len(d.head) {
		return Sample{Bytes: d.head[:n]}
	}
	return Sample{Bytes: d.head, Whole: d.atEOF()}
}

// evidence reports whether the bytes examined hold more than plain ASCII,
// so that the result may already be conclusive.
func (d *Detector) evidence() bool {
	if d.winAt >= 0 {
		return true
	}
	return !d.headDone && simd.ASCIIPrefix(d.head) < len(d.head) || d.headDone && !d.plain
}

// probe looks for non-ASCII text beyond the scan limit in a seekable
// input: it reads probes windows spread over the rest of the input through
// ra, the input's bytes being at offsets base to base+size of ra, and
// starts the detector's window on the line of the first byte that is not
// plain ASCII.
func (d *Detector) probe(ra io.ReaderAt, base, size int64) {
	if d.winAt >= 0 || !d.plain || d.last {
		return
	}
	if size <= d.n {
		d.last = size == d.n && !d.unexamined // the scan read it all
		return
	}
	buf := make([]byte, ReaderPrefix)
	for k := range probes {
		// The last probe ends at the end of the input.
		off := d.n + max(0, size-d.n-ReaderPrefix)*int64(k+1)/probes
		n, _ := ra.ReadAt(buf[:min(int64(len(buf)), size-off)], base+off)
		chunk := buf[:n]
		// The probe starts anywhere: begin after its first line break, a
		// character boundary in every ASCII-compatible encoding.
		nl := bytes.IndexByte(chunk, '\n')
		if nl < 0 {
			continue
		}
		p := nextTrigger(chunk[nl+1:], nil)
		if p < 0 {
			continue
		}
		p += nl + 1
		start := lineStart(chunk[:p])
		if p-start > statsContext {
			start = p - statsContext
			if i := bytes.IndexByte(chunk[start:p], '\n'); i >= 0 {
				start += i + 1
			}
		}
		d.winAt = off + int64(start)
		d.window = append(make([]byte, 0, ReaderPrefix), chunk[start:]...)
		if rest := ReaderPrefix - len(d.window); rest > 0 {
			from := d.winAt + int64(len(d.window))
			m, _ := ra.ReadAt(buf[:min(int64(rest), size-from)], base+from)
			d.window = append(d.window, buf[:m]...)
		}
		end := d.winAt + int64(len(d.window))
		d.unexamined = end < size
		d.last = end >= size
		d.n = end
		return
	}
	d.unexamined = true
}

// DetectPrefix is Detect for b that is the start of a longer input (a
// network read, the first bytes of a file): a character cut by the end of
// b is not an error, and ASCII b is "us-ascii" with less than full
// confidence, since what follows is unknown.
func DetectPrefix(b []byte) Result {
	return detect(b, false)
}

// DetectReaderSample is DetectReader that also returns the bytes it
// examined, for a caller that looks further at them (at most ReaderPrefix
// bytes, and the ASCII it skipped is not among them).
func DetectReaderSample(r io.Reader) (Result, Sample, error) {
	d, _, err := readDetector(r, false)
	return d.Result(), d.Examined(), err
}

// readPrefix feeds a Detector from r until it has what it examines or the
// evidence is conclusive, and returns the result; with keep, it also
// returns every byte it read.
func readPrefix(r io.Reader, keep bool) (Result, []byte, error) {
	d, kept, err := readDetector(r, keep)
	return d.Result(), kept, err
}

// readDetector is readPrefix returning the fed Detector.
func readDetector(r io.Reader, keep bool) (*Detector, []byte, error) {
	d := NewDetector()
	var kept []byte
	buf := make([]byte, ReaderPrefix)
	step := readerStep
	for {
		n, err := io.ReadFull(r, buf[:step])
		chunk := buf[:n]
		if keep {
			kept = append(kept, chunk...)
		}
		eof := err == io.EOF || err == io.ErrUnexpectedEOF
		if err != nil && !eof {
			d.Feed(chunk, false)
			return d, kept, err
		}
		if d.Feed(chunk, eof) || eof {
			break
		}
		if d.evidence() && d.Result().Best().Confidence >= sureConfidence {
			return d, kept, nil
		}
		step = min(2*step, ReaderPrefix)
	}
	if d.plain && d.winAt < 0 && !d.last {
		if s, ok := r.(io.ReadSeeker); ok {
			if ra, ok := r.(io.ReaderAt); ok {
				cur, err1 := s.Seek(0, io.SeekCurrent)
				end, err2 := s.Seek(0, io.SeekEnd)
				_, err3 := s.Seek(cur, io.SeekStart)
				if err1 == nil && err2 == nil && err3 == nil {
					base := cur - d.n
					d.probe(ra, base, end-base)
				}
			}
		}
	}
	return d, kept, nil
}
