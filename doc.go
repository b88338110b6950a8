// Package ucs is a toolkit for text encodings: the UCS transformation
// formats, the legacy code pages, charset detection and the LDAP string
// representations built on them. This package only documents the module;
// the work is done by the packages below.
//
//	standard                                   package
//	RFC 3629 UTF-8 (strict), RFC 2279 31-bit   encoding/utf: UTF8, UTF8RFC2279
//	RFC 2781 UTF-16, ISO 10646 UCS-2/UCS-4     encoding/utf: UTF16LE, UTF16BE, UTF16BOM, UCS2*, UCS4*
//	Unicode ch. 3 UTF-32                       encoding/utf: UTF32LE, UTF32BE, UTF32BOM
//	RFC 2152 UTF-7, UTR #26 CESU-8             encoding/utf: UTF7, CESU8, ModifiedUTF8
//	RFC 3629 §6 byte order marks               encoding/utf: SniffBOM
//	error kinds, policies, the Codec type      encoding
//	names, aliases, MIBenum, code pages        charset: Lookup, List
//
// Every codec is a *encoding.Codec, which satisfies
// golang.org/x/text/encoding.Encoding. Codecs are strict by default: they
// stop at the first malformed or unencodable sequence and report its
// offset and kind, where x/text silently replaces.
package ucs
