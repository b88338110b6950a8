package cli

import (
	"fmt"
	"os"
)

// refuseInputIsOutput refuses, as GNU cat does, to run a command whose
// standard output is a regular file that is also one of its inputs (the
// same device and inode): "ucs convert F >> F" would read its own output
// and grow F until the disk is full. An input "-" is standard input,
// which is compared as well ("ucs convert < F >> F"). It prints the
// message and returns ExitIO, or returns ExitOK when every input is
// another file. Nothing has been read or written when it refuses, so the
// file stays as it was.
func refuseInputIsOutput(env *Env, command string, inputs []string) int {
	out, ok := env.Stdout.(*os.File)
	if !ok {
		return ExitOK
	}
	so, err := out.Stat()
	if err != nil || !so.Mode().IsRegular() {
		return ExitOK
	}
	for _, name := range inputs {
		var st os.FileInfo
		if name == "-" {
			in, ok := env.Stdin.(*os.File)
			if !ok {
				continue
			}
			st, err = in.Stat()
		} else {
			st, err = os.Stat(name)
		}
		if err != nil || !os.SameFile(st, so) {
			continue
		}
		fmt.Fprintf(env.Stderr, "ucs %s: %s: input file is output file (standard output is appended to the file being read, which would never end)\n", command, displayName(name))
		return ExitIO
	}
	return ExitOK
}
