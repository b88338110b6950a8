package cli

// Standards and conventions the commands follow (the package comment is
// in cli.go).
//
// ucs convert
//   - Option spellings of the POSIX iconv utility (-f, -t, -c) and GNU
//     iconv's //IGNORE suffix; --from-code and --to-code as GNU spells
//     them.
//   - The terminal's encoding is the codeset part of the locale name
//     language[_territory][.codeset][@modifier] (POSIX Base Definitions
//     §8.2, and utf-8(7)), taken from LC_ALL, LC_CTYPE, LANG in that
//     order (§8.2 precedence).
//   - --in-place and -o replace the file with rename(2) from a temporary
//     file in the same directory after fsync(2) of the file and then of
//     the directory (POSIX rename is atomic within a file system).
//   - -f auto uses package detect; see its documentation.
//
// ucs normalize, ucs validate --normalized
//   - Unicode Standard Annex #15, Unicode Normalization Forms: NFC, NFD,
//     NFKC, NFKD (§1.2), through golang.org/x/text/unicode/norm.
//
// ucs width
//   - UAX #11 East Asian Width, UAX #29 grapheme clusters (§3), UTS #51
//     emoji presentation (§4); see package width.
//
// ucs inspect
//   - Character names of the Unicode Character Database, with the names
//     derived by rule for CJK and Tangut ideographs (rule NR2) and Hangul
//     syllables (rule NR1, Unicode §4.8 and §3.12); the control
//     character aliases of NameAliases.txt; general categories (Unicode
//     §4.5); planes (Unicode §2.8) and ISO/IEC 10646's plane, row and cell.
//   - Colour only on a terminal, and never when NO_COLOR is set to a
//     non-empty value (no-color.org).
//
// Conformance
//   - A locale without a codeset, "C" and "POSIX" included, gives UTF-8,
//     not the portable character set POSIX assigns to the C locale.
//   - //TRANSLIT uses glibc's transliterations of the C.UTF-8 locale for
//     every target (pinned in internal/gen/data), whatever the locale:
//     glibc's depend on LC_CTYPE (in the C locale it writes "?" for é).
//   - --in-place follows symbolic links and replaces the target; it refuses
//     a file with more than one hard link. Extended attributes and ACLs
//     of the replaced file are not carried over; permissions, owner and
//     group (as far as allowed), access and modification times are.
//   - Stale temporary files are recognised by the process id in their
//     name; on systems without kill(2) they are never removed
//     automatically.
//   - ucs normalize writes the Stream-Safe Text Format of UAX #15 §13:
//     after 30 non-starters in a row it inserts U+034F COMBINING GRAPHEME
//     JOINER, as x/text does.
//   - ucs validate --normalized reports each normalization segment (from
//     one boundary, as norm.Form.NextBoundary finds them, to the next) that
//     is not in the form; the character names of ucs inspect and the
//     Unicode version of ucs width follow the Unicode data in
//     golang.org/x/text and github.com/rivo/uniseg (15.0.0).
