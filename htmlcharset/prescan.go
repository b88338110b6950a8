package htmlcharset

import "bytes"

// prescan runs the HTML Standard's "prescan a byte stream to determine its
// encoding" (§13.2.3.2) over b and returns the WHATWG name of the encoding
// a <meta> element declares, or "" if none does. As in x/net, a
// declaration cut by the end of b counts for nothing, and the XML
// declaration step that later editions of the standard added is not run.
func prescan(b []byte) string {
	for pos := 0; pos < len(b); {
		rest := b[pos:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			// A comment ends at the first "-->", which may share its
			// dashes with the opening ("<!-->").
			end := bytes.Index(b[pos+2:], []byte("-->"))
			if end < 0 {
				return ""
			}
			pos += 2 + end + 3
		case len(rest) >= 6 && asciiLowerEq(rest[1:5], "meta") && rest[0] == '<' && (isSpace(rest[5]) || rest[5] == '/'):
			name, next, ok := metaCharset(b, pos+6)
			if !ok {
				return ""
			}
			if name != "" {
				return name
			}
			pos = next
		case len(rest) >= 2 && rest[0] == '<' && (isLetter(rest[1]) || rest[1] == '/' && len(rest) >= 3 && isLetter(rest[2])):
			// Any other tag: skip its name and attributes.
			p := pos + 1
			for p < len(b) && !isSpace(b[p]) && b[p] != '>' {
				p++
			}
			for {
				_, _, np, found, ok := attribute(b, p)
				if !ok {
					return ""
				}
				p = np
				if !found {
					break
				}
			}
			pos = p + 1
		case len(rest) >= 2 && rest[0] == '<' && (rest[1] == '!' || rest[1] == '/' || rest[1] == '?'):
			end := bytes.IndexByte(b[pos+2:], '>')
			if end < 0 {
				return ""
			}
			pos += 2 + end + 1
		default:
			pos++
		}
	}
	return ""
}

// metaCharset reads the attributes of a <meta> element from pos, just
// after "<meta" and the space or slash that follows it, and returns the
// encoding it declares ("" for none) and where the prescan goes on. ok is
// false when b ends inside the element.
func metaCharset(b []byte, pos int) (name string, next int, ok bool) {
	var seen [][]byte
	gotPragma := false
	const (
		unknown = iota
		needPragma
		noPragma
	)
	need := unknown
	for {
		attr, val, np, found, ok := attribute(b, pos)
		if !ok {
			return "", 0, false
		}
		pos = np
		if !found {
			break
		}
		dup := false
		for _, s := range seen {
			if bytes.Equal(s, attr) {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		seen = append(seen, attr)
		switch string(attr) {
		case "http-equiv":
			if string(val) == "content-type" {
				gotPragma = true
			}
		case "content":
			if name == "" {
				if n := lookupName(string(fromContent(val))); n != "" {
					name, need = n, needPragma
				}
			}
		case "charset":
			name, need = lookupName(string(val)), noPragma
		}
	}
	next = pos + 1
	if need == unknown || need == needPragma && !gotPragma || name == "" {
		return "", next, true
	}
	switch name {
	case "utf-16be", "utf-16le":
		// The bytes so far were read as ASCII, which UTF-16 cannot be.
		name = "utf-8"
	}
	return name, next, true
}

// fromContent is the HTML Standard's "algorithm for extracting a character
// encoding from a meta element" (§2.5.6) applied to the (lower-cased)
// content attribute; it returns the label or nil.
func fromContent(s []byte) []byte {
	for {
		i := bytes.Index(s, []byte("charset"))
		if i < 0 {
			return nil
		}
		s = s[i+len("charset"):]
		t := trimSpaceLeft(s)
		if len(t) == 0 || t[0] != '=' {
			s = t
			continue
		}
		t = trimSpaceLeft(t[1:])
		if len(t) == 0 {
			return nil
		}
		if q := t[0]; q == '"' || q == '\'' {
			end := bytes.IndexByte(t[1:], q)
			if end < 0 {
				return nil
			}
			return t[1 : 1+end]
		}
		end := bytes.IndexAny(t, "; \t\n\f\r")
		if end < 0 {
			end = len(t)
		}
		return t[:end]
	}
}

// attribute is the HTML Standard's "get an attribute" (§13.2.3.2) from pos:
// it returns the lower-cased name and value, the position after them, and
// found false when the element ends (pos then at its '>'). ok is false when
// b ends first.
func attribute(b []byte, pos int) (name, val []byte, next int, found, ok bool) {
	for pos < len(b) && (isSpace(b[pos]) || b[pos] == '/') {
		pos++
	}
	if pos >= len(b) {
		return nil, nil, 0, false, false
	}
	if b[pos] == '>' {
		return nil, nil, pos, false, true
	}
	// The name.
	for ; ; pos++ {
		if pos >= len(b) {
			return nil, nil, 0, false, false
		}
		c := b[pos]
		if c == '=' && len(name) > 0 {
			pos++
			goto value
		}
		if isSpace(c) {
			break
		}
		if c == '/' || c == '>' {
			return name, nil, pos, true, true
		}
		name = append(name, lower(c))
	}
	// Spaces, then '=' or the end of a valueless attribute.
	for pos < len(b) && isSpace(b[pos]) {
		pos++
	}
	if pos >= len(b) {
		return nil, nil, 0, false, false
	}
	if b[pos] != '=' {
		return name, nil, pos, true, true
	}
	pos++
value:
	for pos < len(b) && isSpace(b[pos]) {
		pos++
	}
	if pos >= len(b) {
		return nil, nil, 0, false, false
	}
	switch q := b[pos]; q {
	case '"', '\'':
		for pos++; pos < len(b); pos++ {
			if b[pos] == q {
				return name, val, pos + 1, true, true
			}
			val = append(val, lower(b[pos]))
		}
		return nil, nil, 0, false, false
	case '>':
		return name, nil, pos, true, true
	}
	for ; pos < len(b); pos++ {
		c := b[pos]
		if isSpace(c) || c == '>' {
			return name, val, pos, true, true
		}
		val = append(val, lower(c))
	}
	return nil, nil, 0, false, false
}

func isSpace(c byte) bool {
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func asciiLowerEq(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range b {
		if lower(b[i]) != s[i] {
			return false
		}
	}
	return true
}

func trimSpaceLeft(s []byte) []byte {
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	return s
}
