package iconvtest

import (
	"os"
	"testing"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/internal/mbtest"
	"github.com/ucskit/ucs/encoding/japanese"
	"github.com/ucskit/ucs/encoding/korean"
	"github.com/ucskit/ucs/encoding/simplifiedchinese"
	"github.com/ucskit/ucs/encoding/singlebyte"
	"github.com/ucskit/ucs/encoding/traditionalchinese"
)

func TestZZCPU(t *testing.T) {
	if os.Getenv("UCS_CPU") == "" {
		t.Skip()
	}
	for _, c := range []struct {
		name  string
		codec *encoding.Codec
		file  string
	}{
		{"gbk", simplifiedchinese.GBK, "legacy/Chinese-Lipsum.gbk.txt"},
		{"gb18030", simplifiedchinese.GB18030, "legacy/Chinese-Lipsum.gb18030.txt"},
		{"big5", traditionalchinese.Big5, "legacy/Chinese-Lipsum.big5.txt"},
		{"sjis", japanese.ShiftJIS, "legacy/Japanese-Lipsum.sjis.txt"},
		{"eucjp", japanese.EUCJP, "legacy/Japanese-Lipsum.eucjp.txt"},
		{"euckr", korean.EUCKR, "legacy/Korean-Lipsum.euckr.txt"},
		{"cp1251", singlebyte.Windows1251, "legacy/Russian-Lipsum.cp1251.txt"},
		{"latin1-fr", singlebyte.ISO8859_1, "legacy/French.latin1.txt"},
		{"ascii", singlebyte.ISO8859_1, "legacy/Latin-Lipsum.latin1.txt"},
	} {
		src := mbtest.Corpus(t, c.file)
		u8, _ := c.codec.AppendDecode(nil, src)
		d := mbtest.CPUTime(c.codec.DecodeTransformer(), src, 200)
		e := mbtest.CPUTime(c.codec.EncodeTransformer(), u8, 200)
		t.Logf("%-10s decode %6.0f MB/s   encode %6.0f MB/s", c.name, float64(len(src))/float64(d.Nanoseconds())*1000, float64(len(u8))/float64(e.Nanoseconds())*1000)
	}
}
