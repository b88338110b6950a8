package cli

import (
	"bytes"
	"testing"
)

func TestQuwei(t *testing.T) {
	for _, tc := range []struct {
		args           []string
		stdout, stderr string
		code           int
	}{
		{[]string{"啊"}, "1601\t啊\tU+554A\tB0 A1\n", "", ExitOK},
		{[]string{"1601"}, "1601\t啊\tU+554A\tB0 A1\n", "", ExitOK},
		{[]string{"汉字"}, "2626\t汉\tU+6C49\tBA BA\n5554\t字\tU+5B57\tD7 D6\n", "", ExitOK},
		{[]string{"联通", "0101"}, "3310\t联\tU+8054\tC1 AA\n4508\t通\tU+901A\tCD A8\n0101\t\u3000\tU+3000\tA1 A1\n", "", ExitOK},
		{[]string{"1001"}, "", "ucs quwei: argument 1: quwei code \"1001\": GB 2312 has no character at row 10, cell 1\n", ExitInvalid},
		{[]string{"9999"}, "", "ucs quwei: argument 1: quwei code \"9999\": row 99, cell 99 out of range (each must be 01–94)\n", ExitInvalid},
		{[]string{"a€"}, "", "ucs quwei: argument 1, character 1: U+0061 'a' is not in GB 2312\nucs quwei: argument 1, character 2: U+20AC '€' is not in GB 2312\n", ExitInvalid},
		{nil, "", "ucs quwei: give a 区位码 (like 1601) or characters (like 啊)\n", ExitUsage},
	} {
		var out, errb bytes.Buffer
		env := &Env{Stdin: &bytes.Buffer{}, Stdout: &out, Stderr: &errb}
		code := Main(env, append([]string{"quwei"}, tc.args...))
		if code != tc.code || out.String() != tc.stdout || errb.String() != tc.stderr {
			t.Errorf("quwei %q: exit %d, stdout %q, stderr %q; want %d, %q, %q", tc.args, code, out.String(), errb.String(), tc.code, tc.stdout, tc.stderr)
		}
	}
}
