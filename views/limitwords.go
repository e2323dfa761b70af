package views

import (
	"math"
	"strconv"
	"time"

	"ruthless/views/lang"
)

// The words of limits: the login form's refusals and the pages of a
// request over a rate limit.

// Messages of the login form.
func PasswordEmptyText(l lang.Lang) string { return l.T("login.password_empty") }
func PasswordWrongText(l lang.Lang) string { return l.T("login.password_wrong") }

// PasswordLimitedText refuses a password while the phone must wait
// before its next try.
func PasswordLimitedText(l lang.Lang, wait time.Duration) string {
	return l.N("login.password_limited", waitSeconds(wait))
}

// TooManyRequestsText is the page of a request over the per-client rate.
func TooManyRequestsText(wait time.Duration) Words {
	return func(l lang.Lang) string { return l.N("error.too_many_requests", waitSeconds(wait)) }
}

// TooManySeatChangesText is the page of a seat change over its limit.
func TooManySeatChangesText(wait time.Duration) Words {
	return func(l lang.Lang) string { return l.N("error.too_many_seat_changes", waitSeconds(wait)) }
}

// ServerBusyText is the page of a request that found every slot of its
// kind taken: task is "downloads" (of the whole history) or "pictures"
// (share images).
func ServerBusyText(task string) Words {
	return func(l lang.Lang) string {
		if task == "pictures" {
			return l.T("error.busy_pictures")
		}
		return l.T("error.busy_downloads")
	}
}

// WaitText says a wait in whole seconds, rounded up, in English: "1
// second", "12 seconds" (the API's messages and the logs).
func WaitText(d time.Duration) string {
	if n := waitSeconds(d); n != 1 {
		return strconv.Itoa(n) + " seconds"
	}
	return "1 second"
}

// WaitWords says a wait in whole seconds, rounded up, in l.
func WaitWords(l lang.Lang, d time.Duration) string { return l.N("wait.seconds", waitSeconds(d)) }

// waitSeconds is a wait in whole seconds, rounded up, at least 1.
func waitSeconds(d time.Duration) int { return max(1, int(math.Ceil(d.Seconds()))) }
