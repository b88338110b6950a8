package ldap

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
)

const benchFilter = `(&(objectClass=inetOrgPerson)(|(cn=Babs J*)(sn=Lu\c4\8di\c4\87)(mail=*@example.com))(!(uidNumber>=5000))(ou:dn:=People))`

func BenchmarkParseFilter(b *testing.B) {
	b.SetBytes(int64(len(benchFilter)))
	for i := 0; i < b.N; i++ {
		if _, err := ParseFilter(benchFilter); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFilterBERRoundTrip(b *testing.B) {
	f := MustParseFilter(benchFilter)
	enc := f.BER()
	b.SetBytes(int64(len(enc)))
	for i := 0; i < b.N; i++ {
		g, err := DecodeFilterBER(f.AppendBER(enc[:0]))
		if err != nil || g == nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEvaluate(b *testing.B) {
	f := MustParseFilter(benchFilter)
	entries := genEntries(100)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, e := range entries {
			f.Evaluate(e, nil)
		}
	}
}

func BenchmarkNormalizeDN(b *testing.B) {
	const dn = "CN=Babs Jensen+UID=bjensen, OU=People, DC=Example, DC=COM"
	b.SetBytes(int64(len(dn)))
	for i := 0; i < b.N; i++ {
		if _, err := NormalizeDN(dn, nil, true); err != nil {
			b.Fatal(err)
		}
	}
}

// foldedLDIF returns one entry whose jpegPhoto is a base64 value folded
// over lines lines of 76 columns, as slapcat writes large values.
func foldedLDIF(lines int) []byte {
	raw := make([]byte, lines*57)
	for i := range raw {
		raw[i] = byte(i * 7)
	}
	var b strings.Builder
	b.WriteString("dn: cn=photo,dc=example,dc=com\nobjectClass: inetOrgPerson\ncn: photo\nsn: photo\njpegPhoto:: ")
	enc := base64.StdEncoding.EncodeToString(raw)
	b.WriteString(enc[:64])
	for i := 64; i < len(enc); i += 75 {
		b.WriteString("\n ")
		b.WriteString(enc[i:min(i+75, len(enc))])
	}
	b.WriteString("\n\n")
	return []byte(b.String())
}

func BenchmarkReadLDIFFolded(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		in := foldedLDIF(n)
		b.Run(fmt.Sprint(n, "lines"), func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for i := 0; i < b.N; i++ {
				es, err := ReadLDIF(bytes.NewReader(in))
				if err != nil || len(es) != 1 {
					b.Fatal(len(es), err)
				}
			}
		})
	}
}
