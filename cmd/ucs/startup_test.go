package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// What the initialisation of ucs's own packages may cost, in total and per
// package, before main runs: every command pays it. The tables that only
// some commands need (the charset label index, the LDAP schema, matching
// rules and syntaxes, the kernel tables of the code pages) are built on
// first use, and the SIMD shuffle tables and the UTF-8 lead table are
// static data. Without that, the ucs packages made about 4,900
// allocations and 880 KB at start (the charset registry alone 3,600 and
// 256 KB, package ldap 311 KB).
const (
	maxInitAllocs     = 1200
	maxInitBytes      = 64 << 10
	maxPkgInitAllocs  = 400
	maxPkgInitBytes   = 32 << 10
	ucsModule         = "github.com/ucskit/ucs"
	startupChildEnvar = "UCS_STARTUP_CHILD"
)

type initCost struct {
	pkg           string
	clock         string
	bytes, allocs int
}

// TestStartupInitCost runs this test binary again, which links the same
// packages as the ucs command, with GODEBUG=inittrace=1 and no test to
// run, and checks what the initialisation of the ucs packages allocated.
// It counts allocations, not time, so a loaded machine cannot fail it.
func TestStartupInitCost(t *testing.T) {
	if os.Getenv(startupChildEnvar) == "1" {
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", startupChildEnvar+"=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.Bytes())
	}
	costs, err := parseInitTrace(stderr.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var ucs []initCost
	total := initCost{pkg: "total"}
	for _, c := range costs {
		if c.pkg == ucsModule || strings.HasPrefix(c.pkg, ucsModule+"/") {
			ucs = append(ucs, c)
			total.bytes += c.bytes
			total.allocs += c.allocs
		}
	}
	// The trace names every package whose initialisation does any work;
	// several of ours always do (codec values, command registration). No
	// line of ours would mean the trace was not read.
	if len(ucs) < 5 || len(costs) < 20 {
		t.Fatalf("inittrace gave %d lines, %d of ucs packages:\n%s", len(costs), len(ucs), stderr.Bytes())
	}
	table := formatInitCosts(append(ucs, total))
	t.Logf("initialisation of the ucs packages:\n%s", table)
	failed := false
	for _, c := range ucs {
		if c.allocs > maxPkgInitAllocs || c.bytes > maxPkgInitBytes {
			t.Errorf("%s: %d allocations, %d bytes at start; at most %d and %d", c.pkg, c.allocs, c.bytes, maxPkgInitAllocs, maxPkgInitBytes)
			failed = true
		}
	}
	if total.allocs > maxInitAllocs || total.bytes > maxInitBytes {
		t.Errorf("the ucs packages: %d allocations, %d bytes at start; at most %d and %d", total.allocs, total.bytes, maxInitAllocs, maxInitBytes)
		failed = true
	}
	if failed {
		t.Errorf("per package:\n%s", table)
	}
}

// parseInitTrace reads the init lines of an inittrace output; other lines
// (the test binary's own output) are skipped.
func parseInitTrace(out []byte) ([]initCost, error) {
	// A line of GODEBUG=inittrace=1: "init PKG @T ms, C ms clock, B
	// bytes, A allocs". (Compiled here, not at start, so that this
	// package's own initialisation stays out of the figures.)
	initLine := regexp.MustCompile(`^init (\S+) @\S+ ms, (\S+) ms clock, (\d+) bytes, (\d+) allocs$`)
	var costs []initCost
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "init ") {
			continue
		}
		m := initLine.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("unreadable inittrace line %q", line)
		}
		b, err1 := strconv.Atoi(m[3])
		a, err2 := strconv.Atoi(m[4])
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("unreadable inittrace line %q", line)
		}
		costs = append(costs, initCost{pkg: m[1], clock: m[2], bytes: b, allocs: a})
	}
	return costs, sc.Err()
}

func formatInitCosts(costs []initCost) string {
	var b strings.Builder
	for _, c := range costs {
		clock := c.clock
		if clock != "" {
			clock += " ms"
		}
		fmt.Fprintf(&b, "  %-50s %8d bytes %6d allocs  %s\n", c.pkg, c.bytes, c.allocs, clock)
	}
	return b.String()
}

func TestParseInitTrace(t *testing.T) {
	out := "init runtime @0.018 ms, 0.38 ms clock, 0 bytes, 0 allocs\n" +
		"PASS\n" +
		"init github.com/ucskit/ucs/ldap @2.8 ms, 0.35 ms clock, 311592 bytes, 485 allocs\n"
	got, err := parseInitTrace([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	want := []initCost{{"runtime", "0.38", 0, 0}, {"github.com/ucskit/ucs/ldap", "0.35", 311592, 485}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("parseInitTrace = %+v, want %+v", got, want)
	}
	if _, err := parseInitTrace([]byte("init x @1 ms, garbled\n")); err == nil {
		t.Error("a garbled init line was accepted")
	}
}
