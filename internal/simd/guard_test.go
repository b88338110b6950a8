//go:build linux || darwin || freebsd

package simd

import (
	"bytes"
	"os"
	"runtime/debug"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// guarded maps two pages and protects the second, so that a read or write
// past the first page faults. It returns the first page.
func guarded(t *testing.T) []byte {
	t.Helper()
	ps := os.Getpagesize()
	mem, err := unix.Mmap(-1, 0, 2*ps, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	if err := unix.Mprotect(mem[ps:], unix.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	t.Cleanup(func() { unix.Munmap(mem) })
	if !faults(unsafe.Pointer(&mem[ps])) {
		t.Fatal("the guard page does not fault")
	}
	return mem[:ps:ps]
}

// faults reports whether reading the byte at p faults.
func faults(p unsafe.Pointer) (faulted bool) {
	old := debug.SetPanicOnFault(true)
	defer func() {
		debug.SetPanicOnFault(old)
		faulted = recover() != nil
	}()
	_ = *(*byte)(p)
	return false
}

// guardedBefore maps two pages and protects the first, so that a read
// before the start of the second page faults. It returns the second page.
func guardedBefore(t *testing.T) []byte {
	t.Helper()
	ps := os.Getpagesize()
	mem, err := unix.Mmap(-1, 0, 2*ps, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	if err := unix.Mprotect(mem[:ps], unix.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	t.Cleanup(func() { unix.Munmap(mem) })
	if !faults(unsafe.Pointer(&mem[ps-1])) {
		t.Fatal("the guard page does not fault")
	}
	return mem[ps:]
}

// TestGuardPagesBefore runs every op on inputs that start exactly after a
// protected page, and with destinations that start there: a read or write
// before the start crashes the test.
func TestGuardPagesBefore(t *testing.T) {
	srcPage := guardedBefore(t)
	dstPage := guardedBefore(t)
	texts := [][]byte{
		[]byte("abcdefghijklmnopqrstuvwxyz0123456789"),
		[]byte("aé€😀\xC3\xA9\xE2\x82\xAC"),
		[]byte("\xF0\x9F\x98\x80"),
		[]byte("caf\xC3\xA9 cr\xC3\xA8me"),
		{0x80, 0xBF, 0xC3},
	}
	eachKernel(t, func(t *testing.T, kernel string) {
		for _, text := range texts {
			for _, n := range []int{0, 1, 3, 31, 32, 33, 63, 64, 65, 127, 128, 129, 200, 257, 1000} {
				buf := bytes.Repeat(text, n/len(text)+1)[:n]
				src := srcPage[:copy(srcPage, buf)]
				ValidUTF8(src)
				ValidateUTF8(src)
				ASCIIPrefix(src)
				for _, op := range convOps {
					for k := 0; k < 2; k++ {
						in := srcPage[:copy(srcPage, buf)]
						if k == 1 {
							in = srcPage[:copy(srcPage, sourceForm(op.name, buf))]
						}
						for _, size := range []int{0, n / 2, 4 * n} {
							op.fn(dstPage[:size], in)
							op.valid(dstPage[:size], in)
						}
					}
				}
			}
		}
	})
}

// atEnd copies b to the end of page and returns the copy, which ends
// exactly at the protected page.
func atEnd(page, b []byte) []byte {
	s := page[len(page)-len(b):]
	copy(s, b)
	return s
}

// TestGuardPages runs every op with every kernel on inputs that end
// exactly at a protected page, and with destinations that end there, for
// every length 0–257 of several texts: an over-read or over-write
// crashes the test.
func TestGuardPages(t *testing.T) {
	srcPage := guarded(t)
	dstPage := guarded(t)
	texts := [][]byte{
		[]byte("abcdefghijklmnopqrstuvwxyz0123456789"),
		[]byte("aé€😀\xC3\xA9\xE2\x82\xAC"),
		[]byte("\xC3\xA9"),
		[]byte("\xF0\x9F\x98\x80"),
		[]byte("caf\xC3\xA9 cr\xC3\xA8me"),
		{0xE2, 0x82, 0xAC, 0xE2, 0x82}, // ends inside a sequence
		{0xC3},
	}
	eachKernel(t, func(t *testing.T, kernel string) {
		for _, text := range texts {
			for n := 0; n <= 257; n++ {
				buf := make([]byte, 0, n+len(text))
				for len(buf) < n {
					buf = append(buf, text...)
				}
				buf = buf[len(buf)-n:] // end with the text's end (often cut inside a sequence)
				src := atEnd(srcPage, buf)
				ValidUTF8(src)
				ValidateUTF8(src)
				ASCIIPrefix(src)
				RuneCount(src)
				UTF16LenFromUTF8(src)
				UTF8LenFromUTF16LE(src)
				for _, op := range convOps {
					// The text as it is, and in the op's own source form
					// (so that the fast paths of well-formed input run too).
					form := sourceForm(op.name, buf)
					if len(form) > len(srcPage) {
						form = form[len(form)-len(srcPage):]
					}
					for k := 0; k < 2; k++ {
						in := atEnd(srcPage, buf)
						if k == 1 {
							in = atEnd(srcPage, form)
						}
						for _, size := range []int{0, n / 2, n, 2 * n, 4 * n} {
							dst := dstPage[len(dstPage)-size:]
							op.fn(dst, in)
							op.valid(dst, in)
						}
					}
				}
			}
		}
	})
}

// TestLengthsGuardPages runs the length functions of every kernel on
// inputs of every length 0–1100 that end exactly at a protected page and
// that start exactly after one, so that the kernels' multi-block steps,
// single blocks and scalar tails all meet both edges; an over-read
// crashes the test, and the counts must match the definitions.
func TestLengthsGuardPages(t *testing.T) {
	endPage := guarded(t)
	startPage := guardedBefore(t)
	text := []byte("aé€😀\x80\xBF\xF4\x00\xD8\x00\xDC\xFF\x07\x00\x08")
	buf := bytes.Repeat(text, 1100/len(text)+1)
	eachKernel(t, func(t *testing.T, kernel string) {
		for n := 0; n <= 1100; n++ {
			for _, src := range [][]byte{atEnd(endPage, buf[:n]), startPage[:copy(startPage, buf[:n])]} {
				checkLengths(t, src)
				checkUTF16Len(t, src)
			}
		}
	})
}
