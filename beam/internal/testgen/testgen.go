// Package testgen writes the test files of the Beam transforms: short
// texts in many encodings, some made invalid, and large UTF-8 files. It
// is generated at test time from a fixed seed; nothing is committed.
package testgen

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/ucskit/ucs/charset"
)

// Encodings are the encodings the small files are written in.
var Encodings = []string{
	"utf-8", "utf-8-bom", "utf-16le", "utf-16be", "utf-16", "utf-32le", "utf-7", "cesu-8",
	"shift_jis", "euc-jp", "iso-2022-jp", "gbk", "gb18030", "euc-cn", "big5", "euc-kr",
	"iso-8859-1", "iso-8859-2", "iso-8859-5", "iso-8859-7", "windows-1251", "windows-1252",
	"koi8-r", "ibm866", "macintosh", "us-ascii",
}

// samples are lines of text in several scripts; each file takes those its
// encoding can write.
var samples = []string{
	"The quick brown fox jumps over the lazy dog.",
	"Grüße aus Köln, façade, naïve café, Ærø.",
	"Zażółć gęślą jaźń; Příliš žluťoučký kůň.",
	"Съешь же ещё этих мягких французских булок.",
	"Τάχιστη αλώπηξ βαφής ψημένη γη.",
	"いろはにほへと　ちりぬるを　わかよたれそ　つねならむ",
	"日本語のテキスト、カタカナとひらがな。",
	"我能吞下玻璃而不伤身体。中文文本测试。",
	"我能吞下玻璃而不傷身體。繁體中文。",
	"다람쥐 헌 쳇바퀴에 타고파. 한국어 문장.",
	"emoji 😀 and math 𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
	"plain ASCII line, 12345 <tags> & \"quotes\"",
	"",
}

// File is one generated file.
type File struct {
	Path     string
	Encoding string
	Invalid  bool // bytes were damaged after encoding
}

// Small writes n files into dir, cycling through Encodings; about one in
// four is damaged (stray bytes, a cut sequence).
func Small(dir string, n int, seed uint64) ([]File, error) {
	r := rand.New(rand.NewPCG(seed, 1))
	var files []File
	for i := 0; i < n; i++ {
		enc := Encodings[i%len(Encodings)]
		data, err := Text(enc, 1+r.IntN(40), r)
		if err != nil {
			return nil, err
		}
		bad := r.IntN(4) == 0
		if bad {
			data = Damage(data, 1+r.IntN(3), r)
		}
		p := filepath.Join(dir, fmt.Sprintf("f%03d-%s.txt", i, enc))
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return nil, err
		}
		files = append(files, File{Path: p, Encoding: enc, Invalid: bad})
	}
	return files, nil
}

// Text returns lines lines of sample text encoded in enc, leaving out the
// samples enc cannot write.
func Text(enc string, lines int, r *rand.Rand) ([]byte, error) {
	cs, err := charset.Lookup(enc)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	for range lines {
		s := samples[r.IntN(len(samples))]
		if _, err := cs.Codec.NewEncoder().String(s); err != nil {
			continue // not in this encoding
		}
		b.WriteString(s)
		if r.IntN(5) == 0 {
			b.WriteString("\r")
		}
		b.WriteString("\n")
	}
	return cs.Codec.NewEncoder().Bytes([]byte(b.String()))
}

// Damage overwrites or inserts k bytes from 0x80–0xFF at random places
// of data, or cuts its end.
func Damage(data []byte, k int, r *rand.Rand) []byte {
	out := append([]byte(nil), data...)
	for range k {
		switch {
		case len(out) == 0:
			out = append(out, byte(0x80+r.IntN(0x80)))
		case r.IntN(3) == 0:
			out = out[:r.IntN(len(out))]
		case r.IntN(2) == 0:
			out[r.IntN(len(out))] = byte(0x80 + r.IntN(0x80))
		default:
			i := r.IntN(len(out) + 1)
			out = append(out[:i], append([]byte{byte(0x80 + r.IntN(0x80))}, out[i:]...)...)
		}
	}
	return out
}

// BigUTF8 returns about size bytes of UTF-8 text in lines, with bad
// bytes at the offsets given in bad (each overwriting one byte there).
// One stretch of about 1.5 MiB has no line feed, so that a split point
// in it has to be skipped.
func BigUTF8(size int, bad []int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 2))
	out := make([]byte, 0, size+200)
	longDone := false
	for len(out) < size {
		s := samples[r.IntN(len(samples))]
		if !longDone && len(out) > size/2 {
			longDone = true
			for n := 0; n < 3<<19; n += len(s) + 1 {
				out = append(out, s...)
				out = append(out, ' ')
			}
		}
		out = append(out, s...)
		out = append(out, '\n')
	}
	for _, i := range bad {
		if i < len(out) {
			out[i] = 0xFF
		}
	}
	return out
}

// misreadings are the wrong decodings that Mojibake applies to UTF-8
// text: the text's UTF-8 bytes read as one of these and written as UTF-8.
var misreadings = []string{"windows-1252", "iso-8859-1", "windows-1251", "koi8-r", "gbk", "shift_jis"}

// Mojibake writes n UTF-8 files into dir: some clean, some with lines
// that went through one or two wrong decodings (the UTF-8 bytes read as
// a legacy encoding with ucs's own codecs and saved as UTF-8), and one in
// eight with a malformed byte, which ucs fix refuses.
func Mojibake(dir string, n int, seed uint64) ([]File, error) {
	r := rand.New(rand.NewPCG(seed, 3))
	var files []File
	for i := 0; i < n; i++ {
		var b []byte
		kind := "clean"
		for range 1 + r.IntN(12) {
			line := samples[r.IntN(len(samples))]
			if i%3 != 0 && r.IntN(2) == 0 {
				kind = "moji"
				for range 1 + r.IntN(2) {
					if wrong, err := misread(line, misreadings[r.IntN(len(misreadings))]); err == nil {
						line = wrong
					}
				}
			}
			b = append(b, line...)
			b = append(b, '\n')
		}
		bad := i%8 == 7
		if bad {
			b = Damage(b, 1, r)
			kind = "bad"
		}
		p := filepath.Join(dir, fmt.Sprintf("m%03d-%s.txt", i, kind))
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return nil, err
		}
		files = append(files, File{Path: p, Encoding: "utf-8", Invalid: bad})
	}
	return files, nil
}

// misread returns the UTF-8 bytes of s decoded as enc, strictly: an error
// when they are not valid there.
func misread(s, enc string) (string, error) {
	cs, err := charset.Lookup(enc)
	if err != nil {
		return "", err
	}
	return cs.Codec.NewDecoder().String(s)
}

// BuildUCS builds the ucs command of the parent module into dir and
// returns its path.
func BuildUCS(dir string) (string, error) {
	bin := filepath.Join(dir, "ucs")
	cmd := exec.Command("go", "build", "-o", bin, "github.com/ucskit/ucs/cmd/ucs")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ucs: %v\n%s", err, out)
	}
	return bin, nil
}

// Run runs the ucs binary bin with args and returns its standard output,
// standard error and exit code.
func Run(bin string, args ...string) (stdout, stderr []byte, code int, err error) {
	cmd := exec.Command(bin, args...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return o.Bytes(), e.Bytes(), ee.ExitCode(), nil
	}
	return o.Bytes(), e.Bytes(), 0, err
}
