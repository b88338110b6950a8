package iconvtest

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/japanese"
	"github.com/ucskit/ucs/encoding/korean"
	"github.com/ucskit/ucs/encoding/simplifiedchinese"
	"github.com/ucskit/ucs/encoding/singlebyte"
	"github.com/ucskit/ucs/encoding/traditionalchinese"
	"github.com/ucskit/ucs/internal/testfiles"
)

func iconvPath(t *testing.T) string {
	p, err := exec.LookPath("iconv")
	if err != nil {
		t.Skip("iconv is not installed: skipping the differential test against glibc iconv (apt-get install libc-bin)")
	}
	return p
}

// runIconv converts in with iconv; with lossy, characters iconv cannot
// convert are dropped (-c) instead of failing.
func runIconv(t *testing.T, from, to string, in []byte, lossy bool) ([]byte, error) {
	args := []string{"-f", from, "-t", to}
	if lossy {
		args = append([]string{"-c"}, args...)
	}
	cmd := exec.Command(iconvPath(t), args...)
	cmd.Stdin = bytes.NewReader(in)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return out.Bytes(), fmt.Errorf("iconv %s: %v: %s", strings.Join(args, " "), err, errb.String())
	}
	return out.Bytes(), nil
}

// corpusCases are the legacy files of the shared corpus, which glibc iconv
// 2.36 made from the UTF-8 originals. Where glibc and ucs's editions agree
// on every character of the file, both directions must match exactly.
var corpusCases = []struct {
	codec      *encoding.Codec
	iconv      string
	file, utf8 string
}{
	{simplifiedchinese.GBK, "GBK", "legacy/Chinese-Lipsum.gbk.txt", "Chinese-Lipsum.utf8.txt"},
	{simplifiedchinese.GB18030, "GB18030", "legacy/Chinese-Lipsum.gb18030.txt", "Chinese-Lipsum.utf8.txt"},
	{simplifiedchinese.GB18030, "GB18030", "legacy/Emoji-Lipsum.gb18030.txt", "Emoji-Lipsum.utf8.txt"},
	{simplifiedchinese.GB18030_2005, "GB18030", "legacy/Chinese-Lipsum.gb18030.txt", "Chinese-Lipsum.utf8.txt"},
	{traditionalchinese.Big5, "BIG5", "legacy/Chinese-Lipsum.big5.txt", ""},
	{traditionalchinese.CP950, "CP950", "legacy/Chinese-Lipsum.big5.txt", ""},
	{japanese.ShiftJIS, "SHIFT_JIS", "legacy/Japanese-Lipsum.sjis.txt", "Japanese-Lipsum.utf8.txt"},
	{japanese.EUCJP, "EUC-JP", "legacy/Japanese-Lipsum.eucjp.txt", "Japanese-Lipsum.utf8.txt"},
	{korean.EUCKR, "EUC-KR", "legacy/Korean-Lipsum.euckr.txt", "Korean-Lipsum.utf8.txt"},
	{singlebyte.Windows1251, "CP1251", "legacy/Russian-Lipsum.cp1251.txt", "Russian-Lipsum.utf8.txt"},
	{singlebyte.KOI8R, "KOI8-R", "legacy/Russian-Lipsum.koi8r.txt", "Russian-Lipsum.utf8.txt"},
	{singlebyte.ISO8859_1, "ISO-8859-1", "legacy/French.latin1.txt", "French.utf8.txt"},
	{singlebyte.ISO8859_1, "ISO-8859-1", "legacy/Latin-Lipsum.latin1.txt", "Latin-Lipsum.utf8.txt"},
}

// TestCorpus compares decoding and encoding of the shared corpus with
// iconv, byte for byte.
func TestCorpus(t *testing.T) {
	iconvPath(t)
	for _, tc := range corpusCases {
		src := testfiles.Corpus(t, tc.file)
		want, err := runIconv(t, tc.iconv, "UTF-8", src, false)
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		got, err := tc.codec.AppendDecode(nil, src)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s decoding %s differs from iconv -f %s (%v) at byte %d", tc.codec.Name(), tc.file, tc.iconv, err, firstDiff(got, want))
		}
		text := want
		if tc.utf8 != "" {
			text = testfiles.Corpus(t, tc.utf8)
		}
		wantEnc, err := runIconv(t, "UTF-8", tc.iconv, text, false)
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		gotEnc, err := tc.codec.AppendEncode(nil, text)
		if err != nil || !bytes.Equal(gotEnc, wantEnc) {
			t.Errorf("%s encoding differs from iconv -t %s (%v) at byte %d", tc.codec.Name(), tc.iconv, err, firstDiff(gotEnc, wantEnc))
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
