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
// Output takes several inputs into one output, as cat does; NewReader and
// NewWriter wrap Copy in the io.Reader and io.Writer forms.
//
// Decoder (and the Decode function) only decodes: it hands the text on in
// UTF-8, a chunk at a time, each with the Position (offset, line, column)
// of its start, for programs that read text rather than convert it, such
// as validators and counters. It takes the same fast path for valid UTF-8
// and reports bad sequences as the same *Error values.
package transcode
