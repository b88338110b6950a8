package detect

// multiScored appends the multi-byte readings that decode b to out,
// numbering the groups that decode alike from id on.
func multiScored(t *tables, b []byte, off int, atEOF bool, sh shape, ae *asciiEvidence, out []scored, id int) []scored {
	var groups [4]struct {
		name string
		id   int
	}
	foreign := ae.foreign()
	for _, e := range t.multis {
		cost, ok := e.mb.score(b, off, atEOF, &asciiTrailCost)
		if !ok {
			continue
		}
		cost += foreign
		if !e.valid(b, atEOF) {
			continue
		}
		shaped := e.mb.shape.cost(sh)
		s := scored{e: e, name: e.reportName(), cs: e.cs, lang: e.model.tag, cost: cost + e.prior + shaped, shape: shaped}
		if g := multiGroup(e.name); g != "" {
			for k := range groups {
				if groups[k].name == g {
					s.same = groups[k].id
					break
				}
				if groups[k].name == "" {
					id++
					groups[k].name, groups[k].id = g, id
					s.same = id
					break
				}
			}
		} else {
			id++
			s.same = id
		}
		out = append(out, s)
	}
	return out
}
