// Package iconvtest holds the differential tests of ucs's legacy codecs
// against glibc's iconv command. The tests skip, saying so, when iconv is
// not installed. Every known difference is listed, with its reason, in
// iconv_test.go.
package iconvtest
