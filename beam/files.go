package ucsbeam

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local paths
)

// openAt opens the file at p (any file system Beam knows: a local path,
// gs://, s3://, memfs:// where imported) positioned at byte off.
func openAt(ctx context.Context, p string, off int64) (io.ReadCloser, error) {
	fs, err := filesystem.New(ctx, p)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	rc, err := fs.OpenRead(ctx, p)
	if err != nil {
		return nil, err
	}
	if off == 0 {
		return rc, nil
	}
	if sk, ok := rc.(io.Seeker); ok {
		if _, err := sk.Seek(off, io.SeekStart); err != nil {
			rc.Close()
			return nil, err
		}
		return rc, nil
	}
	// A file system without seeking: read up to the offset.
	if _, err := io.CopyN(io.Discard, rc, off); err != nil {
		rc.Close()
		return nil, fmt.Errorf("%s: skipping to byte %d: %v", p, off, err)
	}
	return rc, nil
}

// rangeReader reads [start, end) of the file at p.
type rangeReader struct {
	io.Reader
	io.Closer
}

func openRange(ctx context.Context, p string, start, end int64) (io.ReadCloser, error) {
	rc, err := openAt(ctx, p, start)
	if err != nil {
		return nil, err
	}
	return rangeReader{io.LimitReader(rc, end-start), rc}, nil
}

// joinPath names file name in the folder dir ("out", "/data/out",
// "gs://bucket/out").
func joinPath(dir, name string) string {
	return strings.TrimSuffix(dir, "/") + "/" + name
}

// baseName is the file name of p, the last element of its path.
func baseName(p string) string {
	return path.Base(p)
}

// tempName returns a fresh name beside final for a file being written:
// .NAME.ucs-beam-tmp-RANDOM (what), which no glob without a leading dot
// matches.
func tempName(final, what string) string {
	var b [8]byte
	rand.Read(b[:])
	dir, name := path.Split(final)
	return dir + "." + name + ".ucs-beam-" + what + "-" + hex.EncodeToString(b[:])
}

// commit moves the finished file tmp onto final: a rename where the file
// system has one (atomic on a local disk), else a copy then a removal (an
// object store, where an object appears whole or not at all).
func commit(ctx context.Context, tmp, final string) error {
	fs, err := filesystem.New(ctx, final)
	if err != nil {
		return err
	}
	defer fs.Close()
	if r, ok := fs.(filesystem.Renamer); ok {
		return r.Rename(ctx, tmp, final)
	}
	c, ok := fs.(filesystem.Copier)
	rm, ok2 := fs.(filesystem.Remover)
	if !ok || !ok2 {
		return fmt.Errorf("%s: the file system can neither rename nor copy", final)
	}
	if err := c.Copy(ctx, tmp, final); err != nil {
		return err
	}
	return rm.Remove(ctx, tmp)
}

// remove removes p, if the file system can.
func remove(ctx context.Context, p string) {
	fs, err := filesystem.New(ctx, p)
	if err != nil {
		return
	}
	defer fs.Close()
	if rm, ok := fs.(filesystem.Remover); ok {
		rm.Remove(ctx, p)
	}
}

// writeAtomic writes final through write: into a temporary file beside
// it, committed only when write and the close succeed; on failure the
// temporary file is removed and final is left as it was.
func writeAtomic(ctx context.Context, final string, write func(io.Writer) error) error {
	tmp := tempName(final, "tmp")
	fs, err := filesystem.New(ctx, tmp)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, tmp)
	if err != nil {
		return err
	}
	err = write(w)
	if s, ok := w.(interface{ Sync() error }); ok && err == nil {
		err = s.Sync() // a local file: on disk before the rename
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = commit(ctx, tmp, final)
	}
	if err != nil {
		remove(ctx, tmp)
	}
	return err
}

// createFile creates p for writing; the caller closes both.
func createFile(ctx context.Context, p string) (filesystem.Interface, io.WriteCloser, error) {
	fs, err := filesystem.New(ctx, p)
	if err != nil {
		return nil, nil, err
	}
	w, err := fs.OpenWrite(ctx, p)
	if err != nil {
		fs.Close()
		return nil, nil, err
	}
	return fs, w, nil
}

// inDir reports whether the file p lies directly in the folder dir: the
// same path once cleaned (made absolute for local paths), or for local
// folders the same folder reached by another path (a link).
func inDir(p, dir string) bool {
	if dir == "" {
		return false
	}
	parent := path.Dir(p)
	if strings.Contains(p, "://") || strings.Contains(dir, "://") {
		return strings.TrimSuffix(parent, "/") == strings.TrimSuffix(dir, "/")
	}
	a, err1 := filepath.Abs(filepath.Dir(p))
	b, err2 := filepath.Abs(dir)
	if err1 == nil && err2 == nil && a == b {
		return true
	}
	sa, err1 := os.Stat(filepath.Dir(p))
	sb, err2 := os.Stat(dir)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// GlobReachesDir reports whether the glob (as given to fileio.MatchFiles:
// *, ? and [...] in any element of the path) can match a file directly in
// the folder dir, whether or not such a file exists yet.
func GlobReachesDir(glob, dir string) bool {
	if strings.Contains(glob, "://") || strings.Contains(dir, "://") {
		gs, g, _ := strings.Cut(glob, "://")
		ds, d, _ := strings.Cut(dir, "://")
		if gs != ds {
			return false
		}
		d = path.Clean("/" + d)
		if before, _, ok := strings.Cut(g, "**"); ok {
			// Any depth below the folder of what comes before **.
			prefix := path.Dir("/" + before + "x")
			return d == prefix || strings.HasPrefix(d, strings.TrimSuffix(prefix, "/")+"/")
		}
		ok, _ := path.Match(path.Dir("/"+g), d)
		return ok
	}
	gdir := path.Dir(glob)
	if before, _, ok := strings.Cut(glob, "**"); ok {
		ap, err1 := filepath.Abs(filepath.Dir(before + "x"))
		ad, err2 := filepath.Abs(dir)
		return err1 == nil && err2 == nil && (ad == ap || strings.HasPrefix(ad, ap+string(filepath.Separator)))
	}
	ag, err1 := filepath.Abs(gdir)
	ad, err2 := filepath.Abs(dir)
	if err1 != nil || err2 != nil {
		return false
	}
	if ok, _ := filepath.Match(ag, ad); ok {
		return true
	}
	// The same folder through a link: the glob's folder, when it has no
	// pattern, and dir may be one.
	if !strings.ContainsAny(gdir, "*?[") {
		sa, err1 := os.Stat(gdir)
		sb, err2 := os.Stat(dir)
		return err1 == nil && err2 == nil && os.SameFile(sa, sb)
	}
	return false
}
