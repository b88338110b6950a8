// Package ucs is a toolkit for text encodings: the UCS transformation
// formats, the legacy code pages, the web's encoding rules, charset
// detection and the LDAP string representations built on them. This
// package only documents the module; the work is done by the packages
// below.
//
// # Packages
//
//	encoding                 the Codec type every codec is, its Error (offset, length, kind), policies and Options
//	encoding/utf             UTF-8 (strict, RFC 2279 31-bit, CESU-8, Modified UTF-8), UTF-16, UCS-2, UTF-32, UCS-4, UTF-7; SIMD bulk conversion and validation
//	encoding/simplifiedchinese  GB18030 (2022 and 2005), GBK, GB2312 (EUC-CN), quwei numbers
//	encoding/traditionalchinese Big5 (with HKSCS), code page 950
//	encoding/japanese        EUC-JP, ISO-2022-JP, Shift_JIS
//	encoding/korean          EUC-KR (code page 949)
//	encoding/singlebyte      every WHATWG single-byte encoding, ISO-8859-1, US-ASCII, x-user-defined, DOS code pages
//	encoding/replacement     WHATWG's replacement encoding, the UNICODE-1-1-UTF-8 guard
//	encoding/enctest         the test harness every codec runs (streaming splits, policies, allocations)
//	charset                  the registry: Lookup by name or alias, List, Register
//	transcode                streaming conversion: Copy, Output, NewReader, NewWriter, Decoder; positioned errors, BOM and newline modes
//	htmlcharset              the web's rules: a drop-in for golang.org/x/net/html/charset
//	detect                   charset detection: ranked candidates with confidence and language
//	width                    display width in terminal columns
//	ldap                     LDAP filters, DNs, attribute syntaxes and matching rules
//	ldap/ber                 the BER subset of LDAP
//	cmd/ucs                  the command-line tool
//
// # Standards
//
//	standard                                        where
//	RFC 3629 UTF-8 (strict), RFC 2279 31-bit        encoding/utf: UTF8, UTF8RFC2279, Validate, Valid
//	RFC 2781 UTF-16, ISO/IEC 10646 UCS-2/UCS-4      encoding/utf: UTF16LE, UTF16BE, UTF16(order, bom), UCS2*, UCS4*
//	Unicode §3.9 UTF-32, maximal subparts           encoding/utf: UTF32LE, UTF32BE; encoding: Replace policy
//	RFC 2152 UTF-7, UTR #26 CESU-8                  encoding/utf: UTF7, CESU8, ModifiedUTF8
//	RFC 3629 §6 byte order marks                    encoding/utf: SniffBOM, BOM
//	WHATWG Encoding §4.2 names and labels           htmlcharset: Lookup (web rules); charset: Lookup (with deviations)
//	WHATWG Encoding §6 BOM sniff, §9–§14 codecs     htmlcharset: DetermineEncoding; encoding/* packages
//	HTML §13.2.3 determining the encoding           htmlcharset: DetermineEncoding, NewReader
//	GB 18030-2022 / -2005, GB 2312-80               encoding/simplifiedchinese
//	IANA character sets (names, MIBenum)            charset: Charset.Name, Aliases(), MIB
//	UAX #11 East Asian Width, UAX #29 graphemes     width
//	RFC 4511, 4512, 4514, 4515, 4517, 4518          ldap, ldap/ber
//
// Every codec is a *encoding.Codec, which satisfies
// golang.org/x/text/encoding.Encoding, so it works with transform.NewReader,
// xml.Decoder.CharsetReader and mime.WordDecoder. Codecs are strict by
// default: they stop at the first malformed or unencodable sequence and
// report its offset and kind, where x/text silently replaces; a policy
// (encoding.Replace, Skip, Escape) says otherwise.
package ucs
