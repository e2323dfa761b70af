// Stands in for gin's default_validator.go in the offline build (see
// left_out.go): go-playground/validator brings its regular expressions
// and a MIME sniffer, and the app validates nothing through gin.

package binding

import "strings"

type defaultValidator struct{}

// SliceValidationError keeps gin's exported type.
type SliceValidationError []error

func (err SliceValidationError) Error() string {
	var parts []string
	for _, e := range err {
		if e != nil {
			parts = append(parts, e.Error())
		}
	}
	return strings.Join(parts, "\n")
}

var _ StructValidator = (*defaultValidator)(nil)

// ValidateStruct refuses anything but nil: validation is left out.
func (*defaultValidator) ValidateStruct(obj any) error {
	if obj == nil {
		return nil
	}
	return errLeftOut
}

// Engine has no engine to give.
func (*defaultValidator) Engine() any { return nil }
