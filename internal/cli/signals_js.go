package cli

import (
	"os"
	"syscall"
)

// stopSignals are the signals that interrupt -o and --in-place work; js
// has no SIGHUP.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}
