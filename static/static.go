// Package static holds the app's own stylesheet, script and icon, embedded
// in the binary and served under content-hashed names so browsers may cache
// them forever: a changed file gets a new URL.
package static

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"slices"
	"strings"
)

//go:embed app.css app.js dispute.js entry.js icon.svg live.js manifest.webmanifest offline.js icon-192.png icon-512.png
var files embed.FS

// Prefix is the URL path every asset is served under.
const Prefix = "/static/"

type asset struct {
	body        []byte
	contentType string
}

var (
	// hashed maps a plain name (app.css) to its URL (/static/app.1a2b3c4d5e.css).
	hashed = map[string]string{}
	// byURL maps a hashed file name back to the asset.
	byURL = map[string]asset{}
)

func init() {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	// The manifest names the icons, so it is hashed after them, with
	// their hashed URLs written in.
	slices.SortStableFunc(entries, func(a, b fs.DirEntry) int {
		return cmpBool(a.Name() == manifest, b.Name() == manifest)
	})
	for _, e := range entries {
		name := e.Name()
		if name == "static.go" || e.IsDir() {
			continue
		}
		body, err := files.ReadFile(name)
		if err != nil {
			panic(err)
		}
		if name == manifest {
			for plain, url := range hashed {
				body = bytes.ReplaceAll(body, []byte(`"src": "`+plain+`"`), []byte(`"src": "`+url+`"`))
			}
		}
		sum := sha256.Sum256(body)
		ext := path.Ext(name)
		file := strings.TrimSuffix(name, ext) + "." + hex.EncodeToString(sum[:5]) + ext
		hashed[name] = Prefix + file
		ct := mime.TypeByExtension(ext)
		if name == manifest {
			ct = "application/manifest+json"
		}
		if ct == "" {
			ct = "application/octet-stream"
		}
		byURL[file] = asset{body: body, contentType: ct}
	}
}

// manifest is the web app manifest, which links the icons.
const manifest = "manifest.webmanifest"

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// Path is the content-hashed URL of an embedded file, e.g. Path("app.css")
// is "/static/app.3f2a1c9d0e.css". An unknown name gives a URL that answers
// 404, so a typo shows in tests rather than panicking at render time.
func Path(name string) string {
	if p, ok := hashed[name]; ok {
		return p
	}
	return Prefix + "missing/" + name
}

// Handler serves the embedded files at their hashed URLs with a year-long
// immutable cache lifetime. It expects the full request path (Prefix
// included).
func Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a, ok := byURL[strings.TrimPrefix(r.URL.Path, Prefix)]
		if !ok {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", a.contentType)
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		if r.Method == http.MethodHead {
			return
		}
		_, _ = w.Write(a.body)
	})
}
