// Package suggest finds the known names closest to a misspelt one, for
// "did you mean" hints in error messages.
package suggest

import (
	"sort"
	"strings"
)

// Distance is the Levenshtein distance between a and b, in bytes.
func Distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Closest returns up to n of the candidates nearest to s, ignoring case,
// best first. A candidate that s is a prefix of counts as distance 1;
// candidates further than 2 plus a third of len(s) are left out.
func Closest(s string, candidates []string, n int) []string {
	type cand struct {
		name string
		d    int
	}
	ls := strings.ToLower(s)
	limit := 2 + len(ls)/3
	var cs []cand
	for _, c := range candidates {
		lc := strings.ToLower(c)
		if ls != "" && strings.HasPrefix(lc, ls) {
			cs = append(cs, cand{c, min(len(lc)-len(ls), 1)})
			continue
		}
		// The distance is at least the difference of the lengths: a
		// name far longer or shorter than every candidate (a file
		// pasted as an encoding name) costs no quadratic comparison.
		if abs(len(ls)-len(lc)) > limit {
			continue
		}
		if d := Distance(ls, lc); d <= limit {
			cs = append(cs, cand{c, d})
		}
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].d != cs[j].d {
			return cs[i].d < cs[j].d
		}
		return cs[i].name < cs[j].name
	})
	var out []string
	for _, c := range cs {
		if len(out) == n {
			break
		}
		out = append(out, c.name)
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
