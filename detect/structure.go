package detect

import (
	"bytes"

	"github.com/ucskit/ucs/internal/simd"
)

// quickStage answers what needs no statistics: an empty input, a
// byte-order mark whose encoding decodes the rest (not for a window after
// ASCII), and valid UTF-8 with a non-ASCII character, recognised by the
// SIMD validator.
func quickStage(t *tables, b []byte, atEOF, afterASCII bool) (Result, bool) {
	if len(b) == 0 {
		return single(asciiCandidate(t, asciiConfidence(atEOF))), true
	}
	if !afterASCII {
		if c, n, ok := bomStage(t, b, atEOF); ok {
			res := single(c)
			if n < len(b) {
				res.Judged = n
			}
			return res, true
		}
	}
	if p := simd.ASCIIPrefix(b); p < len(b) && bytes.IndexByte(b[:p], 0) < 0 && bytes.IndexByte(b[p:], 0) < 0 {
		if u8 := censusUTF8(b[p:], atEOF); u8.valid() {
			return utf8Answer(t, b, u8), true
		}
	}
	return Result{}, false
}

// utf8Answer is the answer for valid UTF-8.
func utf8Answer(t *tables, b []byte, u8 utf8Census) Result {
	c := utfCandidate(t, "utf-8", false)
	c.Confidence = utf8Confidence(u8.multi)
	c.Language = guessLanguageUTF8(t, b)
	return single(c)
}

// structureStage answers from the structure of the input: ASCII and the
// 7-bit encodings, UTF-8 (also with stray NULs), UTF-32 and UTF-16
// without a mark when sure, EBCDIC (ebcdic.go). It records in ev a UTF-16 reading that is
// plausible but not sure, for the statistical stage to weigh.
func structureStage(t *tables, ev *evidence) (Result, bool) {
	b, atEOF := ev.b, ev.atEOF
	if ev.high == 0 && ev.zeros == 0 {
		if c, ok := sevenBitStage(t, b, atEOF, &ev.hist); ok {
			return single(c), true
		}
		// Greek and Hebrew EBCDIC text can be all bytes below 80 (its
		// letters at 41–7F, the space at 40). ASCII text with no space
		// and nothing else below 40 is read as EBCDIC when it passes
		// the structural test; ASCII text nearly always has a space,
		// a digit or punctuation there.
		if ev.hist[' '] == 0 && looksEBCDIC(&ev.hist, len(b)) {
			if res, ok := ebcdicStage(t, ev); ok {
				return res, true
			}
		}
		if ev.controls == 0 || ev.afterASCII {
			return single(asciiCandidate(t, asciiConfidence(atEOF))), true
		}
		// Control characters in ASCII: perhaps UTF-16 of a script whose
		// code points have a control byte as high byte (Cyrillic U+04xx,
		// Thai U+0Exx).
		if u16 := utf16Stage(t, b, atEOF, ev.zeros); u16.ok {
			u16.cand.Confidence = 0.9
			return single(u16.cand), true
		}
		return single(asciiCandidate(t, 0.9)), true
	}
	if ev.zeros == 0 && ev.u8.valid() {
		return utf8Answer(t, b, ev.u8), true
	}
	if !ev.afterASCII {
		if c, ok := utf32Stage(t, b, atEOF); ok {
			return single(c), true
		}
		ev.u16 = utf16Stage(t, b, atEOF, ev.zeros)
		if ev.u16.sure {
			return single(ev.u16.cand), true
		}
	}
	if res, ok := ebcdicStage(t, ev); ok {
		return res, true
	}
	if ev.zeros > 0 && !ev.u16.ok {
		// NUL bytes, yet not UTF-16 or UTF-32: text with stray NULs.
		if ev.u8.valid() {
			return utf8Answer(t, b, ev.u8), true
		}
		if ev.high == 0 {
			return single(asciiCandidate(t, 0.9)), true
		}
	}
	return Result{}, false
}
