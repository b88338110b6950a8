// Package ber reads and writes the subset of ASN.1 Basic Encoding Rules
// that LDAP uses (RFC 4511 sec 5.1): single-octet tags, definite lengths,
// primitive OCTET STRINGs, BOOLEAN TRUE as 0xFF.
//
// Writers always produce the shortest definite length. Readers accept the
// short and the long length form (X.690 sec 8.1.3; RFC 4511 does not
// require the minimal one and OpenLDAP's encoder uses four-octet lengths)
// and reject the indefinite form, lengths of more than four octets,
// lengths that run past the data and multi-octet tags.
package ber

import (
	"fmt"
)

// Tag classes and the constructed bit of an identifier octet (X.690 sec 8.1.2).
const (
	ClassUniversal   = 0x00
	ClassApplication = 0x40
	ClassContext     = 0x80
	ClassPrivate     = 0xC0
	Constructed      = 0x20
)

// Universal tags LDAP uses.
const (
	TagBoolean     = 0x01
	TagInteger     = 0x02
	TagOctetString = 0x04
	TagNull        = 0x05
	TagEnumerated  = 0x0A
	TagSequence    = 0x30 // SEQUENCE, constructed
	TagSet         = 0x31 // SET, constructed
)

// Error reports a malformed encoding at a byte offset.
type Error struct {
	Offset int
	Msg    string
}

// Error formats the fault with its byte offset.
func (e *Error) Error() string { return fmt.Sprintf("ber: at byte %d: %s", e.Offset, e.Msg) }

// AppendLength appends the shortest definite encoding of n.
func AppendLength(dst []byte, n int) []byte {
	switch {
	case n < 0x80:
		return append(dst, byte(n))
	case n <= 0xFF:
		return append(dst, 0x81, byte(n))
	case n <= 0xFFFF:
		return append(dst, 0x82, byte(n>>8), byte(n))
	case n <= 0xFFFFFF:
		return append(dst, 0x83, byte(n>>16), byte(n>>8), byte(n))
	default:
		return append(dst, 0x84, byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
	}
}

// AppendTLV appends tag, the length of content and content.
func AppendTLV(dst []byte, tag byte, content []byte) []byte {
	dst = append(dst, tag)
	dst = AppendLength(dst, len(content))
	return append(dst, content...)
}

// AppendString appends a primitive element with tag and the bytes of s.
func AppendString(dst []byte, tag byte, s string) []byte {
	dst = append(dst, tag)
	dst = AppendLength(dst, len(s))
	return append(dst, s...)
}

// AppendInteger appends an INTEGER-shaped element (two's complement,
// minimal octets) with the given tag.
func AppendInteger(dst []byte, tag byte, v int64) []byte {
	var buf [9]byte
	n := 0
	for {
		buf[8-n] = byte(v)
		n++
		if (v >= -128 && v < 128) || n == 8 {
			break
		}
		v >>= 8
	}
	return AppendTLV(dst, tag, buf[9-n:])
}

// AppendBoolean appends a BOOLEAN-shaped element: 0xFF for true, 0x00 for false.
func AppendBoolean(dst []byte, tag byte, v bool) []byte {
	b := byte(0)
	if v {
		b = 0xFF
	}
	return append(dst, tag, 1, b)
}

// Element is one decoded tag-length-value.
type Element struct {
	Tag     byte
	Offset  int    // offset of the identifier octet in the whole input
	Content []byte // the content octets
	// ContentOffset is the offset of Content[0] in the whole input.
	ContentOffset int
}

// Constructed reports whether the element has the constructed bit set.
func (e Element) Constructed() bool { return e.Tag&Constructed != 0 }

// Read decodes the element at the start of b; base is the offset of b in
// the whole input, for error messages. It returns the element and the
// bytes after it.
func Read(b []byte, base int) (Element, []byte, error) {
	if len(b) == 0 {
		return Element{}, nil, &Error{base, "expected an element, found the end of the data"}
	}
	tag := b[0]
	if tag&0x1F == 0x1F {
		return Element{}, nil, &Error{base, fmt.Sprintf("multi-octet tag 0x%02x is not used by LDAP", tag)}
	}
	if len(b) < 2 {
		return Element{}, nil, &Error{base + 1, "expected a length, found the end of the data"}
	}
	l := int(b[1])
	hdr := 2
	if l == 0x80 {
		return Element{}, nil, &Error{base + 1, "indefinite length (RFC 4511 sec 5.1 allows only definite lengths)"}
	}
	if l > 0x80 {
		n := l & 0x7F
		if n > 4 {
			return Element{}, nil, &Error{base + 1, fmt.Sprintf("length of %d octets is too long", n)}
		}
		if len(b) < 2+n {
			return Element{}, nil, &Error{base + 1, "length runs past the end of the data"}
		}
		l = 0
		for _, c := range b[2 : 2+n] {
			l = l<<8 | int(c)
		}
		hdr = 2 + n
	}
	if l > len(b)-hdr {
		return Element{}, nil, &Error{base + 1, fmt.Sprintf("length %d runs past the end of the data (%d octets left)", l, len(b)-hdr)}
	}
	e := Element{Tag: tag, Offset: base, Content: b[hdr : hdr+l], ContentOffset: base + hdr}
	return e, b[hdr+l:], nil
}

// ReadInteger decodes the content of an INTEGER-shaped element (at most 8 octets, minimal).
func ReadInteger(e Element) (int64, error) {
	c := e.Content
	if len(c) == 0 || len(c) > 8 {
		return 0, &Error{e.Offset, fmt.Sprintf("integer of %d octets", len(c))}
	}
	if len(c) > 1 && ((c[0] == 0 && c[1]&0x80 == 0) || (c[0] == 0xFF && c[1]&0x80 != 0)) {
		return 0, &Error{e.Offset, "integer not in its shortest form"}
	}
	v := int64(int8(c[0]))
	for _, b := range c[1:] {
		v = v<<8 | int64(b)
	}
	return v, nil
}
