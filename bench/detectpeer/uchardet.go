package detectpeer

/*
#cgo pkg-config: uchardet
#include <stdlib.h>
#include <uchardet.h>
*/
import "C"

import "unsafe"

// Uchardet is one uchardet detector, reused across inputs.
type Uchardet struct{ ud C.uchardet_t }

// NewUchardet returns a detector; Close frees it.
func NewUchardet() *Uchardet { return &Uchardet{C.uchardet_new()} }

// Close frees the detector.
func (u *Uchardet) Close() { C.uchardet_delete(u.ud) }

// Detect returns uchardet's guess for b ("" when it has none).
func (u *Uchardet) Detect(b []byte) string {
	C.uchardet_reset(u.ud)
	if len(b) > 0 {
		C.uchardet_handle_data(u.ud, (*C.char)(unsafe.Pointer(&b[0])), C.size_t(len(b)))
	}
	C.uchardet_data_end(u.ud)
	return C.GoString(C.uchardet_get_charset(u.ud))
}
