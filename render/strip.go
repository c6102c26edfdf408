package render

// Strip lays scenes out side by side, columns to a row, as one picture:
// a line of play as a numbered strip of diagrams (the scenes' captions
// number them). Each scene keeps its size and takes a cell as large as
// the largest.
func Strip(scenes []*Scene, columns int) *Scene {
	if len(scenes) == 0 {
		return &Scene{W: 1, H: 1, Background: "#ffffff"}
	}
	columns = max(1, min(columns, len(scenes)))
	var cw, ch float64
	for _, s := range scenes {
		cw, ch = max(cw, s.W), max(ch, s.H)
	}
	rows := (len(scenes) + columns - 1) / columns
	out := &Scene{W: cw * float64(columns), H: ch * float64(rows), Background: scenes[0].Background, Title: scenes[0].Title}
	for i, s := range scenes {
		dx, dy := cw*float64(i%columns), ch*float64(i/columns)
		if s.Background != out.Background {
			out.Shapes = append(out.Shapes, Shape{Kind: Rect, X: dx, Y: dy, W: s.W, H: s.H, Fill: s.Background})
		}
		for _, sh := range s.Shapes {
			sh.X, sh.Y, sh.X2, sh.Y2 = sh.X+dx, sh.Y+dy, sh.X2+dx, sh.Y2+dy
			if sh.Points != nil {
				pts := make([][2]float64, len(sh.Points))
				for j, p := range sh.Points {
					pts[j] = [2]float64{p[0] + dx, p[1] + dy}
				}
				sh.Points = pts
			}
			out.Shapes = append(out.Shapes, sh)
		}
	}
	return out
}
