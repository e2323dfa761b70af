// This file and the others under cmd/offline/_gin are not part of the
// project's packages (the leading "_" keeps them out of ./...): the
// offline build (scripts/offline.sh) hands them to the compiler with
// -overlay in place of gin's files of the same names. The app binds no
// request body through gin, yet gin's package variables (binding.BSON,
// binding.YAML, …) keep every codec and the validator linked, about a
// sixth of the phone's download. These stand-ins keep gin's names and
// answer an error, so a future use fails plainly instead of silently.

package binding

import (
	"errors"
	"net/http"
)

// errLeftOut is what every left-out binding answers.
var errLeftOut = errors.New("gin: this binding is left out of the offline build (scripts/offline.sh)")

type bsonBinding struct{}

func (bsonBinding) Name() string                  { return "bson" }
func (bsonBinding) Bind(*http.Request, any) error { return errLeftOut }
func (bsonBinding) BindBody([]byte, any) error    { return errLeftOut }

type tomlBinding struct{}

func (tomlBinding) Name() string                  { return "toml" }
func (tomlBinding) Bind(*http.Request, any) error { return errLeftOut }
func (tomlBinding) BindBody([]byte, any) error    { return errLeftOut }

type yamlBinding struct{}

func (yamlBinding) Name() string                  { return "yaml" }
func (yamlBinding) Bind(*http.Request, any) error { return errLeftOut }
func (yamlBinding) BindBody([]byte, any) error    { return errLeftOut }

type protobufBinding struct{}

func (protobufBinding) Name() string                  { return "protobuf" }
func (protobufBinding) Bind(*http.Request, any) error { return errLeftOut }
func (protobufBinding) BindBody([]byte, any) error    { return errLeftOut }
