package ldap

import (
	"fmt"
	"unicode/utf8"
)

// SyntaxError reports where a string form (a filter, a DN, an attribute
// value) or a BER encoding stops being valid and what was expected there.
type SyntaxError struct {
	What   string // what was being read: "filter", "DN", "BER filter", a syntax name
	Offset int    // byte offset of the fault in the input
	Column int    // 1-based character column of the fault (invalid bytes count as one character each); 0 for BER
	Msg    string // what is wrong, in plain words
}

// Error formats the fault with its byte offset and, for strings, its column.
func (e *SyntaxError) Error() string {
	if e.Column > 0 {
		return fmt.Sprintf("ldap: invalid %s at byte %d (column %d): %s", e.What, e.Offset, e.Column, e.Msg)
	}
	return fmt.Sprintf("ldap: invalid %s at byte %d: %s", e.What, e.Offset, e.Msg)
}

// newSyntaxError builds a SyntaxError for input s at byte offset off; the
// column counts characters before off (invalid UTF-8 bytes one each).
func newSyntaxError(what, s string, off int, format string, args ...any) *SyntaxError {
	if off > len(s) {
		off = len(s)
	}
	if off < 0 {
		off = 0
	}
	return &SyntaxError{What: what, Offset: off, Column: utf8.RuneCountInString(s[:off]) + 1, Msg: fmt.Sprintf(format, args...)}
}
