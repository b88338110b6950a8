package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBenchCodecOps(t *testing.T) {
	fastBench(t)
	dir := t.TempDir()
	gbk := filepath.Join(dir, "gbk.txt")
	utf8 := filepath.Join(dir, "utf8.txt")
	os.WriteFile(gbk, []byte("\xba\xba\xd7\xd6 text \xc1\xaa\xcd\xa8\n"), 0o644)
	os.WriteFile(utf8, []byte("汉字 text 联通\n"), 0o644)
	out, errs, code := runBenchCLI(t, "bench", "--json", "--op", "decode:GBK", gbk)
	if code != 0 {
		t.Fatalf("decode:GBK: exit %d: %s", code, errs)
	}
	var r benchResult
	if err := json.Unmarshal([]byte(out), &r); err != nil || r.Op != "decode:gbk" || r.Bytes != 15 || r.GBps <= 0 {
		t.Errorf("decode:GBK: %q (%v)", out, err)
	}
	out, errs, code = runBenchCLI(t, "bench", "--json", "--op", "encode:gb18030", "--op", "detect", utf8)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 {
		t.Fatalf("encode+detect: exit %d, %q: %s", code, out, errs)
	}
	if err := json.Unmarshal([]byte(lines[1]), &r); err != nil || r.Op != "detect" || r.FilesPerSec <= 0 {
		t.Errorf("detect: %q (%v)", lines[1], err)
	}
	// A file that is not valid input for the operation is skipped, exit 1.
	_, errs, code = runBenchCLI(t, "bench", "--op", "decode:utf-8", gbk)
	if code != ExitInvalid || !strings.Contains(errs, "not valid input for decode:utf-8") {
		t.Errorf("decode:utf-8 of GBK: exit %d: %s", code, errs)
	}
	for _, op := range []string{"decode:no-such", "encode:replacement"} {
		if _, errs, code := runBenchCLI(t, "bench", "--op", op, utf8); code != ExitUsage {
			t.Errorf("--op %s: exit %d: %s", op, code, errs)
		}
	}
}
