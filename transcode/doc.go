// Package transcode converts streams of text from one encoding to another
// in bounded memory: the engine of the ucs command, for programs.
//
// Copy reads an input in one encoding and writes it in another. Errors are
// *Error values that locate the bad sequence in the input (byte offset,
// line, column; the column counts characters) and say what is wrong (its
// Kind, its bytes or the character the target lacks), in the
// FILE:LINE:COL form editors understand. Options choose the error policies
// (encoding.Fail, Replace, Skip, Escape), the byte order mark (keep, strip,
// add) and the line ends (keep, LF, CRLF); Options.Report sees every
// sequence a policy handled.
//
// The fast paths are chosen inside: valid UTF-8 read as UTF-8 is validated
// by the SIMD kernel and goes downstream without a copy; to UTF-8 it is
// written as it is, to another encoding it goes straight into the encoder,
// which checks it as it converts. Only around a bad sequence does the
// slower path run, to locate it.
//
// An input that is an *os.File of a regular file (from its current offset,
// 1 MiB or more) is mapped into memory a window of 4 MiB at a time instead
// of being read: no copy from the page cache, and only a few windows
// resident (the current one, the next, mapped ahead, and the last).
// It is read up to the size it had when the conversion began, and its
// offset is left after what was read. A file that shrinks while it is
// mapped stops the conversion with an error. Where GOMAXPROCS allows, the
// next window is mapped by another goroutine while the current one is
// converted, and a second goroutine works ahead on every other piece
// (256 KiB) of each window: it validates (and, into an encoder that keeps
// no state, converts) pieces of UTF-8 input, and decodes pieces of GBK,
// GB18030, Big5, Shift_JIS, EUC-JP and EUC-KR input. Its work is used
// only where it met nothing to report; elsewhere the piece is done again
// in order, so the output, the errors and their positions are those of a
// single goroutine.
//
// A file of 4 MiB or more in UTF-8 read with no encoder behind it (to
// UTF-8, and Decoder), or in GBK, GB18030, Big5, Shift_JIS, EUC-JP or
// EUC-KR, is instead spread over the processors: each of a few goroutines
// reads the next 512 KiB piece into a buffer of its own (pread),
// validates (UTF-8) or decodes (the others, cut after a byte below 0x30)
// and measures it while it is in its core's cache, and the pieces are
// handed on in order. That copy costs less than the map's page tables,
// and the work is shared evenly. The map takes over at the first piece
// that does not go through whole.
//
// Output takes several inputs into one output, as cat does; NewReader and
// NewWriter wrap Copy in the io.Reader and io.Writer forms.
//
// Decoder (and the Decode function) only decodes: it hands the text on in
// UTF-8, a chunk at a time, each with the Position (offset, line, column)
// of its start, for programs that read text rather than convert it, such
// as validators and counters. It takes the same fast path for valid UTF-8
// and reports bad sequences as the same *Error values.
package transcode
