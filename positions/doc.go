// Package positions holds the rules of Froglet and Hüpfer (../shared/spec):
// boards and positions, their notation, legal moves and how they are
// spelled, symmetries, the canonical key and start positions.
//
// Where things are:
//   - set.go, board.go: cell sets and board shapes (holes, neighbour tables,
//     the shift masks of boards of at most 64 cells).
//   - position.go, notation.go, record.go, game.go: positions and the text
//     formats of notation.md (positions, records, game records).
//   - move.go, froglet.go, hupfer.go: moves and the fast generators
//     (GenerateMoves), checked in the tests against internal/reference.
//   - small.go: the one-word forms of boards of at most 64 cells (Small,
//     SmallMove) and their generator, which gives GenerateMoves' moves in
//     the same order; the solver, the enumeration and the tablebases use it.
//   - spelling.go, parsemove.go: canonical spellings (LegalMoves) and
//     reading a move in any spelling, with errors that name the broken rule.
//   - symmetry.go, start.go: board symmetries, FromMover; start positions
//     and random play.
//   - key.go: the canonical key, one identity per symmetry class: SmallKey
//     and its Canonicalizer (with the fast paths for children beside the
//     plain least image), BigKey for larger boards, Tier.
//   - children.go: a position's children as a tablebase's backward pass
//     wants them (Canonicalizer.Children), canonical keys made straight
//     from the position for Froglet.
package positions
