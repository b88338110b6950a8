package cli

import (
	"errors"
	"os"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

func atime(st os.FileInfo) time.Time {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return time.Unix(int64(s.Atim.Sec), int64(s.Atim.Nsec)) // int32 fields on 32-bit systems
	}
	return st.ModTime()
}

// keepXattrs copies the extended attributes of the file at path to f: user
// attributes, POSIX ACLs (system.posix_acl_access and _default) and, where
// the process may set them, security and trusted ones. It returns the
// names of user attributes and ACLs that could not be copied, with the
// reason; the others (an SELinux label the process may not set, say) are
// left to the system's defaults without a word, as cp -a does.
func keepXattrs(path string, f *os.File) (failed []string) {
	names, err := listXattrs(path)
	if err != nil {
		if !errors.Is(err, unix.ENOTSUP) {
			failed = append(failed, "(list): "+err.Error())
		}
		return failed
	}
	for _, name := range names {
		val, err := getXattr(path, name)
		if err == nil {
			err = unix.Fsetxattr(int(f.Fd()), name, val, 0)
		}
		if err != nil && (strings.HasPrefix(name, "user.") || strings.HasPrefix(name, "system.posix_acl_")) {
			failed = append(failed, name+": "+err.Error())
		}
	}
	return failed
}

// listXattrs returns the names of the extended attributes of path.
func listXattrs(path string) ([]string, error) {
	buf := make([]byte, 1024)
	for {
		n, err := unix.Listxattr(path, buf)
		if errors.Is(err, unix.ERANGE) {
			buf = make([]byte, 2*len(buf))
			continue
		}
		if err != nil {
			return nil, err
		}
		var names []string
		for _, s := range strings.Split(string(buf[:n]), "\x00") {
			if s != "" {
				names = append(names, s)
			}
		}
		return names, nil
	}
}

// getXattr returns the value of the extended attribute name of path.
func getXattr(path, name string) ([]byte, error) {
	buf := make([]byte, 256)
	for {
		n, err := unix.Getxattr(path, name, buf)
		if errors.Is(err, unix.ERANGE) {
			buf = make([]byte, 2*len(buf))
			continue
		}
		if err != nil {
			return nil, err
		}
		return buf[:n], nil
	}
}
