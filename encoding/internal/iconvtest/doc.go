// Package iconvtest holds the differential tests of ucs's legacy codecs
// against glibc's iconv command (and, for the Mac pages glibc lacks,
// CPython's codecs, run as python3). The tests read the references'
// output at test time; they skip, saying so, when iconv (or python3) is
// not installed (scripts/setup.d/40-references.sh installs both).
// TestSingleByteBothWays compares all 256 bytes of every single-byte page
// both ways; TestTableSweep every one- and two-byte code of the
// multi-byte codecs. Every known difference is listed, with its reason,
// in iconv_test.go and singlebyte_test.go.
package iconvtest
