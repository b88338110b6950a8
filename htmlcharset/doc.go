// Package htmlcharset finds and decodes the character encoding of HTML
// documents as the web does. It has the names and signatures of
// golang.org/x/net/html/charset (Lookup, DetermineEncoding, NewReader,
// NewReaderLabel), so that changing the import path is the whole
// migration, and it returns ucs codecs, which satisfy x/text's
// encoding.Encoding.
//
// # Standards
//
//   - WHATWG Encoding Standard §4.2 (names and labels): Lookup reads the
//     standard's label table (encodings.json, pinned in internal/gen/data),
//     so iso-8859-1, latin1 and ascii name windows-1252, utf-16 names
//     utf-16le, and iso-2022-kr and its like name the replacement encoding.
//     Package charset's Lookup differs on purpose (it keeps ISO-8859-1 and
//     US-ASCII true to their standards); these web rules live here.
//   - WHATWG Encoding Standard §6 (BOM sniffing) and the HTML Standard
//     §13.2.3.2 (determining the character encoding): a byte order mark,
//     then the Content-Type charset parameter, then the prescan of the
//     first 1024 bytes for a <meta charset> or <meta http-equiv> element.
//   - The decoders are those of the Encoding Standard, under the Replace
//     policy: one U+FFFD for each error the standard's decoder reports.
//
// # Beside x/net
//
// Given the same input, the encoding names and the certain flag are those
// of x/net (a test module, internal/xnettest, checks this against x/net
// on thousands of generated pages), with these differences:
//
//   - Where x/net falls back to windows-1252 because nothing declares the
//     encoding and the first 1024 bytes are not UTF-8, DetermineEncoding
//     asks package detect about up to 64 KiB of content (certain stays
//     false), and NewReader lets the detector read on (detect.DetectStream).
//     On the generated test pages the detector names the right encoding
//     about four times in five; windows-1252 was right for one page in a
//     hundred.
//   - The prescan follows the HTML Standard: it sees a <meta> element
//     inside <script>, <style>, <title> and the other elements whose content
//     x/net's tokenizer reads as text, as browsers do.
//   - UTF-8 decodes through ucs's UTF-8 decoder, which replaces malformed
//     bytes with U+FFFD; x/net returns encoding.Nop and lets them through.
//   - The single-byte decoders map every byte as the standard's indexes do:
//     bytes such as 0x81 in windows-1252 or 0x80–0x9F in the ISO-8859
//     encodings decode to the C1 controls U+0080–U+009F, where x/text gives
//     U+FFFD. The multi-byte decoders replace exactly the bytes the standard
//     says (an ASCII byte after a bad lead byte is kept, two escapes in a row
//     in ISO-2022-JP are an error) and decode the private-use pointers of
//     the Shift_JIS, GBK and GB18030 indexes, where x/text differs.
//   - Labels are trimmed of ASCII whitespace and compared ASCII
//     case-insensitively, as the standard says; x/net lowers them with
//     Unicode rules (so "\u212Aoi8-r", with a KELVIN SIGN, is koi8-r there
//     and unknown here). A label longer than 32 bytes is unknown at once.
//
// # x/text's indexes
//
// golang.org/x/text/encoding/htmlindex.Name and ianaindex.MIME.Name know
// only x/text's own encodings (they read a method whose result type is
// internal to x/text, which no other module can implement). For a ucs codec
// use Name here for the WHATWG name, and package charset for the IANA name
// and MIBenum: charset.Lookup(codec.Name()) gives a Charset with Name, MIB
// and Aliases().
package htmlcharset
