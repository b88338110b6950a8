package detect

import (
	"bytes"
	"io"
	"slices"
	"sync"

	"github.com/ucskit/ucs/charset"
)

// Candidate is one possible encoding of the input.
type Candidate struct {
	// Encoding is the encoding's name: the registry's canonical name when
	// ucs has a codec for it, else the WHATWG or IANA name ("us-ascii" for
	// text that is pure ASCII).
	Encoding string
	// Charset is the registry entry that decodes the input as given, or nil
	// when the registry lacks it. With BOM true it is the charset that
	// consumes the mark (utf-8-bom, utf-16, utf-32), so that its decoder
	// returns the text without the mark.
	Charset *charset.Charset
	// Confidence is the detector's estimate, in [0, 1], that decoding the
	// input with this candidate gives the right text. Candidates that decode
	// the input to the same text share their confidence.
	Confidence float64
	// Language is the BCP 47 tag of the language the text looks like, or ""
	// when the detector has no opinion.
	Language string
	// BOM is true when the input starts with the byte-order mark of the
	// encoding; decoders should skip it.
	BOM bool
	// Invalid is the number of malformed sequences in the examined bytes
	// under this candidate. It is zero for every candidate but one: UTF-8
	// text with a few malformed sequences (a stray byte, a cut character
	// in the middle) is reported as UTF-8 with Invalid > 0, so that a
	// strict decoder stops at FirstInvalid instead of the input being
	// taken for a legacy code page.
	Invalid int
	// FirstInvalid is the offset, from the start of the input, of the
	// first malformed sequence when Invalid > 0.
	FirstInvalid int64
}

// Result is the outcome of a detection: candidates, best first.
type Result struct {
	Candidates []Candidate
	// Judged is, when it is not 0, the number of bytes at the start of the
	// input given to the detection that the candidates were judged on;
	// the bytes after them were not looked at. It is set only for an
	// input that starts with a byte-order mark: the mark names the
	// encoding, and only the first bytes after it (about 1 KiB, cut at a
	// character boundary) are checked to decode, so that the answer
	// costs the same on any size of input. It is 0 when every byte given
	// was judged.
	Judged int
}

// Best returns the most likely candidate, or the zero Candidate when there
// is none (Encoding "").
func (r Result) Best() Candidate {
	if len(r.Candidates) == 0 {
		return Candidate{}
	}
	return r.Candidates[0]
}

// Limits of the work done on one input.
const (
	// ReaderPrefix is the most a Detector examines from the start of the
	// input, and from the first non-ASCII byte after an ASCII start.
	ReaderPrefix = 64 << 10
	// readerStep is the first amount DetectReader reads; it reads more
	// only while the detection is unsure.
	readerStep = 8 << 10
	// scoreLimit bounds the bytes the statistical stage scores; the rest of
	// the input is only checked for validity.
	scoreLimit = 16 << 10
	// sureConfidence is the confidence at which DetectReader stops reading.
	sureConfidence = 0.99
	// maxCandidates bounds the candidates returned.
	maxCandidates = 8
)

// Detect returns the likely encodings of b, which is the whole input
// (for the start of a longer input, use DetectPrefix or a Detector).
// Every candidate decodes all of b without error (after skipping its BOM
// when BOM is true), except a UTF-8 candidate with Invalid > 0; when b
// starts with a byte-order mark whose encoding decodes what follows, the
// answer is that encoding, judged on b[:Result.Judged] only. Detect
// looks at the whole of b for validity and at most 16 KiB of it for
// statistics: the start, or, when the start is a long run of ASCII, the
// text from the line of the first non-ASCII byte. It allocates a small,
// bounded amount per call. Its time grows with len(b) (seconds for a gigabyte): to bound it, pass
// a prefix to DetectPrefix, or use DetectReader, which reads a bounded
// amount.
func Detect(b []byte) Result {
	return detect(b, true)
}

// DetectReader reads a bounded prefix of r and returns the likely
// encodings of the bytes it examined, with a Detector: at most
// ReaderPrefix bytes, less when the first part is conclusive; when they
// are ASCII, it skips ASCII for up to 8 MiB and examines the text from
// the line of the first non-ASCII byte (and, when r is also an
// io.ReaderAt and io.Seeker, such as an *os.File, windows spread over the
// rest of it). Candidates decode the examined bytes without error, except
// that a character cut by the end of the prefix is allowed. Errors other
// than io.EOF from r are returned with the detection of what was read.
func DetectReader(r io.Reader) (Result, error) {
	res, _, err := readPrefix(r, false)
	return res, err
}

// DetectStream is DetectReader for callers that go on to read r: it also
// returns a reader that yields every byte of r, the ones read for the
// detection first (which it keeps: up to 8 MiB when the input starts with
// that much ASCII).
func DetectStream(r io.Reader) (Result, io.Reader, error) {
	res, prefix, err := readPrefix(r, true)
	return res, io.MultiReader(bytes.NewReader(prefix), r), err
}

// tables is what the detector derives at first use: the language models
// and the UTF answers at once (every input needs them), the legacy
// readings only when an input gets past the answers that need no
// statistics (readings).
type tables struct {
	models []*langModel
	byTag  map[string]*langModel
	// utf holds the registry's charsets of utfNames (nil when it has no
	// codec for one), looked up once.
	utf map[string]*charset.Charset
	// boms are the answers for a byte-order mark (bomStage).
	boms [bomKinds]Candidate
	err  error

	readOnce sync.Once
	read     *readingTables

	// groups holds the language models by scriptOf bucket, built at
	// first use (language.go).
	groups [13]langGroup
}

// readingTables holds the encodings read by their tables: the single-byte
// and multi-byte code pages with their per-language tables, the 7-bit
// encodings and the EBCDIC pages. Building them is most of the detector's
// start-up cost, so it is left to the first input that needs them: valid
// UTF-8, a byte-order mark or an empty input is answered without.
type readingTables struct {
	encs    map[string]*enc
	singles []*enc
	multis  []*enc
	// variants7 holds, by the name of a 7-bit encoding the detector
	// knows by its escapes (iso-2022-jp), the registry's stateful
	// charsets that extend it (charset.Charset.Extends): tried when it
	// does not decode the input.
	variants7 map[string][]*enc
	// ebcdic holds the registry's EBCDIC pages, the most common first
	// (ebcdic.go).
	ebcdic []*ebcdicPage
	// shape16 is, by model (langModel.idx), the cost of the units of a
	// UTF-8-shaped input read as UTF-16 in the model's language,
	// little-endian and big-endian (shape.go).
	shape16 [][2]shapeCosts
}

var (
	tabOnce sync.Once
	tab     *tables
)

func getTables() *tables {
	tabOnce.Do(func() { tab = newTables() })
	return tab
}

// buildTables builds every table at once, for tests that need a fresh
// set (after the registry grew).
func buildTables() *tables {
	t := newTables()
	t.readings()
	return t
}

// newTables loads the models and looks up the UTF charsets.
func newTables() *tables {
	t := &tables{byTag: map[string]*langModel{}, utf: map[string]*charset.Charset{}}
	for _, n := range utfNames {
		t.utf[n] = t.codecOf(n)
	}
	t.boms = t.bomCandidates()
	t.models, t.err = loadModels(modelData)
	for i, m := range t.models {
		m.idx = i
		t.byTag[m.tag] = m
	}
	return t
}

// readings returns the tables of the encodings read by their tables,
// building them at the first call.
func (t *tables) readings() *readingTables {
	t.readOnce.Do(func() { t.read = t.buildReadings() })
	return t.read
}

func (t *tables) buildReadings() *readingTables {
	r := &readingTables{encs: map[string]*enc{}}
	letters := make([][]letterShare, len(t.models))
	totals := make([]float64, len(t.models))
	for i, m := range t.models {
		r.shape16 = append(r.shape16, utf16Shape(m))
		letters[i], totals[i] = coverageLetters(m)
	}
	r.ebcdic = ebcdicPages()
	seen := map[*charset.Charset]bool{}
	forms := map[rune][][]rune{} // decompositions, for pairWith
	for _, s := range slices.Concat(specs, registryMultis(), registrySingles()) {
		e := resolve(s)
		if e == nil {
			continue
		}
		if e.cs != nil {
			if seen[e.cs] {
				continue // another name of a charset already listed
			}
			seen[e.cs] = true
		}
		switch s.kind {
		case kindSingle:
			if e.newT == nil || !buildSingle(e) || sameTable(r.singles, e) {
				continue
			}
			rp := newRepertoire(e, forms)
			for _, m := range t.models {
				if m.cjk {
					continue
				}
				if p := pairWith(e, m, rp, letters[m.idx], totals[m.idx]); p != nil {
					e.pairs = append(e.pairs, p)
				}
			}
			if len(e.pairs) == 0 {
				continue
			}
			e.floor = costFloor(e.pairs)
			r.singles = append(r.singles, e)
		case kindMulti:
			m := t.byTag[s.lang]
			if m == nil || e.newT == nil || !asciiCompatible(e) {
				continue
			}
			e.model = m
			// The block of frequently used characters is the encoding's
			// own, not that of the encoding it extends.
			e.block = e.name
			if e.cs.Extends != "" {
				// registryMultis puts the charset extended first.
				if base, err := charset.Lookup(e.cs.Extends); err == nil {
					for _, o := range r.multis {
						if o.cs == base {
							e.base = o
						}
					}
				}
			}
			_, e.ownPages = multiPages[e.cs.Name]
			e.idx = len(r.multis)
			r.multis = append(r.multis, e)
		case kindISO2022:
			e.model = t.byTag[s.lang]
			if e.newT == nil {
				continue
			}
		}
		r.encs[s.name] = e
	}
	r.variants7 = statefulVariants(t, r)
	return r
}

// statefulVariants finds the registry's stateful charsets that extend one
// the detector tries by its escapes, in the order of their names.
func statefulVariants(t *tables, r *readingTables) map[string][]*enc {
	out := map[string][]*enc{}
	for _, cs := range charset.List() {
		if cs.Structure != charset.Stateful || cs.Codec == nil || cs.Extends == "" {
			continue
		}
		root, ok := cs, true
		for d := 0; root.Extends != "" && d < 8 && ok; d++ {
			var err error
			root, err = charset.Lookup(root.Extends)
			ok = err == nil
		}
		base := r.encs[root.Name]
		if !ok || base == nil || base.cs == cs {
			continue
		}
		e := resolve(encSpec{name: cs.Name, kind: kindISO2022, lang: cs.Language})
		if e == nil || e.newT == nil {
			continue
		}
		e.model = t.byTag[cs.Language]
		out[root.Name] = append(out[root.Name], e)
	}
	return out
}

// sameTable reports whether a single-byte encoding already listed decodes
// every byte as e does (ISO-8859-8-I and ISO-8859-8): the later one would
// only repeat the earlier one's readings.
func sameTable(singles []*enc, e *enc) bool {
	for _, o := range singles {
		if *o.sb == *e.sb {
			return true
		}
	}
	return false
}

// scored is a candidate during ranking; cost is in 1/8 nat, lower is
// better.
type scored struct {
	e    *enc
	name string
	cs   *charset.Charset
	lang string
	cost int32
	// runnerUp is the cost of the reading's next best language.
	runnerUp int32
	bom      bool
	// same is an identifier of the decoded text: candidates with equal
	// non-zero same decode the input identically.
	same int
	// shape is the part of cost that the input's UTF-8 shape accounts
	// for (shape.go): evidence about the encoding, not about the text.
	shape int32
}

func detect(b []byte, atEOF bool) Result { return detectIn(b, atEOF, false) }

// detectIn detects the encoding of b; atEOF reports whether b ends the
// input. With afterASCII true, b is a window of a longer input that ASCII
// text precedes (stream.go): the encodings that are not ASCII-compatible
// are not tried, and offsets in the result are relative to b.
func detectIn(b []byte, atEOF, afterASCII bool) Result {
	return detectWith(getTables(), b, atEOF, afterASCII)
}

// detectWith is detectIn with the tables given.
func detectWith(t *tables, b []byte, atEOF, afterASCII bool) Result {
	// Answers that need no statistics: an empty input, a byte-order mark,
	// valid UTF-8 (structure.go).
	if res, ok := quickStage(t, b, atEOF, afterASCII); ok {
		return res
	}
	// One pass gathers the evidence (evidence.go).
	ev := gather(b, atEOF, afterASCII)
	// Answers from the structure: the 7-bit encodings, UTF-32 and UTF-16
	// without a mark, UTF-8 with stray NULs (structure.go).
	if res, ok := structureStage(t, &ev); ok {
		return res
	}
	// The legacy readings scored by the language models (legacy.go,
	// single.go, multi.go), weighed against UTF-16.
	w := getScratch(t)
	defer scratchPool.Put(w)
	cands, sample := statisticalStage(t, &ev, w)
	// Confidences from the scores, ranked (rank.go).
	return calibrated(t, &ev, cands, sample, w)
}

// asciiConfidence is the confidence of "us-ascii" for input whose
// examined bytes are all ASCII: certain when they are the whole input, and
// prefixASCII when more may follow.
func asciiConfidence(atEOF bool) float64 {
	if atEOF {
		return 1
	}
	return prefixASCII
}

// prefixASCII is the confidence of "us-ascii" for a prefix that is ASCII
// when the rest of the input is unknown: the examined text decodes alike
// under every ASCII-compatible encoding, but what follows may not be ASCII.
const prefixASCII = 0.9

func single(c Candidate) Result { return Result{Candidates: []Candidate{c}} }
