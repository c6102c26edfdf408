package enumerate

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/leapfrog-solver/leapfrog/positions"
)

// naiveCount counts reachable positions by breadth-first search over the
// full legal moves, canonicalising with Canonical, keyed by text.
func naiveCount(p *positions.Position, symmetry bool) map[int]int {
	keyText := func(q *positions.Position) string {
		if symmetry {
			q, _ = q.Canonical()
		}
		if q.Game == positions.Froglet {
			return q.BoardString()
		}
		return q.String()
	}
	seen := map[string]bool{keyText(p): true}
	queue := []*positions.Position{p}
	byPieces := map[int]int{}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		byPieces[q.Pieces()]++
		for _, m := range q.LegalMoves() {
			if k := keyText(m.Result); !seen[k] {
				seen[k] = true
				queue = append(queue, m.Result)
			}
		}
	}
	return byPieces
}

func TestCountAllAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 300; i++ {
		game := positions.Froglet
		if i%2 == 1 {
			game = positions.Hupfer
		}
		w, h := 1+rng.IntN(4), 1+rng.IntN(4)
		if rng.IntN(3) == 0 {
			w = h // square boards have all eight symmetries
		}
		var holes positions.Set
		if game == positions.Froglet && rng.IntN(3) == 0 {
			holes.Add(rng.IntN(w * h))
		}
		p := &positions.Position{Game: game, Board: positions.MustBoard(w, h, holes), Side: rng.IntN(2)}
		colours := 4
		if game == positions.Hupfer {
			colours = 2
			p.Counts = [2]int{rng.IntN(3), rng.IntN(3)}
		} else if rng.IntN(2) == 0 {
			colours = 1 // uniform boards have many symmetric positions
		}
		for c := 0; c < w*h; c++ {
			if p.Board.IsCell(c) && rng.IntN(10) < 7 {
				p.Put(c, rng.IntN(colours))
			}
		}
		for _, sym := range []bool{false, true} {
			want := naiveCount(p, sym)
			for name, count := range map[string]func() ([]LevelCount, int, error){
				"small": func() ([]LevelCount, int, error) {
					c := positions.NewCanonicalizer(p.Board)
					if !sym {
						c = positions.PlainCanonicalizer(p.Board)
					}
					return countTiers(p, smallCodec(p, c), nil, nil, nil)
				},
				"big": func() ([]LevelCount, int, error) {
					return countTiers(p, bigCodec(p, positions.NewBigCanonicalizer(p.Board, sym)), nil, nil, nil)
				},
			} {
				levels, total, err := count()
				if err != nil {
					t.Fatal(err)
				}
				got := map[int]int{}
				sum := 0
				for _, l := range levels {
					got[l.Pieces] = l.Positions
					sum += l.Positions
				}
				if !reflect.DeepEqual(got, want) || sum != total {
					t.Fatalf("%s symmetry=%v %s codec: %v (total %d), naive %v", p, sym, name, got, total, want)
				}
			}
		}
	}
}

// TestKeySetEachRanges checks that Each over consecutive ranges of every
// size visits each position exactly once, with the index Index gives.
func TestKeySetEachRanges(t *testing.T) {
	p, err := positions.NewHupfer(4, 4, 2)
	if err != nil {
		t.Fatal(err)
	}
	sets, err := Enumerate(p, 0, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for tier, set := range sets {
		for _, step := range []int{1, 7, 63, 64, 65, 1000, set.Slots() + 1} {
			seen := map[int]bool{}
			for from := 0; from < set.Slots(); from += step {
				set.Each(from, from+step, func(i int, k positions.SmallKey) bool {
					if i < from || i >= from+step {
						t.Fatalf("tier %d, step %d: index %d outside [%d, %d)", tier, step, i, from, from+step)
					}
					if j, ok := set.Index(k); !ok || j != i || seen[i] {
						t.Fatalf("tier %d, step %d: index %d (Index %d %v, seen %v)", tier, step, i, j, ok, seen[i])
					}
					seen[i] = true
					return true
				})
			}
			if len(seen) != set.Len() {
				t.Fatalf("tier %d, step %d: %d positions visited, want %d", tier, step, len(seen), set.Len())
			}
		}
	}
}

// TestKeySetValues keeps a value with every key of tables packed by planes
// and sparsely, and checks that keys are still found with their values,
// through Index and through Prefetch and ValueOf, and that keys of other
// tiers are not.
func TestKeySetValues(t *testing.T) {
	for _, root := range []string{
		"hupfer ..tt/..tt/rr../rr.. r 2-2",
		"froglet gyrg/ybgy/rgyb w 0-0",
		"froglet ......./.gy..../..rb.../...yg../....b../......./....... w 0-0",
	} {
		p, err := positions.ParsePosition(root)
		if err != nil {
			t.Fatal(err)
		}
		sets, err := Enumerate(p, 0, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		value := func(tier, i int) int16 { return int16(uint16(i*7919+tier*31)) | -1<<15 + 1 } // never -32768
		for tier, set := range sets {
			set.Each(0, set.Slots(), func(i int, _ positions.SmallKey) bool {
				set.SetValue(i, value(tier, i))
				return true
			})
		}
		for tier, set := range sets {
			// KeyBits against a plain pass; the values set above must
			// not show in it.
			want := [2][4]uint64{{}, {^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}}
			set.Each(0, set.Slots(), func(_ int, k positions.SmallKey) bool {
				for w := range 4 {
					want[0][w] |= k.Word(w)
					want[1][w] &= k.Word(w)
				}
				return true
			})
			if or, and := set.KeyBits(); or != want[0] || and != want[1] {
				t.Errorf("%s tier %d: KeyBits %x %x, want %x %x", root, tier, or, and, want[0], want[1])
			}
		}
		for tier, set := range sets {
			set.Each(0, set.Slots(), func(i int, k positions.SmallKey) bool {
				if j, ok := set.Index(k); !ok || j != i || set.Value(i) != value(tier, i) {
					t.Fatalf("%s tier %d: index %d, Index %d %v, value %d, want %d", root, tier, i, j, ok, set.Value(i), value(tier, i))
				}
				l, ok := set.Prepare(&k)
				if ok {
					set.Prefetch(&l)
				}
				if v, found := set.ValueOf(&l); !ok || !found || v != value(tier, i) {
					t.Fatalf("%s tier %d: ValueOf %d %v %v, want %d", root, tier, v, ok, found, value(tier, i))
				}
				if back, ok := set.Key(&l); !ok || back != k {
					t.Fatalf("%s tier %d: Key gives %+v, want %+v", root, tier, back, k)
				}
				for other, os := range sets {
					if _, ok := os.Index(k); ok && other != tier {
						t.Fatalf("%s: a key of tier %d found in tier %d", root, tier, other)
					}
				}
				return true
			})
		}
	}
}
