package cache

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/options"
	"github.com/dgraph-io/badger/v4/table"
	"github.com/dgraph-io/ristretto/v2/z"
)

// markerFile marks a directory as a leapfrog cache: Open refuses to put a
// database into a directory that holds other things, and Remove refuses to
// empty one without it.
const markerFile = "LEAPFROG-CACHE"

// StoreFormat is the version of what the directory holds: the checksummed
// values of checksum.go. A directory of an older format is emptied when
// opened (its values cannot be checked).
const StoreFormat = 2

// ErrDamaged means the cache's files are damaged: Badger would refuse or
// misread them. 'leapfrog cache clear' starts the cache afresh.
var ErrDamaged = errors.New("the cache is damaged")

// DamageError names what is damaged in a cache directory.
type DamageError struct {
	Dir, What string
}

func (e *DamageError) Error() string {
	return fmt.Sprintf("the cache in %s is damaged: %s ('leapfrog cache clear --cache %s' starts it afresh)", e.Dir, e.What, e.Dir)
}

func (e *DamageError) Unwrap() error { return ErrDamaged }

// badgerFile matches the names of the files Badger keeps in its directory.
var badgerFile = regexp.MustCompile(`^(\d+\.(sst|vlog|mem)|MANIFEST|MANIFEST-REWRITE|KEYREGISTRY|KEYREGISTRY-REWRITE|DISCARD|LOCK)$`)

// ours reports whether name is a file a leapfrog cache directory holds.
func ours(name string) bool {
	return name == markerFile || strings.HasPrefix(name, markerFile+".tmp") || badgerFile.MatchString(name)
}

// prepareDir makes dir ready for Badger and returns the format its marker
// states. The marker is written before the database, so that a kill at any
// moment of creation leaves a directory that the next run takes as a
// cache. No file in dir may be a symbolic link: Badger would write
// through it.
func prepareDir(dir string) (format int, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, fmt.Errorf("cannot create the cache directory: %w", err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("cannot read the cache directory %s: %w", dir, err)
	}
	marked := false
	for _, e := range entries {
		if e.Type()&os.ModeSymlink != 0 {
			return 0, fmt.Errorf("%s is a symbolic link: leapfrog follows no link in its cache directory (remove it)", filepath.Join(dir, e.Name()))
		}
		if e.Name() == markerFile {
			marked = true
		}
	}
	if marked {
		return readMarker(dir)
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), markerFile+".tmp") {
			return 0, fmt.Errorf("%s is not empty and is not a leapfrog cache: give --cache an empty or new directory (or remove this one to start afresh)", dir)
		}
	}
	f, err := os.OpenFile(filepath.Join(dir, markerFile), os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o644)
	if errors.Is(err, os.ErrExist) {
		return readMarker(dir) // another process made it first
	}
	if err != nil {
		return 0, fmt.Errorf("cache %s: %w", dir, err)
	}
	_, err = f.WriteString(markerText())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, fmt.Errorf("cache %s: %w", dir, err)
	}
	return StoreFormat, nil
}

func markerText() string { return fmt.Sprintf("leapfrog cache, format %d\n", StoreFormat) }

// readMarker returns the format the marker states. An empty marker is one
// whose writer was killed before it wrote: the directory is new.
func readMarker(dir string) (int, error) {
	f, err := os.OpenFile(filepath.Join(dir, markerFile), os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return 0, fmt.Errorf("cache %s: %w", dir, err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, 256))
	if err != nil {
		return 0, fmt.Errorf("cache %s: %w", dir, err)
	}
	text := strings.TrimSpace(string(b))
	if text == "" {
		return StoreFormat, nil
	}
	i := strings.LastIndex(text, "format ")
	if i < 0 {
		return 0, &DamageError{dir, "its marker file " + markerFile + " says no format"}
	}
	n, err := strconv.Atoi(text[i+len("format "):])
	if err != nil || n < 1 {
		return 0, &DamageError{dir, "its marker file " + markerFile + " says no format"}
	}
	return n, nil
}

// writeMarker replaces the marker with one of the current format (the
// rename replaces a link itself, never its target).
func writeMarker(dir string) error {
	tmp := filepath.Join(dir, fmt.Sprintf("%s.tmp%d", markerFile, os.Getpid()))
	if err := os.WriteFile(tmp, []byte(markerText()), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, markerFile))
}

// checkFiles looks for damage that Badger would paper over or crash on
// (and, with repair, removes what a killed creation left; see
// repairCreation):
// table files beside a missing or empty MANIFEST (Badger would start
// empty and delete them), and table files whose index cannot be read
// (Badger panics in a goroutine of its own, which no caller can recover).
func checkFiles(dir string, repair bool) error {
	ssts, _ := filepath.Glob(filepath.Join(dir, "*.sst"))
	if repair {
		if err := repairCreation(dir, len(ssts) == 0); err != nil {
			return err
		}
	}
	if len(ssts) == 0 {
		return nil
	}
	mf, err := os.Open(filepath.Join(dir, badger.ManifestFilename))
	if errors.Is(err, os.ErrNotExist) {
		return &DamageError{dir, fmt.Sprintf("its MANIFEST is missing beside %d table files", len(ssts))}
	}
	if err != nil {
		return fmt.Errorf("cache %s: %w", dir, err)
	}
	manifest, _, err := badger.ReplayManifestFile(mf, 0, badger.DefaultOptions(dir))
	mf.Close()
	if err != nil {
		return &DamageError{dir, "its MANIFEST cannot be read: " + err.Error()}
	}
	// A process killed in its first flush leaves one table the MANIFEST
	// does not list yet (Badger deletes it); more mean a MANIFEST that
	// lost what it listed.
	if len(manifest.Tables) == 0 && len(ssts) > 1 {
		return &DamageError{dir, fmt.Sprintf("its MANIFEST lists no table beside %d table files", len(ssts))}
	}
	for id, tm := range manifest.Tables {
		name := table.NewFilename(id, dir)
		if err := checkTable(name, tm.Compression); err != nil {
			return &DamageError{dir, fmt.Sprintf("table file %s: %v", filepath.Base(name), err)}
		}
	}
	return nil
}

// repairCreation removes what a process killed while Badger created its
// files leaves behind and Badger then refuses for good: empty log,
// registry and discard files, which hold nothing, and a MANIFEST that
// cannot be read while no table exists (noTables: it lists nothing to
// lose; the logs, which hold the entries not yet in a table, stay).
func repairCreation(dir string, noTables bool) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("cache %s: %w", dir, err)
	}
	for _, e := range entries {
		name := e.Name()
		info, err := e.Info()
		if err != nil || !badgerFile.MatchString(name) || name == "LOCK" {
			continue
		}
		remove := info.Size() == 0 && (name != badger.ManifestFilename || noTables)
		if name == badger.ManifestFilename && !remove && noTables {
			mf, err := os.Open(filepath.Join(dir, name))
			if err != nil {
				return fmt.Errorf("cache %s: %w", dir, err)
			}
			_, _, rerr := badger.ReplayManifestFile(mf, 0, badger.DefaultOptions(dir))
			mf.Close()
			remove = rerr != nil
		}
		if remove {
			if err := os.Remove(filepath.Join(dir, name)); err != nil {
				return fmt.Errorf("cache %s: %w", dir, err)
			}
		}
	}
	return nil
}

// checkTable opens one table file's index as Badger would, but in this
// goroutine, where its panic on a damaged file can be recovered.
func checkTable(name string, compression options.CompressionType) (err error) {
	mf, err := z.OpenMmapFile(name, os.O_RDONLY, 0)
	if err != nil {
		return errors.New("it cannot be read")
	}
	defer mf.Close(-1)
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("its index cannot be read")
		}
	}()
	_, err = table.OpenTable(mf, table.Options{BlockSize: 4 << 10, BloomFalsePositive: 0.01, Compression: compression, ChkMode: options.NoVerification})
	return err
}

// Remove deletes the cache in dir: the files Badger and leapfrog keep
// there, then the directory if nothing else is left. It does not open the
// database, so it works on a damaged cache, and it refuses a directory
// without the marker (one leapfrog did not make) or one that another
// process holds.
func Remove(dir string) (removed int, err error) {
	info, err := os.Lstat(filepath.Join(dir, markerFile))
	if errors.Is(err, os.ErrNotExist) {
		if entries, rerr := os.ReadDir(dir); errors.Is(rerr, os.ErrNotExist) || (rerr == nil && len(entries) == 0) {
			return 0, nil // nothing to clear
		}
		return 0, fmt.Errorf("%s is not a leapfrog cache (no %s file): nothing deleted", dir, markerFile)
	}
	if err != nil {
		return 0, fmt.Errorf("cache %s: %w", dir, err)
	}
	if !info.Mode().IsRegular() {
		return 0, fmt.Errorf("%s in %s is not a regular file: nothing deleted", markerFile, dir)
	}
	unlock, err := lockDir(dir, false)
	if err != nil {
		return 0, err
	}
	defer unlock()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("cache %s: %w", dir, err)
	}
	// The marker goes last: a kill part-way leaves a cache, not a stranger.
	for _, e := range entries {
		if e.Name() == markerFile || !ours(e.Name()) {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
			return removed, fmt.Errorf("cache %s: %w", dir, err)
		}
		removed++
	}
	if err := os.Remove(filepath.Join(dir, markerFile)); err != nil {
		return removed, fmt.Errorf("cache %s: %w", dir, err)
	}
	os.Remove(dir) // only if empty: other files stay where they were
	return removed, nil
}

// lockDir takes the lock Badger takes (a flock on the directory:
// exclusive for a writer, shared for readers), or fails with ErrLocked.
func lockDir(dir string, shared bool) (unlock func(), err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("cache %s: %w", dir, err)
	}
	how := syscall.LOCK_EX
	if shared {
		how = syscall.LOCK_SH
	}
	if err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", dir, ErrLocked)
	}
	return func() { f.Close() }, nil
}
