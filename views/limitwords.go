package views

import (
	"math"
	"strconv"
	"time"
)

// The words of limits: the login form's refusals and the pages of a
// request over a rate limit.

// Messages of the login form.
const (
	PasswordEmptyText = "Type the table password."
	PasswordWrongText = "That is not the table password."
)

// PasswordLimitedText refuses a password while the phone must wait
// before its next try.
func PasswordLimitedText(wait time.Duration) string {
	return PasswordWrongText + " Too many wrong passwords from this phone: wait " + WaitText(wait) + " before the next try."
}

// TooManyRequestsText is the page of a request over the per-client rate.
func TooManyRequestsText(wait time.Duration) string {
	return "Too many requests from this device. Try again in " + WaitText(wait) + "."
}

// TooManySeatChangesText is the page of a seat change over its limit.
func TooManySeatChangesText(wait time.Duration) string {
	return "Too many seat changes from this device. Try again in " + WaitText(wait) + "."
}

// WaitText says a wait in whole seconds, rounded up: "1 second", "12
// seconds".
func WaitText(d time.Duration) string {
	if n := max(1, int(math.Ceil(d.Seconds()))); n != 1 {
		return strconv.Itoa(n) + " seconds"
	}
	return "1 second"
}
