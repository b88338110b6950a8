// Package detectpeer compares the speed of ucs's charset detection with
// uchardet's (the C library of freedesktop.org, Debian package
// libuchardet-dev) on 4 KiB samples of each class of input: byte-order
// marks, UTF-8, UTF-16 without a mark, and legacy code pages.
//
// It is a module of its own, so that the cgo binding never enters the
// dependency graph of ucs. Run it with
//
//	apt-get install -y libuchardet-dev
//	cd bench/detectpeer && go test -bench . -benchtime 2s
//
// It reads its text from ../shared/bench/corpus and skips without it.
package detectpeer
