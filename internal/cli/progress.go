package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// progress draws a one-line progress bar on a terminal: bytes read, rate
// and, when the total is known, a bar and the time left. It draws only
// after the work has run for a while, at most a few times a second, and
// erases itself at the end.
type progress struct {
	w        io.Writer
	total    int64 // bytes to read, or -1 when unknown (standard input)
	done     int64
	now      func() time.Time
	start    time.Time
	last     time.Time
	shown    bool
	delay    time.Duration // no bar for work shorter than this
	interval time.Duration // between redraws
}

// The progress bar's timing: no bar for work shorter than progressDelay,
// then a redraw at most every progressInterval.
var (
	progressDelay    = time.Second
	progressInterval = 200 * time.Millisecond
)

func newProgress(w io.Writer, files []string) *progress {
	p := &progress{w: w, now: time.Now, delay: progressDelay, interval: progressInterval}
	for _, name := range files {
		st, err := os.Stat(name)
		if name == "-" || err != nil || !st.Mode().IsRegular() {
			p.total = -1
			break
		}
		p.total += st.Size()
	}
	p.start = p.now()
	return p
}

// add counts n more bytes read and redraws when due.
func (p *progress) add(n int) {
	p.done += int64(n)
	t := p.now()
	if t.Sub(p.start) < p.delay || t.Sub(p.last) < p.interval {
		return
	}
	p.last = t
	fmt.Fprintf(p.w, "\r%s\x1b[K", p.line(t.Sub(p.start)))
	p.shown = true
}

// finish erases the bar. A nil progress does nothing.
func (p *progress) finish() {
	if p != nil && p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// barWriter is standard error while a bar may be shown: it erases the
// bar before a message; the next redraw brings the bar back below it.
type barWriter struct {
	w io.Writer
	p *progress
}

func (b *barWriter) Write(data []byte) (int, error) {
	b.p.finish()
	return b.w.Write(data)
}

// line renders the bar for the elapsed time.
func (p *progress) line(elapsed time.Duration) string {
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(p.done) / s
	}
	if p.total < 0 {
		return fmt.Sprintf("%s  %s/s", humanBytes(float64(p.done)), humanBytes(rate))
	}
	frac := 1.0
	if p.total > 0 {
		frac = min(1, float64(p.done)/float64(p.total))
	}
	const width = 24
	fill := int(frac * width)
	bar := strings.Repeat("#", fill) + strings.Repeat("-", width-fill)
	eta := "--:--"
	if rate > 0 {
		left := time.Duration(float64(p.total-p.done) / rate * float64(time.Second))
		eta = clock(max(left, 0))
	}
	return fmt.Sprintf("[%s] %3.0f%%  %s / %s  %s/s  ETA %s", bar, frac*100, humanBytes(float64(p.done)), humanBytes(float64(p.total)), humanBytes(rate), eta)
}

// humanBytes formats a byte count in decimal units: 912 B, 12.3 MB.
func humanBytes(n float64) string {
	units := []string{"B", "kB", "MB", "GB", "TB"}
	u := 0
	for n >= 1000 && u < len(units)-1 {
		n /= 1000
		u++
	}
	if u == 0 {
		return fmt.Sprintf("%.0f B", n)
	}
	return fmt.Sprintf("%.1f %s", n, units[u])
}

// clock formats a duration as M:SS or H:MM:SS.
func clock(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// countingReader reports the bytes read through it to a progress bar.
type countingReader struct {
	r io.Reader
	p *progress
}

func (r *countingReader) Read(b []byte) (int, error) {
	n, err := r.r.Read(b)
	r.p.add(n)
	return n, err
}
