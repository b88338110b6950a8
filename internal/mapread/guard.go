package mapread

import "runtime/debug"

// Guard runs fn, turning a memory fault inside w's current window (the
// file shrank under the map) into ErrChanged. Other faults and panics go
// on as they were. w may be nil.
func Guard(w *Windows, fn func() error) (err error) {
	if w == nil {
		return fn()
	}
	old := debug.SetPanicOnFault(true)
	defer debug.SetPanicOnFault(old)
	defer func() {
		if r := recover(); r != nil {
			if f, ok := r.(interface{ Addr() uintptr }); ok && w.Contains(f.Addr()) {
				err = ErrChanged
				return
			}
			panic(r)
		}
	}()
	return fn()
}
