// Command ucs converts, validates, detects and inspects text encodings.
// Run "ucs help" for the commands.
package main

import (
	"os"

	"github.com/ucskit/ucs/internal/cli"
)

func main() {
	os.Exit(cli.Main(cli.OSEnv(), os.Args[1:]))
}
