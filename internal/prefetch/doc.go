// Package prefetch asks the processor to start loading memory that the
// caller will read soon, so that random look-ups into tables larger than
// the caches (the solver's transposition table, the tablebase's position
// sets) overlap their waits instead of paying them one after another.
package prefetch
