//go:build !linux

package cli

import (
	"os"
	"time"
)

// atime falls back to the modification time where the access time is not
// read portably.
func atime(st os.FileInfo) time.Time { return st.ModTime() }

// keepXattrs copies nothing where extended attributes are not read.
func keepXattrs(string, *os.File) []string { return nil }
