package detect

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/ucskit/ucs/charset"
)

func encodeUTF16(s string, be bool) []byte {
	var out []byte
	for _, u := range utf16.Encode([]rune(s)) {
		if be {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

func encodeUTF32(s string, be bool) []byte {
	var out []byte
	for _, r := range s {
		if be {
			out = append(out, byte(r>>24), byte(r>>16), byte(r>>8), byte(r))
		} else {
			out = append(out, byte(r), byte(r>>8), byte(r>>16), byte(r>>24))
		}
	}
	return out
}

// encodeAs encodes s with the registry's codec for name.
func encodeAs(t *testing.T, name, s string) []byte {
	t.Helper()
	cs, err := charset.Lookup(name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	b, err := cs.Codec.AppendEncode(nil, []byte(s))
	if err != nil {
		t.Fatalf("encoding %q as %s: %v", s, name, err)
	}
	return b
}

// rightText reports whether decoding b with the best candidate gives want.
func rightText(t *testing.T, b []byte, want string) (Candidate, bool) {
	t.Helper()
	best := Detect(b).Best()
	got, ok := decodeAs(best.Encoding, best.BOM, b)
	return best, ok && got == want
}

func TestBOM(t *testing.T) {
	text := "Größe – 大小"
	for _, tc := range []struct {
		in   []byte
		want string
	}{
		{append([]byte("\xEF\xBB\xBF"), text...), "utf-8"},
		{append([]byte{0xFF, 0xFE}, encodeUTF16(text, false)...), "utf-16le"},
		{append([]byte{0xFE, 0xFF}, encodeUTF16(text, true)...), "utf-16be"},
		{append([]byte{0xFF, 0xFE, 0, 0}, encodeUTF32(text, false)...), "utf-32le"},
		{append([]byte{0, 0, 0xFE, 0xFF}, encodeUTF32(text, true)...), "utf-32be"},
	} {
		res := Detect(tc.in)
		c := res.Best()
		if c.Encoding != tc.want || !c.BOM || c.Confidence != 1 || len(res.Candidates) != 1 {
			t.Errorf("% X...: got %+v, want %s with BOM", tc.in[:4], res.Candidates, tc.want)
		}
	}
	// A mark whose encoding does not decode the rest is no evidence.
	c := Detect([]byte("\xEF\xBB\xBF\xC1\xAA\xCD\xA8")).Best()
	if c.BOM || strings.HasPrefix(c.Encoding, "utf") {
		t.Errorf("UTF-8 BOM before malformed UTF-8: got %+v", c)
	}
	// A malformed sequence within the bytes checked after the mark counts.
	long := strings.Repeat(text+" ", 500)
	for _, in := range [][]byte{
		append(append([]byte("\xEF\xBB\xBFab"), 0xC1, 0xAA), long...),
		append(append([]byte{0xFF, 0xFE, 'a', 0}, 0x00, 0xD8, 'b', 0), encodeUTF16(long, false)...), // unpaired surrogate
	} {
		if c := Detect(in).Best(); c.BOM && c.Invalid == 0 {
			t.Errorf("% X... with a malformed start (%d bytes): got %+v", in[:4], len(in), c)
		}
	}
}

// TestBOMBounded checks that a byte-order mark is answered from a bounded
// prefix cut at a character boundary, that Result.Judged and
// Detector.Examined report exactly that prefix, and that it decodes.
func TestBOMBounded(t *testing.T) {
	// "😀" is four bytes in UTF-8 and a surrogate pair in UTF-16: with the
	// text shifted by 0 to 27 ASCII letters (a unit of the repeated text
	// is 24 bytes in UTF-8, 14 units in UTF-16), every character of it
	// meets the cut.
	long := strings.Repeat("Größe – 大小 😀 ", 400)
	for shift := range 28 {
		text := strings.Repeat("a", shift) + long
		for _, tc := range []struct {
			in   []byte
			want string
		}{
			{append([]byte("\xEF\xBB\xBF"), text...), "utf-8"},
			{append([]byte{0xFF, 0xFE}, encodeUTF16(text, false)...), "utf-16le"},
			{append([]byte{0xFE, 0xFF}, encodeUTF16(text, true)...), "utf-16be"},
			{append([]byte{0xFF, 0xFE, 0, 0}, encodeUTF32(text, false)...), "utf-32le"},
			{append([]byte{0, 0, 0xFE, 0xFF}, encodeUTF32(text, true)...), "utf-32be"},
		} {
			// A malformed end far behind the checked prefix is not looked at.
			in := append(tc.in, 0xC1, 0xAA, 0x00, 0xD8)
			res := Detect(in)
			c := res.Best()
			if c.Encoding != tc.want || !c.BOM || res.Judged == 0 || res.Judged > bomCheck+4 {
				t.Errorf("%s, shift %d: got %+v, judged %d", tc.want, shift, res.Candidates, res.Judged)
				continue
			}
			if _, ok := decodeAs(c.Encoding, true, in[:res.Judged]); !ok {
				t.Errorf("%s, shift %d: the %d bytes judged do not decode whole", tc.want, shift, res.Judged)
			}
			d := NewDetector()
			d.Feed(in, true)
			s := d.Examined()
			if d.Result().Judged != res.Judged || len(s.Bytes) != res.Judged || s.Whole || s.Offset != 0 {
				t.Errorf("%s, shift %d: examined %d bytes (whole %v), judged %d", tc.want, shift, len(s.Bytes), s.Whole, res.Judged)
			}
		}
	}
	// A short input is judged whole.
	in := append([]byte("\xEF\xBB\xBF"), "Größe"...)
	d := NewDetector()
	d.Feed(in, true)
	if res := d.Result(); res.Judged != 0 || !d.Examined().Whole || len(d.Examined().Bytes) != len(in) {
		t.Errorf("short input: judged %d, examined %+v", res.Judged, d.Examined())
	}
}

func TestUTF8Stage(t *testing.T) {
	for _, s := range []string{"naïve café", "Привет, мир", "日本語のテキスト", "😀 emoji", "é"} {
		c := Detect([]byte(s)).Best()
		if c.Encoding != "utf-8" || c.BOM {
			t.Errorf("%q: got %+v, want utf-8", s, c)
		}
	}
	// Not RFC 3629 UTF-8: overlong forms, surrogates, beyond U+10FFFF, the
	// obsolete 5- and 6-byte forms, a truncated sequence.
	for _, b := range [][]byte{
		{0xC1, 0xAA, 0xCD, 0xA8}, // 联通 in GBK
		{'a', 0xC0, 0xAF, 'b'},
		{0xE0, 0x80, 0xAF},
		{0xED, 0xA0, 0x80},
		{0xF4, 0x90, 0x80, 0x80},
		{0xF8, 0x88, 0x80, 0x80, 0x80},
		{'x', 0xE2, 0x82},
	} {
		for _, c := range Detect(b).Candidates {
			if c.Encoding == "utf-8" {
				t.Errorf("% X: utf-8 is a candidate", b)
			}
		}
	}
	if n, ok := validUTF8([]byte("ab\xE2\x82"), false); !ok || n != 0 {
		t.Errorf("a character cut by the end of a prefix: got %d, %v", n, ok)
	}
}

func TestASCII(t *testing.T) {
	for _, s := range []string{"Bush hid the facts", "this app can break", "plain\ttext\r\n", "x"} {
		res := Detect([]byte(s))
		if c := res.Best(); c.Encoding != "us-ascii" || c.Confidence != 1 {
			t.Errorf("%q: got %+v, want us-ascii", s, res.Candidates)
		}
	}
	if c := Detect(nil).Best(); c.Encoding != "us-ascii" {
		t.Errorf("empty input: got %+v", c)
	}
}

func TestUTF16WithoutBOM(t *testing.T) {
	texts := map[string]string{
		"en": "Bush hid the facts, and this app can break.",
		"ru": "Съешь же ещё этих мягких французских булок, да выпей чаю.",
		"zh": "我们的生活就像一个人的时间和工作，这是中国的发展。",
		"th": "ภาษาไทยเป็นภาษาที่มีระดับเสียงของคำแน่นอน",
		"ko": "대한민국의 수도는 서울이며 한국어를 사용합니다.",
	}
	for lang, s := range texts {
		for _, be := range []bool{false, true} {
			b := encodeUTF16(s, be)
			want := "utf-16le"
			if be {
				want = "utf-16be"
			}
			if c := Detect(b).Best(); c.Encoding != want {
				t.Errorf("%s %s: got %+v", lang, want, c)
			}
		}
	}
	// An unpaired surrogate rules UTF-16 out.
	b := append(encodeUTF16("abc", false), 0x00, 0xD8, 'a', 0)
	for _, c := range Detect(b).Candidates {
		if c.Encoding == "utf-16le" {
			t.Errorf("unpaired surrogate: utf-16le is a candidate")
		}
	}
	if validUTF16([]byte{0x00, 0xDC, 0x41, 0x00}, false, true) {
		t.Error("a lone low surrogate passed validUTF16")
	}
	if !validUTF16([]byte{0x3D, 0xD8, 0x00, 0xDE}, false, true) {
		t.Error("a surrogate pair failed validUTF16")
	}
}

func TestUTF32WithoutBOM(t *testing.T) {
	for _, be := range []bool{false, true} {
		b := encodeUTF32("Grüße, Привет, 世界", be)
		want := "utf-32le"
		if be {
			want = "utf-32be"
		}
		if c := Detect(b).Best(); c.Encoding != want {
			t.Errorf("%s: got %+v", want, c)
		}
	}
	if validUTF32([]byte{0, 0, 0x11, 0}, false, true) {
		t.Error("U+110000 passed validUTF32")
	}
}

func TestISO2022(t *testing.T) {
	s := "日本語の文章です。カタカナもあります。"
	b := encodeAs(t, "iso-2022-jp", s)
	if !bytes.Contains(b, []byte("\x1b$B")) {
		t.Fatalf("encoder wrote no designation: % X", b)
	}
	if c, ok := rightText(t, b, s); !ok || c.Encoding != "iso-2022-jp" || c.Language != "ja" {
		t.Errorf("got %+v, want iso-2022-jp", c)
	}
	// An escape alone, without a valid ISO-2022-JP body, is ASCII.
	if c := Detect([]byte("esc \x1b[1m bold")).Best(); c.Encoding != "us-ascii" {
		t.Errorf("ANSI escape: got %+v", c)
	}
}

// TestISO2022KR checks the structural check of RFC 1557 text, which the
// registry cannot decode: the text between the shifts is EUC-KR with the
// high bits cleared.
func TestISO2022KR(t *testing.T) {
	ko := encodeAs(t, "euc-kr", "한국어 문서")
	var body []byte
	for _, c := range ko {
		body = append(body, c&0x7F)
	}
	// "한국어 문서" in EUC-KR is three and two characters around a space.
	sw := func(p []byte) []byte { return append(append([]byte{0x0E}, p...), 0x0F) }
	text := append(append(append([]byte("\x1b$)C"), sw(body[:6])...), ' '), sw(body[7:])...)
	text = append(text, " ok\r\n"...)
	if got, ok := decodeISO2022KR(text); !ok || got != "한국어 문서 ok\r\n" {
		t.Fatalf("test decoder: %q, %v", got, ok)
	}
	if encByName("iso-2022-kr") == nil {
		c := Detect(text).Best()
		if c.Encoding != "iso-2022-kr" || c.Charset != nil || c.Language != "ko" {
			t.Errorf("got %+v, want iso-2022-kr without a Charset", c)
		}
	}
	euckr := getTables().readings().encs["euc-kr"].table()
	for name, bad := range map[string][]byte{
		"shift before the designation": append(sw(body[:2]), "\x1b$)C"...),
		"no designation":               sw(body[:2]),
		"line end while shifted":       append([]byte("\x1b$)C\x0e"), body[0], body[1], '\n', 0x0F),
		"odd byte while shifted":       append([]byte("\x1b$)C\x0e"), body[0], 0x0F),
		"not a KS X 1001 character":    []byte("\x1b$)C\x0e\x22\x70\x0f"),
		"designation inside a line":    []byte("abc\x1b$)C\x0e" + string(body[:2]) + "\x0f"),
		"eight-bit byte":               append([]byte("\x1b$)C"), 0xB0, 0xA1),
	} {
		if validISO2022KR(bad, true, euckr) {
			t.Errorf("%s: % X passed", name, bad)
		}
	}
	if !validISO2022KR(text[:len(text)-9], false, euckr) {
		t.Error("a prefix that ends inside a shifted run failed with atEOF false")
	}
}

// TestLegacy checks the statistical stage on sentences written for this
// test (not from the training or evaluation text): the guess must decode
// them to the original.
func TestLegacy(t *testing.T) {
	for _, tc := range []struct{ enc, lang, text string }{
		{"windows-1252", "fr", "L'été dernier, nous sommes allés à la plage près de chez ma grand-mère."},
		{"windows-1252", "de", "Die Bäume im Garten waren größer, als wir gedacht hätten, und überall blühte es."},
		{"windows-1250", "pl", "Zażółć gęślą jaźń, a potem wróć do domu przed zmrokiem, proszę."},
		{"iso-8859-2", "cs", "Příliš žluťoučký kůň úpěl ďábelské ódy a pak šel spát do stáje."},
		{"windows-1251", "ru", "Вчера вечером мы долго гуляли по набережной и разговаривали о жизни."},
		{"koi8-r", "ru", "Вчера вечером мы долго гуляли по набережной и разговаривали о жизни."},
		{"ibm866", "ru", "Вчера вечером мы долго гуляли по набережной и разговаривали о жизни."},
		{"iso-8859-5", "ru", "Вчера вечером мы долго гуляли по набережной и разговаривали о жизни."},
		{"windows-1253", "el", "Χθες το βράδυ περπατήσαμε για πολλή ώρα δίπλα στη θάλασσα."},
		{"windows-1255", "he", "אתמול בערב טיילנו הרבה זמן לאורך חוף הים ודיברנו על החיים."},
		{"windows-1256", "ar", "مشينا أمس مساء لفترة طويلة على طول شاطئ البحر وتحدثنا عن الحياة."},
		{"windows-874", "th", "เมื่อวานตอนเย็นเราเดินเล่นริมทะเลเป็นเวลานานและคุยกันเรื่องชีวิต"},
		{"windows-1254", "tr", "Dün akşam deniz kenarında uzun süre yürüdük ve hayat hakkında konuştuk."},
		{"gbk", "zh-Hans", "昨天晚上我们在海边散步了很长时间，聊了很多关于生活的事情。"},
		{"big5", "zh-Hant", "昨天晚上我們在海邊散步了很長時間，聊了很多關於生活的事情。"},
		{"shift_jis", "ja", "昨日の夜、私たちは海辺を長い間散歩して、人生について話しました。"},
		{"euc-jp", "ja", "昨日の夜、私たちは海辺を長い間散歩して、人生について話しました。"},
		{"euc-kr", "ko", "어제 저녁 우리는 바닷가를 오랫동안 걸으며 인생에 대해 이야기했습니다."},
	} {
		b := encodeAs(t, tc.enc, tc.text)
		c, ok := rightText(t, b, tc.text)
		if !ok {
			t.Errorf("%s %s: got %+v", tc.enc, tc.lang, Detect(b).Candidates)
			continue
		}
		if c.Language != tc.lang {
			t.Logf("%s %s: right encoding %s, language %s", tc.enc, tc.lang, c.Encoding, c.Language)
		}
	}
}

func TestCandidatesDecode(t *testing.T) {
	inputs := [][]byte{
		{0xC1, 0xAA, 0xCD, 0xA8, '\r', '\n'},
		[]byte("caf\xe9 cr\xe8me br\xfbl\xe9e"),
		{0x81, 0x30, 0x81, 0x30},
		{0x8F, 0xA2, 0xAF},
		{0xFF, 0xFF, 0xFF},
	}
	for _, b := range inputs {
		res := Detect(b)
		if len(res.Candidates) == 0 {
			continue
		}
		for i, c := range res.Candidates {
			if c.Confidence < 0 || c.Confidence > 1 {
				t.Errorf("% X: %s confidence %v", b, c.Encoding, c.Confidence)
			}
			if i > 0 && c.Confidence > res.Candidates[i-1].Confidence {
				t.Errorf("% X: candidates out of order: %+v", b, res.Candidates)
			}
			if _, ok := decodeAs(c.Encoding, c.BOM, b); !ok {
				t.Errorf("% X: candidate %s does not decode the input", b, c.Encoding)
			}
		}
	}
}

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func TestDetectReader(t *testing.T) {
	big := strings.Repeat("Ünïcödé text, plenty of it. ", 20000)
	cr := &countingReader{r: strings.NewReader(big)}
	res, err := DetectReader(cr)
	if err != nil || res.Best().Encoding != "utf-8" {
		t.Fatalf("got %+v, %v", res.Candidates, err)
	}
	if cr.n > readerStep {
		t.Errorf("read %d bytes although the first %d were conclusive", cr.n, readerStep)
	}
	// A prefix may cut a character: 8 KiB of 3-byte characters.
	cjk := strings.Repeat("汉", 5000)
	if res, _ := DetectReader(strings.NewReader(cjk)); res.Best().Encoding != "utf-8" {
		t.Errorf("cut character: got %+v", res.Candidates)
	}
	// Small inputs: the same answer as Detect.
	small := encodeAs(t, "windows-1251", "Это небольшой текст на русском языке.")
	res, _ = DetectReader(bytes.NewReader(small))
	if res.Best().Encoding != Detect(small).Best().Encoding {
		t.Errorf("DetectReader %+v, Detect %+v", res.Best(), Detect(small).Best())
	}
	// Read errors are returned with what was read.
	_, err = DetectReader(io.MultiReader(strings.NewReader("abc"), errReader{}))
	if err == nil || err.Error() != "disk on fire" {
		t.Errorf("read error: got %v", err)
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errDisk }

func TestAllocationsBounded(t *testing.T) {
	short := encodeAs(t, "windows-1252", strings.Repeat("Le café est très bon à Paris. ", 30))
	long := encodeAs(t, "windows-1252", strings.Repeat("Le café est très bon à Paris. ", 3000))
	Detect(short)
	a := testing.AllocsPerRun(20, func() { Detect(short) })
	b := testing.AllocsPerRun(5, func() { Detect(long) })
	if b > a+4 {
		t.Errorf("allocations grow with the input: %.0f for %d bytes, %.0f for %d bytes", a, len(short), b, len(long))
	}
}

var errDisk = diskError{}

type diskError struct{}

func (diskError) Error() string { return "disk on fire" }

// TestCharsetDecodes checks that the Charset of the best candidate decodes
// the whole input, mark included, to the text.
func TestCharsetDecodes(t *testing.T) {
	text := "Größe – 大小"
	for _, b := range [][]byte{
		append([]byte("\xEF\xBB\xBF"), text...),
		append([]byte{0xFF, 0xFE}, encodeUTF16(text, false)...),
		append([]byte{0xFE, 0xFF}, encodeUTF16(text, true)...),
		append([]byte{0, 0, 0xFE, 0xFF}, encodeUTF32(text, true)...),
		encodeUTF16(text, false),
		[]byte(text),
	} {
		c := Detect(b).Best()
		if c.Charset == nil {
			t.Errorf("% X: %s has no Charset", b[:4], c.Encoding)
			continue
		}
		got, err := c.Charset.Codec.AppendDecode(nil, b)
		if err != nil || string(got) != text {
			t.Errorf("% X: %s (charset %s) decodes to %q, %v", b[:4], c.Encoding, c.Charset.Name, got, err)
		}
	}
}

func TestBinaryIsUnsure(t *testing.T) {
	b := make([]byte, 4096)
	x := uint32(2463534242)
	for i := range b {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b[i] = byte(x)
	}
	if c := Detect(b).Best(); c.Confidence >= 0.5 {
		t.Errorf("random bytes: %+v, want confidence below 0.5", c)
	}
}

func TestStrayNUL(t *testing.T) {
	for s, want := range map[string]string{
		"plain text\x00 with a NUL byte inside it":  "us-ascii",
		"Grüße, schöne Straße\x00 und mehr Text da": "utf-8",
	} {
		if c := Detect([]byte(s)).Best(); c.Encoding != want {
			t.Errorf("%q: got %+v, want %s", s, c, want)
		}
	}
}

func TestConcurrent(t *testing.T) {
	inputs := [][]byte{
		encodeAs(t, "windows-1251", "Вчера вечером мы долго гуляли по набережной."),
		encodeAs(t, "gbk", "昨天晚上我们在海边散步了很长时间。"),
		encodeUTF16("Thai ภาษาไทย and more", false),
		[]byte("Grüße"),
	}
	want := make([]string, len(inputs))
	for i, b := range inputs {
		want[i] = Detect(b).Best().Encoding
	}
	done := make(chan bool)
	for g := 0; g < 4; g++ {
		go func() {
			for k := 0; k < 20; k++ {
				for i, b := range inputs {
					if got := Detect(b).Best().Encoding; got != want[i] {
						t.Errorf("input %d: %s, then %s", i, want[i], got)
					}
				}
			}
			done <- true
		}()
	}
	for g := 0; g < 4; g++ {
		<-done
	}
}

func TestDetectStream(t *testing.T) {
	text := strings.Repeat("Вчера вечером мы долго гуляли по набережной. ", 3000)
	b := encodeAs(t, "windows-1251", text)
	res, r, err := DetectStream(bytes.NewReader(b))
	if err != nil || res.Best().Encoding != "windows-1251" {
		t.Fatalf("got %+v, %v", res.Best(), err)
	}
	all, err := io.ReadAll(r)
	if err != nil || !bytes.Equal(all, b) {
		t.Fatalf("the stream gives %d bytes (%v), want the %d of the input", len(all), err, len(b))
	}
	got, err := res.Best().Charset.Codec.AppendDecode(nil, all)
	if err != nil || string(got) != text {
		t.Errorf("decoding with the best Charset: %v", err)
	}
}

// TestFewBytesNeverSure checks that legacy text of fewer than fewBytes
// bytes is never answered at 0.9 or above by the statistics: a word or two
// reads as text under several pages (联通 in GBK is also plausible EUC-JP;
// an EBCDIC label read as IBM862 or GBK scored 0.93–1.0 before the cap).
func TestFewBytesNeverSure(t *testing.T) {
	cases := []struct{ enc, text string }{
		{"gbk", "联通"}, {"gbk", "中文字符"}, {"big5", "資料夾"}, {"shift_jis", "ファイル"},
		{"windows-1251", "Привет"}, {"koi8-r", "Сообщение"}, {"iso-8859-7", "Ελλάδα"},
		{"windows-1252", "Größe"}, {"ibm037", "résumé"}, {"ibm297", "Fichier"}, {"ibm1148", "Übersicht"},
		{"ibm273", "Grüße"}, {"ibm870", "Źródło"}, {"ibm862", "שלום"},
	}
	for _, c := range cases {
		b := encodeAs(t, c.enc, c.text)
		if len(b) >= fewBytes {
			t.Fatalf("%s %q: %d bytes, not a short input", c.enc, c.text, len(b))
		}
		for _, cand := range Detect(b).Candidates {
			if cand.Confidence >= 0.9 {
				t.Errorf("%s %q (% X): %s at %.3f", c.enc, c.text, b, cand.Encoding, cand.Confidence)
			}
		}
	}
}
