package peers

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	segutf8 "github.com/segmentio/asm/utf8"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"

	"github.com/ucskit/ucs/internal/simd"
	"github.com/ucskit/ucs/internal/testfiles"
)

type file struct {
	name string
	data []byte
}

func corpus(b *testing.B) []file {
	dir := testfiles.Shared(b, "bench/corpus")
	m, _ := filepath.Glob(filepath.Join(dir, "*.utf8.txt"))
	sort.Strings(m)
	var out []file
	for _, p := range m {
		d, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		name := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(p), ".utf8.txt"), "-Lipsum")
		out = append(out, file{name, d})
	}
	return out
}

func each(b *testing.B, prep func([]byte) []byte, impls map[string]func(in []byte)) {
	names := make([]string, 0, len(impls))
	for n := range impls {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, f := range corpus(b) {
		in := prep(f.data)
		if in == nil {
			continue
		}
		for _, n := range names {
			run := impls[n]
			b.Run(n+"/"+f.name, func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				for b.Loop() {
					run(in)
				}
			})
		}
	}
}

func same(b []byte) []byte { return b }

func BenchmarkValidateUTF8(b *testing.B) {
	each(b, same, map[string]func([]byte){
		"ucs":       func(in []byte) { simd.ValidUTF8(in) },
		"stdlib":    func(in []byte) { utf8.Valid(in) },
		"segmentio": func(in []byte) { segutf8.Valid(in) },
	})
}

func BenchmarkUTF8ToUTF16LE(b *testing.B) {
	dst := make([]byte, 1<<21)
	enc := unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM).NewEncoder()
	each(b, same, map[string]func([]byte){
		"ucs": func(in []byte) { simd.UTF8ToUTF16LE(dst, in) },
		"stdlib": func(in []byte) {
			u := utf16.Encode([]rune(string(in)))
			_ = u
		},
		"xtext": func(in []byte) { enc.Reset(); enc.Transform(dst, in, true) },
	})
}

func toUTF16(in []byte) []byte {
	out := make([]byte, 2*simd.UTF16LenFromUTF8(in))
	n, _ := simd.UTF8ToUTF16LE(out, in)
	return out[:n]
}

func BenchmarkUTF16LEToUTF8(b *testing.B) {
	dst := make([]byte, 1<<21)
	dec := unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM).NewDecoder()
	each(b, toUTF16, map[string]func([]byte){
		"ucs": func(in []byte) { simd.UTF16LEToUTF8(dst, in) },
		"stdlib": func(in []byte) {
			u := make([]uint16, len(in)/2)
			for i := range u {
				u[i] = uint16(in[2*i]) | uint16(in[2*i+1])<<8
			}
			_ = string(utf16.Decode(u))
		},
		"xtext": func(in []byte) { dec.Reset(); dec.Transform(dst, in, true) },
	})
}

func BenchmarkUTF8ToUTF32LE(b *testing.B) {
	dst := make([]byte, 1<<21)
	enc := unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM).NewEncoder()
	_ = enc
	each(b, same, map[string]func([]byte){
		"ucs": func(in []byte) { simd.UTF8ToUTF32LE(dst, in) },
		"stdlib": func(in []byte) {
			n := 0
			for _, r := range string(in) {
				dst[n], dst[n+1], dst[n+2], dst[n+3] = byte(r), byte(r>>8), byte(r>>16), 0
				n += 4
			}
		},
	})
}

func latin1(in []byte) []byte {
	var out []byte
	for _, r := range string(in) {
		if r > 0xFF {
			return nil
		}
		out = append(out, byte(r))
	}
	return out
}

func BenchmarkLatin1ToUTF8(b *testing.B) {
	dst := make([]byte, 1<<21)
	dec := charmap.ISO8859_1.NewDecoder()
	each(b, latin1, map[string]func([]byte){
		"ucs":   func(in []byte) { simd.Latin1ToUTF8(dst, in) },
		"xtext": func(in []byte) { dec.Reset(); dec.Transform(dst, in, true) },
	})
}

func BenchmarkUTF8ToLatin1(b *testing.B) {
	dst := make([]byte, 1<<21)
	enc := charmap.ISO8859_1.NewEncoder()
	each(b, func(in []byte) []byte {
		if latin1(in) == nil {
			return nil
		}
		return in
	}, map[string]func([]byte){
		"ucs":   func(in []byte) { simd.UTF8ToLatin1(dst, in) },
		"xtext": func(in []byte) { enc.Reset(); enc.Transform(dst, in, true) },
	})
}
