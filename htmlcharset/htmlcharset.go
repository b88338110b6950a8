package htmlcharset

import (
	"bytes"
	"fmt"
	"io"
	"mime"
	"strings"
	"sync"
	"unicode/utf8"

	xenc "golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/detect"
	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/utf"
)

// maxLabelLen bounds the labels Lookup reads: the longest WHATWG label is
// 19 bytes ("iso_8859-1:1987" and its like), so a longer one is refused
// without being lowered or hashed.
const maxLabelLen = 32

// prescanLen is how many bytes DetermineEncoding and NewReader look at, as
// the HTML Standard's prescan does (§13.2.3.2) and as x/net does.
const prescanLen = 1024

// webTables holds, for each WHATWG encoding name, its codec (codecs),
// decoding under the Replace policy (one U+FFFD per maximal subpart, as
// the Encoding Standard's decoders do) and encoding under Fail for
// characters the encoding lacks, as x/text's encoders do; and for a
// codec's ucs name, its WHATWG name (byCodec, for Name).
type webTables struct {
	codecs  map[string]*encoding.Codec
	byCodec map[string]string
}

// webMaps returns the tables, made on first use (they look charsets up in
// the registry, which is itself built on first use).
var webMaps = sync.OnceValue(func() *webTables {
	t := &webTables{codecs: make(map[string]*encoding.Codec, len(webNames)), byCodec: make(map[string]string, len(webNames))}
	for _, name := range webNames {
		var c *encoding.Codec
		switch name {
		case "utf-8":
			c = utf.UTF8
		case "utf-16le":
			c = utf.UTF16LE
		case "utf-16be":
			c = utf.UTF16BE
		default:
			c = charset.MustLookup(name).Codec
		}
		t.codecs[name] = web(c)
		t.byCodec[c.Name()] = name
	}
	return t
})

// web returns the codec with the web's error handling: replace on decode,
// fail on an unencodable character.
func web(c *encoding.Codec) *encoding.Codec {
	return c.With(encoding.Options{Invalid: encoding.Replace, Unmappable: encoding.Fail})
}

// Lookup returns the encoding with the given WHATWG label and its
// canonical, lower-case WHATWG name ("windows-1252", "shift_jis",
// "utf-16le"), or nil and "" if the label is unknown. Labels follow the
// Encoding Standard's rules (§4.2): ASCII whitespace trimmed, ASCII letters
// matched case-insensitively; so iso-8859-1, latin1 and ascii name
// windows-1252, and utf-16 names utf-16le. The decoders replace malformed
// input with U+FFFD; the encoders fail on characters the encoding lacks.
//
// Lookup does not allocate.
func Lookup(label string) (e xenc.Encoding, name string) {
	name = lookupName(label)
	if name == "" {
		return nil, ""
	}
	return webMaps().codecs[name], name
}

func lookupName(label string) string {
	t := strings.Trim(label, "\t\n\f\r ")
	if len(t) == 0 || len(t) > maxLabelLen {
		return ""
	}
	var buf [maxLabelLen]byte
	k := buf[:copy(buf[:], t)]
	for i, c := range k {
		if 'A' <= c && c <= 'Z' {
			k[i] = c + 'a' - 'A'
		}
	}
	return webLabels[string(k)]
}

// Name returns the canonical WHATWG name of an encoding that Lookup or
// DetermineEncoding returned, so that it plays the part of x/text's
// htmlindex.Name for ucs codecs (htmlindex.Name itself recognises only
// x/text's own encodings). Other ucs codecs give their ucs name; any other
// value gives an error.
func Name(e xenc.Encoding) (string, error) {
	c, ok := e.(*encoding.Codec)
	if !ok {
		if e == xenc.Nop {
			return "utf-8", nil
		}
		return "", fmt.Errorf("htmlcharset: %T is not an encoding of ucs", e)
	}
	if name, ok := webMaps().byCodec[c.Name()]; ok {
		return name, nil
	}
	return c.Name(), nil
}

// boms are the byte order marks the Encoding Standard sniffs (§6, "decode").
var boms = []struct {
	bom  string
	name string
}{
	{"\xFE\xFF", "utf-16be"},
	{"\xFF\xFE", "utf-16le"},
	{"\xEF\xBB\xBF", "utf-8"},
}

// DetermineEncoding determines the encoding of an HTML document from its
// first bytes and the Content-Type header's value, as the HTML Standard's
// encoding sniffing algorithm does (§13.2.3.2) and in the same order as
// x/net's html/charset: a byte order mark, then the charset parameter of
// contentType, then a <meta> element found by the prescan of the first
// 1024 bytes (a UTF-16 declaration there is read as UTF-8, since the bytes
// so far were ASCII), then UTF-8 when those bytes are valid UTF-8 with at
// least one non-ASCII byte. certain is true only for a byte order mark or
// the header's charset, as in x/net.
//
// Where x/net gives up and returns windows-1252, DetermineEncoding asks
// ucs's detector (package detect) about content (at most its first
// 64 KiB) and returns the WHATWG encoding it finds most likely, still with
// certain false; windows-1252 remains the answer for plain ASCII text and
// when the detector names no WHATWG encoding. The detector also finds
// 7-bit ISO-2022-JP and UTF-16 without a BOM, which x/net reads as
// windows-1252.
//
// A UTF-8 answer is always ucs's UTF-8 decoder, which passes valid UTF-8
// through and turns malformed bytes into U+FFFD; x/net returns
// encoding.Nop instead and so lets malformed bytes through.
func DetermineEncoding(content []byte, contentType string) (e xenc.Encoding, name string, certain bool) {
	e, name, certain, _ = determine(content, contentType)
	return e, name, certain
}

// how says which rule of DetermineEncoding decided.
type how int

const (
	byBOM how = iota
	byHeader
	byMeta
	byUTF8
	byDetector
	byDefault
)

func determine(content []byte, contentType string) (e xenc.Encoding, name string, certain bool, h how) {
	full := content
	if len(content) > prescanLen {
		content = content[:prescanLen]
	}
	for _, b := range boms {
		if bytes.HasPrefix(content, []byte(b.bom)) {
			e, name = Lookup(b.name)
			return e, name, true, byBOM
		}
	}
	if _, params, err := mime.ParseMediaType(contentType); err == nil {
		if cs, ok := params["charset"]; ok {
			if e, name = Lookup(cs); e != nil {
				return e, name, true, byHeader
			}
		}
	}
	if len(content) > 0 {
		if name = prescan(content); name != "" {
			return webMaps().codecs[name], name, false, byMeta
		}
	}
	// Valid UTF-8 with a non-ASCII byte, a character cut by the end of
	// the prefix forgiven.
	cut := content
	for i := len(cut) - 1; i >= 0 && i > len(cut)-4; i-- {
		b := cut[i]
		if b < 0x80 {
			break
		}
		if utf8.RuneStart(b) {
			cut = cut[:i]
			break
		}
	}
	if hasHighBit(cut) && utf8.Valid(cut) {
		return webMaps().codecs["utf-8"], "utf-8", false, byUTF8
	}
	if len(full) > detectLen {
		// Bound the detector's work; a character the cut splits would
		// count against the encoding it belongs to, so drop a cut lead.
		full = full[:detectLen]
		for i := 0; i < 3 && len(full) > 0 && full[len(full)-1] >= 0x80; i++ {
			full = full[:len(full)-1]
		}
	}
	if name = webName(detect.Detect(full)); name != "" {
		return webMaps().codecs[name], name, false, byDetector
	}
	return webMaps().codecs["windows-1252"], "windows-1252", false, byDefault
}

func hasHighBit(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return true
		}
	}
	return false
}

// webName returns the WHATWG name of the most likely candidate of res that
// the web knows, or "".
func webName(res detect.Result) string {
	for _, c := range res.Candidates {
		if c.BOM || c.Encoding == "us-ascii" {
			// A BOM was ruled out above; plain ASCII decides nothing.
			continue
		}
		if name := lookupName(c.Encoding); name != "" && name != "replacement" {
			return name
		}
	}
	return ""
}

// NewReader returns an io.Reader that converts the content of r to UTF-8,
// reading its first 1024 bytes (more, up to detect.ReaderPrefix, when
// nothing in them declares the encoding) to determine the encoding with
// DetermineEncoding and contentType, the value of the Content-Type header.
// Malformed input turns into U+FFFD, in UTF-8 too (where x/net passes
// it through); the byte order mark, if any, stays in the text as U+FEFF,
// as in x/net.
func NewReader(r io.Reader, contentType string) (io.Reader, error) {
	preview := make([]byte, prescanLen)
	n, err := io.ReadFull(r, preview)
	switch {
	case err == io.ErrUnexpectedEOF:
		preview = preview[:n]
		r = bytes.NewReader(preview)
	case err != nil:
		return nil, err
	default:
		r = io.MultiReader(bytes.NewReader(preview), r)
	}
	e, _, _, h := determine(preview, contentType)
	if h == byDefault && len(preview) == prescanLen {
		// Nothing declared and nothing found in the first 1024 bytes: let
		// the detector read on (a bounded prefix, less when it is sure).
		res, rest, err := detect.DetectStream(r)
		if err != nil {
			return nil, err
		}
		r = rest
		if name := webName(res); name != "" {
			e = webMaps().codecs[name]
		}
	}
	return transform.NewReader(r, e.NewDecoder()), nil
}

// detectLen bounds the part of DetermineEncoding's content that the
// detector reads.
const detectLen = 64 << 10

// NewReaderLabel returns a reader that converts from the encoding with the
// given WHATWG label to UTF-8, replacing malformed input with U+FFFD. It
// returns an error if the label is unknown. It suits
// xml.Decoder.CharsetReader.
func NewReaderLabel(label string, input io.Reader) (io.Reader, error) {
	e, _ := Lookup(label)
	if e == nil {
		return nil, fmt.Errorf("unsupported charset: %q", label)
	}
	return transform.NewReader(input, e.NewDecoder()), nil
}
