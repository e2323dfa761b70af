// Stands in for gin's render/bson.go, toml.go, yaml.go and protobuf.go in
// the offline build (see ../binding/left_out.go): the app renders none of
// these, and each would link its codec.

package render

import (
	"errors"
	"net/http"
)

var errLeftOut = errors.New("gin: this render is left out of the offline build (scripts/offline.sh)")

// BSON keeps gin's exported type.
type BSON struct{ Data any }

func (BSON) Render(http.ResponseWriter) error     { return errLeftOut }
func (BSON) WriteContentType(http.ResponseWriter) {}

// TOML keeps gin's exported type.
type TOML struct{ Data any }

func (TOML) Render(http.ResponseWriter) error     { return errLeftOut }
func (TOML) WriteContentType(http.ResponseWriter) {}

// YAML keeps gin's exported type.
type YAML struct{ Data any }

func (YAML) Render(http.ResponseWriter) error     { return errLeftOut }
func (YAML) WriteContentType(http.ResponseWriter) {}

// ProtoBuf keeps gin's exported type.
type ProtoBuf struct{ Data any }

func (ProtoBuf) Render(http.ResponseWriter) error     { return errLeftOut }
func (ProtoBuf) WriteContentType(http.ResponseWriter) {}
