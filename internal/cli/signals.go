//go:build !js

package cli

import (
	"os"
	"syscall"
)

// stopSignals are the signals that interrupt -o and --in-place work: the
// temporary file is removed and the target left as it was.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}
