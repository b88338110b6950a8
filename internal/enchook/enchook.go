// Package enchook reaches the methods of encoding.Transformer that only
// the streaming engine (package transcode) needs and that are not part of
// the public API: converting up to the first bad sequence, the count of
// bytes written, and copying a transformer in its state.
//
// Package encoding hands them over when it initialises, with Set; a
// package that imports encoding gets them with Get. The hook holds them
// as an interface value so that this package imports nothing.
package enchook

// Funcs are the engine's methods of a transformer type T, whose bad
// sequences are described by B.
type Funcs[T, B any] struct {
	// UntilBad converts src up to the first sequence that the policy
	// would have to handle, leaving it unconsumed and describing it.
	UntilBad func(t T, dst, src []byte, atEOF bool) (nDst, nSrc int, bad B, err error)
	// Written returns the number of bytes t wrote since its last Reset.
	Written func(t T) int64
	// Clone returns an independent copy of t in the same state.
	Clone func(t T) T
}

var funcs any

// Set installs the methods; package encoding calls it once, at init.
func Set[T, B any](f Funcs[T, B]) { funcs = f }

// Get returns the methods that Set installed. It panics when they are
// not of the types asked for, or were not installed: a programming
// error, found by any test that streams.
func Get[T, B any]() Funcs[T, B] { return funcs.(Funcs[T, B]) }
