// Package peers compares the speed of ucs's bulk kernels with other Go
// code doing the same work: the standard library (unicode/utf8,
// unicode/utf16), golang.org/x/text and github.com/segmentio/asm/utf8.
// It is a module of its own so that none of these enter the dependency
// graph of ucs's users. Run it with
//
//	cd bench/peers && go test -bench . -benchtime 1s
//
// Each benchmark reports input bytes per second over the files of
// ../shared/bench/corpus (set UCS_SHARED to read them elsewhere).
package peers
