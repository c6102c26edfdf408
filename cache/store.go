// Package cache keeps solved positions on disk, in an embedded Badger
// database, so that work done once is never done again. The solver's
// in-memory table sits in front of it: the cache holds only positions that
// were expensive to solve, the roots and the lines of play that were asked
// for.
package cache

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/options"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// ErrLocked means another process holds the cache.
var ErrLocked = errors.New("the cache is in use by another leapfrog process")

// ErrNoSpace means the cache's disk is full.
var ErrNoSpace = errors.New("no space left on the cache's disk")

func isNoSpace(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || strings.Contains(err.Error(), "no space left on device")
}

// Store is the persistent cache. Get reads synchronously; Put queues the
// write for a background goroutine that feeds one long-lived WriteBatch,
// so a search never waits on the disk. Close flushes what is queued.
type Store struct {
	dir string
	// db is opened read-only while this process has written nothing, so
	// that a warm answer costs no write-ahead log and several readers can
	// share the cache; the first write reopens it for writing (writable).
	// mu guards db and readOnly: readers hold it shared while they use db.
	mu       sync.RWMutex
	db       *badger.DB
	readOnly bool
	opts     badger.Options
	lockWait time.Duration
	// retryAt is when writable may try again after another process kept
	// the cache from it.
	retryAt time.Time
	writes  chan kv
	done    chan struct{}
	// werr holds the first write error (a full disk, say): writing stops,
	// reading goes on.
	werr   atomic.Pointer[error]
	closed sync.Once
	// Counters of this process.
	hits, misses, puts, dropped, damaged atomic.Int64
	// read holds the bounds this process read back (hits), by key.
	readMu sync.Mutex
	read   map[string]Bounds
}

type kv struct{ k, v []byte }

func sealed(k, v []byte) kv { return kv{k, seal(k, v)} }

// Options of Open.
type Options struct {
	// Verbose lets Badger log its own messages (warnings and errors).
	Verbose bool
	// LockWait is how long Open waits for another process to release the
	// cache before it gives up with ErrLocked.
	LockWait time.Duration
}

// DefaultDir returns the cache directory: $LEAPFROG_CACHE if set, else the
// user's cache directory plus "leapfrog".
func DefaultDir() (string, error) {
	if d := os.Getenv("LEAPFROG_CACHE"); d != "" {
		return d, nil
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no user cache directory (set LEAPFROG_CACHE or use --cache DIR): %w", err)
	}
	return filepath.Join(base, "leapfrog"), nil
}

// Open opens (creating if needed) the cache in dir. A damaged directory
// is refused with a *DamageError naming what is wrong; a directory of an
// older store format is emptied, since its values carry no checksums.
func Open(dir string, opt Options) (*Store, error) {
	format, err := prepareDir(dir)
	if err != nil {
		if isNoSpace(err) {
			return nil, fmt.Errorf("%s: %w", dir, ErrNoSpace)
		}
		return nil, err
	}
	bo := badger.DefaultOptions(dir).
		// Values are a few bytes: far under the threshold, so they stay in
		// the LSM tree with their keys and a read needs no value-log seek.
		WithValueThreshold(1 << 10).
		// The value log holds only the write-ahead entries of small values:
		// keep its files small rather than 1 GiB each.
		WithValueLogFileSize(64 << 20).
		// One writer (the batch) and no read-modify-write transactions:
		// conflict detection would only cost memory and time.
		WithDetectConflicts(false).
		// A modest memtable: less memory, and less to replay from the
		// write-ahead log when reopening after a crash.
		WithMemTableSize(16 << 20).
		WithNumMemtables(2).
		// Only the latest value of a key matters.
		WithNumVersionsToKeep(1).
		// Entries are rewritten freely (a cache, not a ledger), so no
		// fsync per write; Close syncs.
		WithSyncWrites(false).
		// Small keys of bit sets compress well and cheaply.
		WithCompression(options.Snappy).
		WithBlockCacheSize(32 << 20).
		WithIndexCacheSize(16 << 20).
		// A damaged block or value-log entry is an error on read, not
		// garbage (docs/PERFORMANCE.md, "Checksums", has the cost).
		WithChecksumVerificationMode(options.OnBlockRead).
		WithVerifyValueChecksum(true).
		// Badger's log goes to standard error; keep it to errors unless
		// asked (--verbose).
		WithLoggingLevel(badger.ERROR).
		WithMetricsEnabled(false)
	if opt.Verbose {
		bo = bo.WithLoggingLevel(badger.WARNING)
	} else {
		bo = bo.WithLogger(nil)
	}
	readOnly := format == StoreFormat
	db, err := openWaiting(dir, bo.WithReadOnly(true), opt.LockWait)
	if err != nil && !errors.Is(err, ErrLocked) || !readOnly {
		// A new or older directory, or one a killed process left with a
		// log to replay: Badger opens those for writing only.
		if db != nil {
			db.Close()
		}
		readOnly = false
		db, err = openWaiting(dir, bo, opt.LockWait)
	}
	if err != nil {
		if isNoSpace(err) {
			return nil, fmt.Errorf("%s: %w", dir, ErrNoSpace)
		}
		return nil, err
	}
	if format < StoreFormat {
		err := db.DropAll()
		if err == nil {
			err = writeMarker(dir)
		}
		if err != nil {
			db.Close()
			return nil, fmt.Errorf("cache %s: emptying a cache of format %d: %w", dir, format, err)
		}
	} else if format > StoreFormat {
		db.Close()
		return nil, fmt.Errorf("the cache in %s has format %d, made by a newer leapfrog (this one reads format %d): give --cache another directory", dir, format, StoreFormat)
	}
	s := &Store{dir: dir, db: db, readOnly: readOnly, opts: bo, lockWait: opt.LockWait,
		writes: make(chan kv, 1<<14), done: make(chan struct{}), read: map[string]Bounds{}}
	go s.writer()
	return s, nil
}

// openWaiting opens the cache, waiting up to wait for another process to
// release it.
func openWaiting(dir string, bo badger.Options, wait time.Duration) (*badger.DB, error) {
	deadline := time.Now().Add(wait)
	for {
		db, err := openChecked(dir, bo)
		if errors.Is(err, ErrLocked) && time.Now().Before(deadline) {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		return db, err
	}
}

// ErrReadOnly means another process reads the cache, so this one could not
// reopen it for writing; its results are not kept.
var ErrReadOnly = errors.New("another leapfrog process is reading the cache, so this one's results were not kept")

// writable reopens the cache for writing if it is open read-only. When
// another process holds it, the cache stays read-only (or, if even that
// is taken, closed: every read then misses) and the error says so; it is
// tried again a second later.
func (s *Store) writable() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.readOnly {
		return nil
	}
	if time.Now().Before(s.retryAt) {
		return fmt.Errorf("%s: %w", s.dir, ErrReadOnly)
	}
	if s.db != nil {
		s.db.Close()
		s.db = nil
	}
	// Readers block here while the cache changes hands: at most the
	// lock wait, and once in a process.
	db, err := openWaiting(s.dir, s.opts, s.lockWait)
	if err == nil {
		s.db, s.readOnly = db, false
		return nil
	}
	s.retryAt = time.Now().Add(time.Second)
	if db, rerr := openWaiting(s.dir, s.opts.WithReadOnly(true), s.lockWait); rerr == nil {
		s.db = db
	}
	if errors.Is(err, ErrLocked) {
		return fmt.Errorf("%s: %w", s.dir, ErrReadOnly)
	}
	return err
}

// view runs fn on the database under the read lock; with no database
// open (writable lost it to another process) it reports a miss
// (badger.ErrKeyNotFound).
func (s *Store) view(fn func(txn *badger.Txn) error) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.db == nil {
		return badger.ErrKeyNotFound
	}
	return s.db.View(fn)
}

// openChecked checks dir's files while holding the directory's lock, then
// opens Badger on it (read-only if bo says so). Under the lock no other
// process rewrites the files while they are read.
func openChecked(dir string, bo badger.Options) (db *badger.DB, err error) {
	// A reader checks under a shared lock, beside other readers; only a
	// writer, alone, removes what a killed creation left.
	unlock, err := lockDir(dir, bo.ReadOnly)
	if err != nil {
		return nil, err
	}
	err = checkFiles(dir, !bo.ReadOnly)
	unlock()
	if err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			db, err = nil, &DamageError{dir, fmt.Sprint("the database failed to open: ", r)}
		}
	}()
	db, err = badger.Open(bo)
	switch {
	case err == nil || isNoSpace(err):
		return db, err
	case strings.Contains(err.Error(), "Cannot acquire directory lock"):
		return nil, fmt.Errorf("%s: %w", dir, ErrLocked)
	}
	return nil, &DamageError{dir, "the database failed to open: " + err.Error()}
}

// Dir returns the cache's directory.
func (s *Store) Dir() string { return s.dir }

func (s *Store) writer() {
	defer close(s.done)
	var wb *badger.WriteBatch // made at the first write, once writable
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	pending := 0
	flush := func() {
		if pending == 0 {
			return
		}
		if err := wb.Flush(); err != nil {
			s.werr.CompareAndSwap(nil, &err)
		}
		wb = s.db.NewWriteBatch() // db stays as it is once writable
		pending = 0
	}
	for {
		select {
		case w, ok := <-s.writes:
			if !ok {
				flush()
				return
			}
			if s.werr.Load() != nil {
				continue
			}
			if wb == nil {
				if err := s.writable(); err != nil {
					s.dropped.Add(1)
					if errors.Is(err, ErrReadOnly) {
						s.werr.CompareAndSwap(nil, &err)
					}
					continue
				}
				wb = s.db.NewWriteBatch()
			}
			if err := wb.Set(w.k, w.v); err != nil {
				s.werr.CompareAndSwap(nil, &err)
				continue
			}
			pending++
		case <-ticker.C:
			// Commit at least once a second, so a killed process loses
			// little and a second process sees recent results.
			flush()
		}
	}
}

// Get returns the bounds stored for p. A damaged entry (its checksum
// does not match) is a miss: a cache may forget, never lie.
func (s *Store) Get(p *positions.Position) (Bounds, bool) {
	k := Key(p)
	v, found, err := s.GetRaw(k)
	var b Bounds
	if err == nil && found {
		b, err = decode(v)
	}
	if err != nil {
		s.damaged.Add(1)
	}
	if err != nil || !found {
		s.misses.Add(1)
		return Bounds{}, false
	}
	s.hits.Add(1)
	s.readMu.Lock()
	if len(s.read) < maxRemembered {
		s.read[string(k)] = b
	}
	s.readMu.Unlock()
	return b, true
}

// maxRemembered bounds the hits a Store remembers (Put skips rewriting
// them): the cache is read near the root only, a few thousand at most.
const maxRemembered = 1 << 16

// Put queues bounds for p. When the queue is full the write is dropped:
// a cache may forget, never lie.
func (s *Store) Put(p *positions.Position, b Bounds) {
	k := Key(p)
	// What this process read back unchanged is not written again: a run
	// that learned nothing writes nothing.
	s.readMu.Lock()
	old, known := s.read[string(k)]
	s.readMu.Unlock()
	if known && old == b {
		return
	}
	select {
	case s.writes <- sealed(k, b.encode()):
		s.puts.Add(1)
	default:
		s.dropped.Add(1)
	}
}

// WriteError returns the first error met while writing (such as a full
// disk), after which the cache stopped writing.
func (s *Store) WriteError() error {
	if e := s.werr.Load(); e != nil {
		return *e
	}
	return nil
}

// Close flushes the queued writes and closes the database.
func (s *Store) Close() error {
	var err error
	s.closed.Do(func() {
		close(s.writes)
		<-s.done
		s.mu.Lock()
		if s.db != nil {
			err = s.db.Close()
		}
		s.mu.Unlock()
	})
	if err == nil {
		err = s.WriteError()
	}
	return err
}

// Counters are this process's cache traffic. Damaged counts the entries
// whose checksum did not match (each also a miss).
type Counters struct {
	Hits, Misses, Puts, Dropped, Damaged int64
}

// Counters returns this process's cache traffic.
func (s *Store) Counters() Counters {
	return Counters{s.hits.Load(), s.misses.Load(), s.puts.Load(), s.dropped.Load(), s.damaged.Load()}
}

// GameStats counts the entries of one game and rules fingerprint.
type GameStats struct {
	Game       string `json:"game"`
	Format     int    `json:"format"`
	Rules      int    `json:"rules"`
	Entries    int64  `json:"entries"`
	Current    bool   `json:"current"`
	KeyBytes   int64  `json:"key_bytes"`
	ValueBytes int64  `json:"value_bytes"`
}

// Stats counts the cached positions per game and fingerprint (tablebase
// data aside) and returns the bytes the whole directory takes on disk.
func (s *Store) Stats() (_ []GameStats, _ int64, err error) {
	defer s.recoverRead(&err)
	byPrefix := map[[3]byte]*GameStats{}
	err = s.view(func(txn *badger.Txn) error {
		opts := badger.DefaultIteratorOptions
		opts.PrefetchValues = false
		it := txn.NewIterator(opts)
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			k := item.Key()
			if len(k) < 3 || k[0] == TablePrefix || k[0] == AnswerPrefix {
				continue // tablebase data ('leapfrog tablebase list'), whole answers
			}
			pre := [3]byte{k[0], k[1], k[2]}
			gs := byPrefix[pre]
			if gs == nil {
				g := positions.Game(k[1])
				gs = &GameStats{Game: g.String(), Format: int(k[0]), Rules: int(k[2]),
					Current: k[0] == FormatVersion && RulesVersion[g] == k[2]}
				byPrefix[pre] = gs
			}
			gs.Entries++
			gs.KeyBytes += int64(len(k))
			gs.ValueBytes += item.ValueSize()
		}
		return nil
	})
	var out []GameStats
	for _, gs := range byPrefix {
		out = append(out, *gs)
	}
	if errors.Is(err, badger.ErrKeyNotFound) {
		err = nil // no database open: nothing to count
	}
	return out, dirBytes(s.dir), err
}

// dirBytes adds up the disk space the files of dir take (blocks
// allocated: Badger preallocates its logs sparsely). Badger's own Size is
// refreshed only now and then.
func dirBytes(dir string) int64 {
	var n int64
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		if st, ok := info.Sys().(*syscall.Stat_t); ok {
			n += st.Blocks * 512
		} else {
			n += info.Size()
		}
	}
	return n
}

// PrefixBytes returns the bytes of the keys and values under prefix, as
// Badger estimates them without reading the values.
func (s *Store) PrefixBytes(prefix []byte) (n int64, err error) {
	defer s.recoverRead(&err)
	err = s.view(func(txn *badger.Txn) error {
		opts := badger.DefaultIteratorOptions
		opts.PrefetchValues = false
		opts.Prefix = prefix
		it := txn.NewIterator(opts)
		defer it.Close()
		for it.Seek(prefix); it.ValidForPrefix(prefix); it.Next() {
			n += it.Item().EstimatedSize()
		}
		return nil
	})
	if errors.Is(err, badger.ErrKeyNotFound) {
		err = nil
	}
	return n, err
}

// ClearPositions deletes the cached positions of one game, or of every
// game (game 0); tablebases stay (package tablebase drops them).
func (s *Store) ClearPositions(game positions.Game) error {
	var prefixes [][]byte
	for v := 0; v < 256; v++ {
		if v == TablePrefix {
			continue
		}
		if game != 0 {
			prefixes = append(prefixes, []byte{byte(v), byte(game)})
		} else {
			prefixes = append(prefixes, []byte{byte(v)})
		}
	}
	return s.dropPrefix(prefixes...)
}

// dropPrefix deletes the keys under the prefixes, reopening the cache for
// writing first.
func (s *Store) dropPrefix(prefixes ...[]byte) error {
	if err := s.writable(); err != nil {
		return err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.db.DropPrefix(prefixes...)
}

// Load returns the bounds stored for p (the solver's Persistent interface).
func (s *Store) Load(p *positions.Position) (lower, upper int, ok bool) {
	b, ok := s.Get(p)
	return b.Lower, b.Upper, ok
}

// Save queues bounds for p (the solver's Persistent interface).
func (s *Store) Save(p *positions.Position, lower, upper int) {
	s.Put(p, Bounds{lower, upper})
}

// TablePrefix starts the keys of tablebase data (package tablebase); cache
// entries start with FormatVersion instead.
const TablePrefix = 'T'

// WriteRaw writes raw key-value pairs in one batch and waits until they
// are committed. Tablebases use it to store a tier at a time.
func (s *Store) WriteRaw(kvs [][2][]byte) error {
	if err := s.writable(); err != nil {
		return err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	wb := s.db.NewWriteBatch()
	for _, kv := range kvs {
		if err := wb.Set(kv[0], seal(kv[0], kv[1])); err != nil {
			wb.Cancel()
			return fmt.Errorf("cache %s: %w", s.dir, err)
		}
	}
	if err := wb.Flush(); err != nil {
		return fmt.Errorf("cache %s: %w", s.dir, err)
	}
	return nil
}

// ErrBadChecksum means a stored value does not match its checksum.
var ErrBadChecksum = fmt.Errorf("a stored value does not match its checksum: %w", ErrDamaged)

// GetRaw returns the value of a raw key. A value whose checksum does not
// match is an error wrapping ErrDamaged.
func (s *Store) GetRaw(k []byte) (v []byte, found bool, err error) {
	defer s.recoverRead(&err)
	err = s.view(func(txn *badger.Txn) error {
		item, err := txn.Get(k)
		if err != nil {
			return err
		}
		v, err = item.ValueCopy(nil)
		return err
	})
	if errors.Is(err, badger.ErrKeyNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("cache %s: %w: %w", s.dir, ErrDamaged, err)
	}
	v, ok := unseal(k, v)
	if !ok {
		return nil, false, fmt.Errorf("cache %s: %w", s.dir, ErrBadChecksum)
	}
	return v, true, nil
}

// recoverRead turns a panic of Badger's on damaged data into an error: the
// last line of defence behind the checks of Open and the checksums.
func (s *Store) recoverRead(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("cache %s: %w: reading failed: %v", s.dir, ErrDamaged, r)
	}
}

// ScanRaw calls fn for every key with the prefix, in key order. A value
// whose checksum does not match ends the scan with an error wrapping
// ErrDamaged.
func (s *Store) ScanRaw(prefix []byte, fn func(k, v []byte) error) (err error) {
	defer s.recoverRead(&err)
	err = s.view(func(txn *badger.Txn) error {
		opts := badger.DefaultIteratorOptions
		opts.Prefix = prefix
		it := txn.NewIterator(opts)
		defer it.Close()
		for it.Seek(prefix); it.ValidForPrefix(prefix); it.Next() {
			k := it.Item().KeyCopy(nil)
			v, err := it.Item().ValueCopy(nil)
			if err != nil {
				return fmt.Errorf("cache %s: %w: %w", s.dir, ErrDamaged, err)
			}
			v, ok := unseal(k, v)
			if !ok {
				return fmt.Errorf("cache %s: %w", s.dir, ErrBadChecksum)
			}
			if err := fn(k, v); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, badger.ErrKeyNotFound) {
		return nil // no database open: nothing to scan
	}
	return err
}

// DropRaw deletes every key with the prefix.
func (s *Store) DropRaw(prefix []byte) error { return s.dropPrefix(prefix) }
