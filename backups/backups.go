// Package backups keeps a folder of backups of the database: it names
// them by the time they were taken, writes each one whole or not at all,
// keeps the newest few and takes them on a schedule. It knows nothing of
// SQLite: the copy itself is a function it is handed (store's Backup).
package backups

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// stamp is the UTC time in a backup's name: it sorts as it reads, and
// has no ':' (which Windows does not allow in file names).
const stamp = "2006-01-02T150405Z"

// CopyFunc writes a consistent copy of the database to a new file at
// path; store.(*Store).Backup is one.
type CopyFunc func(ctx context.Context, path string) error

// Dir is a folder of backups of one database. Its backups are named
// PREFIX-DATE.db (a daily backup), PREFIX-DATE-start.db (a start-up
// backup) or PREFIX-DATE-before-vN.db (the copy taken before migrating
// the schema to version N), PREFIX being the database's file name
// without its extension, so that the backups of several databases can
// share a folder without mixing. A name taken already gets -2, -3 …
// before its .db, so that two backups in one second both stay.
type Dir struct {
	Path   string
	prefix string
	// regular matches the names of daily backups, and nothing else;
	// startup those of start-up backups. Their first group is the date.
	regular, startup *regexp.Regexp
}

// NewDir is the backup folder at path for the database at dbPath.
func NewDir(path, dbPath string) Dir {
	prefix := strings.TrimSuffix(filepath.Base(dbPath), filepath.Ext(dbPath))
	if prefix == "" || prefix == "." {
		prefix = "ruthless"
	}
	return Dir{
		Path:    path,
		prefix:  prefix,
		regular: regexp.MustCompile(`^` + regexp.QuoteMeta(prefix) + `-(\d{4}-\d{2}-\d{2}T\d{6}Z)(-\d+)?\.db$`),
		startup: regexp.MustCompile(`^` + regexp.QuoteMeta(prefix) + `-(\d{4}-\d{2}-\d{2}T\d{6}Z)-start(-\d+)?\.db$`),
	}
}

// StartupName is the file name of the start-up backup taken at t.
func (d Dir) StartupName(t time.Time) string {
	return d.prefix + "-" + t.UTC().Format(stamp) + "-start.db"
}

// free is name, or when a file has that name already, name with -2, -3 …
// before its extension: the first that is free.
func (d Dir) free(name string) string {
	base := strings.TrimSuffix(name, ".db")
	for i := 2; ; i++ {
		// Any other error (the folder is not one) is Take's to report.
		if _, err := os.Lstat(filepath.Join(d.Path, name)); err != nil {
			return name
		}
		name = fmt.Sprintf("%s-%d.db", base, i)
	}
}

// Name is the file name of the regular backup taken at t.
func (d Dir) Name(t time.Time) string {
	return d.prefix + "-" + t.UTC().Format(stamp) + ".db"
}

// BeforeMigrationName is the file name of the copy taken at t before the
// schema is migrated to version to. It is not a regular backup: rotation
// keeps it.
func (d Dir) BeforeMigrationName(t time.Time, to int) string {
	return fmt.Sprintf("%s-%s-before-v%d.db", d.prefix, t.UTC().Format(stamp), to)
}

// tempPrefix starts the names of copies being written. They never match
// a backup's name, so that a copy cut short by a crash or a full disk is
// never taken for a backup.
const tempPrefix = ".partial-"

// Take writes a new backup called name into the folder (made if
// missing) through copy: into a temporary file first, synced, then
// renamed to name, so that a file with a backup's name is always whole.
// It never overwrites an existing file. It returns the backup's path.
func (d Dir) Take(ctx context.Context, name string, copy CopyFunc) (string, error) {
	if err := os.MkdirAll(d.Path, 0o750); err != nil {
		return "", fmt.Errorf("backups: making the folder: %w", err)
	}
	final := filepath.Join(d.Path, name)
	if _, err := os.Lstat(final); err == nil {
		return "", fmt.Errorf("backups: %s exists already", final)
	}
	var random [6]byte
	rand.Read(random[:])
	tmp := filepath.Join(d.Path, tempPrefix+hex.EncodeToString(random[:])+"-"+name)
	if err := copy(ctx, tmp); err != nil {
		os.Remove(tmp)
		return "", err
	}
	if err := syncFile(tmp); err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("backups: %w", err)
	}
	if err := os.Rename(tmp, final); err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("backups: %w", err)
	}
	syncDir(d.Path)
	return final, nil
}

// RotateByAge deletes the daily backups taken days×24h or more before
// now, but never the newest one: a server whose backups failed for a
// month still has its last good one. It returns the names it deleted.
func (d Dir) RotateByAge(now time.Time, days int) ([]string, error) {
	names, err := d.Regular()
	if err != nil {
		return nil, err
	}
	cutoff := now.Add(-time.Duration(max(days, 1)) * 24 * time.Hour)
	old := 0
	for old < len(names)-1 && !d.TimeOf(names[old]).After(cutoff) {
		old++
	}
	return d.removeOldest(names, len(names)-old)
}

// RotateStartup keeps, of the start-up backups, the newest of each hour
// for the newest keep hours that have one, and deletes the rest: at most
// one an hour, so that a server restarting in a loop for a while replaces
// only its own hour's copy and the copies of earlier hours stay.
func (d Dir) RotateStartup(keep int) ([]string, error) {
	names, err := d.Startup()
	if err != nil {
		return nil, err
	}
	var deleted []string
	var errs []error
	hours := 0
	var last time.Time
	for i := len(names) - 1; i >= 0; i-- {
		hour := d.TimeOf(names[i]).Truncate(time.Hour)
		if i == len(names)-1 || !hour.Equal(last) {
			last = hour
			if hours++; hours <= max(keep, 1) {
				continue
			}
		}
		if err := os.Remove(filepath.Join(d.Path, names[i])); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, fmt.Errorf("backups: %w", err))
			continue
		}
		deleted = append(deleted, names[i])
	}
	slices.Reverse(deleted)
	return deleted, errors.Join(errs...)
}

// removeOldest deletes names (oldest first) from the front until keep
// (at least 1) remain.
func (d Dir) removeOldest(names []string, keep int) ([]string, error) {
	var deleted []string
	var errs []error
	for len(names) > max(keep, 1) {
		oldest := names[0]
		names = names[1:]
		if err := os.Remove(filepath.Join(d.Path, oldest)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, fmt.Errorf("backups: %w", err))
			continue
		}
		deleted = append(deleted, oldest)
	}
	return deleted, errors.Join(errs...)
}

// Regular lists the daily backups in the folder, oldest first.
func (d Dir) Regular() ([]string, error) { return d.list(d.regular) }

// Startup lists the start-up backups in the folder, oldest first.
func (d Dir) Startup() ([]string, error) { return d.list(d.startup) }

// TimeOf is when the backup called name was taken, as its name says;
// the zero time for a name that is not one of this folder's backups.
func (d Dir) TimeOf(name string) time.Time {
	for _, re := range []*regexp.Regexp{d.regular, d.startup} {
		if m := re.FindStringSubmatch(name); m != nil {
			t, err := time.Parse(stamp, m[1])
			if err == nil {
				return t
			}
		}
	}
	return time.Time{}
}

func (d Dir) list(re *regexp.Regexp) ([]string, error) {
	entries, err := os.ReadDir(d.Path)
	if err != nil {
		return nil, fmt.Errorf("backups: %w", err)
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && re.MatchString(e.Name()) {
			names = append(names, e.Name())
		}
	}
	// By the date, then by the -N a second's later backups carry.
	slices.SortFunc(names, func(a, b string) int {
		if c := d.TimeOf(a).Compare(d.TimeOf(b)); c != 0 {
			return c
		}
		if c := len(a) - len(b); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	return names, nil
}

// RemovePartial deletes the temporary files of copies that were cut
// short (the server was killed while writing one). Only the one server
// that holds the database's lock writes here, so at its start no copy of
// this database is in progress.
func (d Dir) RemovePartial() {
	entries, err := os.ReadDir(d.Path)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		rest, ok := strings.CutPrefix(name, tempPrefix)
		// The random part is 12 hex digits and a '-'.
		if ok && len(rest) > 13 && strings.HasPrefix(rest[13:], d.prefix+"-") && e.Type().IsRegular() {
			os.Remove(filepath.Join(d.Path, name))
		}
	}
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncDir makes a rename durable where the system can sync a folder;
// where it cannot, the rename stands anyway.
func syncDir(path string) {
	if d, err := os.Open(path); err == nil {
		d.Sync()
		d.Close()
	}
}
