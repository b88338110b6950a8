package detect

// refusedLimit is the number of inputs a multi-byte encoding's decoder
// refuses before its tables are built anyway: until then the decoder
// spares a process that detects once the cost of building them, after
// that the walk through the tables spares one that detects often the
// decoder's error values.
const refusedLimit = 16

// multiScored appends the multi-byte readings that decode b to out,
// numbering the groups that decode alike from id on.
//
// An encoding that extends another (charset.Charset.Extends) is not
// scored when the one it extends decodes b: ordinary text cannot tell the
// two apart, and the common encoding is the answer. If the crawl counts
// pages of its own for the variant (GB 18030 beside GBK), it is listed in
// the group of the encoding it extends, with that reading's cost and its
// own prior, once it decodes b too: the text is as likely to be in it as
// its share of pages says. A variant whose pages the crawl counts under
// the common encoding or not at all (Big5-HKSCS, EUC-CN, GB 18030-2005)
// is left out, so that no reading of the same text is counted twice.
func multiScored(t *tables, b []byte, off int, atEOF bool, sh shape, ae *asciiEvidence, out []scored, id int) []scored {
	// at[i] is the place in out of t.multis[i]'s reading, or of the
	// reading of the encoding it extends that decodes b; -1 when neither
	// decodes b.
	multis := t.readings().multis
	var buf [16]int
	at := buf[:0]
	if len(multis) > len(buf) {
		at = make([]int, 0, len(multis))
	}
	// walkedLong[i] is false when t.multis[i]'s own walk accepted b and
	// met no sequence longer than two bytes.
	var lbuf [16]bool
	walkedLong := lbuf[:0]
	if len(multis) > len(lbuf) {
		walkedLong = make([]bool, 0, len(multis))
	}
	foreign := ae.foreign()
	for _, e := range multis {
		at = append(at, -1)
		walkedLong = append(walkedLong, true)
		if e.base != nil && at[e.base.idx] >= 0 {
			k := at[e.base.idx]
			at[e.idx] = k
			// When the base's own walk read b with one- and two-byte
			// characters only, and e's tables hold all of the base's
			// alike, e's walk reads b too, and so does e's decoder.
			if e.ownPages && ((out[k].e == e.base && !walkedLong[e.base.idx] && e.coversBase()) || e.valid(b, atEOF)) {
				s := out[k]
				s.e, s.name, s.cs = e, e.reportName(), e.cs
				s.cost += e.prior - out[k].e.prior
				out = append(out, s)
			}
			continue
		}
		if e.mb.Load() == nil && e.refused.Load() < refusedLimit && !e.valid(b, atEOF) {
			// Tables not built yet, and not needed: the walk would
			// refuse b too (TestMultiWalkAgreesWithDecoder).
			e.refused.Add(1)
			continue
		}
		mt := e.table()
		cost, ok, long := mt.score(b, off, atEOF, &asciiTrailCost)
		if !ok {
			continue
		}
		cost += foreign
		// The walk checked every one- and two-byte character against the
		// tables the decoder made; only the longer ones need the decoder.
		if long && !e.valid(b, atEOF) {
			continue
		}
		walkedLong[e.idx] = long
		shaped := mt.shape.cost(sh)
		id++
		at[e.idx] = len(out)
		out = append(out, scored{e: e, name: e.reportName(), cs: e.cs, lang: e.model.tag, cost: cost + e.prior + shaped, shape: shaped, same: id})
	}
	return out
}

// score walks b through a multi-byte encoding's tables and returns the
// cost of its non-ASCII characters, or ok false when b is malformed. The
// tables hold every one- and two-byte character the decoder accepts
// (multiTable), so ok is exact for input made of those; long reports a
// three- or four-byte sequence, of which only the bytes' ranges were
// checked.
// Only the scoreLimit bytes from offset from are scored (the bytes before
// from are ASCII); the rest is walked for validity only.
func (mt *mbTable) score(b []byte, from int, atEOF bool, asciiCost *[128]uint8) (cost int32, ok, long bool) {
	n := len(b)
	end := from + scoreLimit
	for i := 0; i < n; {
		c := b[i]
		if c < 0x80 {
			i++
			continue
		}
		if s := mt.single[c]; s != bad {
			if i < end {
				cost += int32(s)
			}
			i++
			continue
		}
		if i+1 >= n {
			return cost, !atEOF, true // a cut character: the decoder judges its lead
		}
		d := b[i+1]
		if v := mt.pair[int(c-0x80)<<8|int(d)]; v != bad {
			if i < end {
				cost += int32(v)
				if d < 0x80 {
					// The trail byte is ASCII in every other reading;
					// charge this reading for the ASCII character it
					// takes away, to keep the comparison even.
					cost += int32(asciiCost[d])
				}
			}
			i += 2
			continue
		}
		size, cut := mt.longSeq(b, i)
		if cut {
			return cost, !atEOF, true // a cut character: the decoder judges its lead
		}
		if size > 0 {
			cost += int32(mt.rareCost)
			long = true
			i += size
			continue
		}
		return cost, false, long
	}
	return cost, true, long
}

// longSeq checks the sequence of three or four bytes that starts at b[i]
// (a lead byte and a trail byte that no two-byte character has): GB 18030's
// four-byte codes, EUC-TW's after 8E, EUC-JP's three-byte ones after 8F,
// when the encoding has them. It returns the sequence's length when its
// bytes are in range, 0 when there is no such sequence there, or cut true
// when the end of b cuts it.
func (mt *mbTable) longSeq(b []byte, i int) (size int, cut bool) {
	n := len(b)
	c, d := b[i], b[i+1]
	switch {
	case mt.four && d >= 0x30 && d <= 0x39 && c >= 0x81 && c <= 0xFE:
		if i+3 >= n {
			return 0, true
		}
		if e, f := b[i+2], b[i+3]; e < 0x81 || e > 0xFE || f < 0x30 || f > 0x39 {
			return 0, false
		}
		return 4, false
	case mt.four8E && c == 0x8E && d >= 0xA1 && d <= 0xB0:
		if i+3 >= n {
			return 0, true
		}
		if e, f := b[i+2], b[i+3]; e < 0xA1 || e > 0xFE || f < 0xA1 || f > 0xFE {
			return 0, false
		}
		return 4, false
	case mt.three8F && c == 0x8F && d >= 0xA1 && d <= 0xFE:
		if i+2 >= n {
			return 0, true
		}
		if e := b[i+2]; e < 0xA1 || e > 0xFE {
			return 0, false
		}
		return 3, false
	}
	return 0, false
}

// asciiTrailCost is the cost charged for an ASCII byte taken as a trail
// byte: a little less than an average ASCII character.
var asciiTrailCost = func() (t [128]uint8) {
	for i := range t {
		t[i] = 16
	}
	return
}()
