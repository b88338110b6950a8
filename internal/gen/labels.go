package main

import (
	"encoding/json"
	"log"
	"os"
	"path/filepath"
	"strings"
)

// genWebLabels writes the WHATWG Encoding Standard's label table
// (encodings.json): every label and the name of its encoding, lower-cased
// as x/net's html/charset reports it.
func genWebLabels(g *gen) {
	raw, err := os.ReadFile(filepath.Join(dataDir, "encodings.json"))
	if err != nil {
		log.Fatal(err)
	}
	var groups []struct {
		Heading   string `json:"heading"`
		Encodings []struct {
			Name   string   `json:"name"`
			Labels []string `json:"labels"`
		} `json:"encodings"`
	}
	if err := json.Unmarshal(raw, &groups); err != nil {
		log.Fatalf("encodings.json: %v", err)
	}
	g.printf("// webNames are the WHATWG encodings, lower case, in the order of the\n// Encoding Standard's table (encodings.json).\n")
	g.printf("var webNames = []string{\n")
	for _, grp := range groups {
		for _, e := range grp.Encodings {
			g.printf("\t%q,\n", strings.ToLower(e.Name))
		}
	}
	g.printf("}\n\n")
	g.printf("// webLabels maps every WHATWG label to the lower-case name of its encoding.\n")
	g.printf("var webLabels = map[string]string{\n")
	seen := map[string]bool{}
	for _, grp := range groups {
		for _, e := range grp.Encodings {
			for _, l := range e.Labels {
				if seen[l] {
					log.Fatalf("encodings.json: label %q twice", l)
				}
				seen[l] = true
				g.printf("\t%q: %q,\n", l, strings.ToLower(e.Name))
			}
		}
	}
	g.printf("}\n")
}
