//go:build !unix

package cli

import (
	"os"
	"time"
)

func linkCount(os.FileInfo) uint64        { return 1 }
func keepOwner(*os.File, os.FileInfo)     {}
func processAlive(int) bool               { return true }
func umask() os.FileMode                  { return 0o022 }
func accessTime(st os.FileInfo) time.Time { return atime(st) }

func writable(string) bool { return true }
