package web

import (
	"embed"
	"io/fs"
	"net/http"
)

//go:embed page
var pageFiles embed.FS

// page serves the analysis board: index.html, app.js and style.css, with
// no file from anywhere else (no CDN).
func page() http.Handler {
	sub, err := fs.Sub(pageFiles, "page")
	if err != nil {
		panic("web: the embedded page is missing: " + err.Error())
	}
	files := http.FileServer(http.FS(sub))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		files.ServeHTTP(w, r)
	})
}
