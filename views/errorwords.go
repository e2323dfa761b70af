package views

import (
	"net/http"

	"ruthless/views/lang"
)

// The words of the error pages and of the plain answers that stand in
// for them (a client that shows no page): headings and sentences. The
// JSON API's "error" strings are machine words and stay in handlers
// (docs/api.md); these are what a person reads.
//
// A handler decides which words answer a request before it knows how
// the answer is drawn, so it hands on Words, and the answer writes them
// in the reader's language. A heading or sentence without values is a
// function of the language alone, so a handler names it without calling
// it (text: views.BusySavingText); one with values returns Words.

// Words is a heading or sentence not yet written in a language.
type Words func(l lang.Lang) string

// In is w written in l; "" for no words.
func (w Words) In(l lang.Lang) string {
	if w == nil {
		return ""
	}
	return w(l)
}

// Fixed is words that read the same in every language: a page's own
// text not in the catalogues (the offline build's, worded by its page).
func Fixed(s string) Words { return func(lang.Lang) string { return s } }

// Headings of error pages (a page with none takes the status text).

func NotFoundTitle(l lang.Lang) string   { return l.T("error.title.not_found") }
func BadRequestTitle(l lang.Lang) string { return l.T("error.title.bad_request") }
func CannotSaveTitle(l lang.Lang) string { return l.T("error.title.cannot_save") }
func BusyTitle(l lang.Lang) string       { return l.T("error.title.busy") }
func NotAllowedTitle(l lang.Lang) string { return l.T("error.title.not_allowed") }

// StatusTitle is the heading of an error page that names none: the
// status's name, as HTTP says it in English.
func StatusTitle(l lang.Lang, status int) string {
	switch status {
	case http.StatusBadRequest:
		return l.T("error.status.400")
	case http.StatusUnauthorized:
		return l.T("error.status.401")
	case http.StatusForbidden:
		return l.T("error.status.403")
	case http.StatusNotFound:
		return l.T("error.status.404")
	case http.StatusRequestTimeout:
		return l.T("error.status.408")
	case http.StatusConflict:
		return l.T("error.status.409")
	case http.StatusRequestEntityTooLarge:
		return l.T("error.status.413")
	case http.StatusUnprocessableEntity:
		return l.T("error.status.422")
	case http.StatusTooManyRequests:
		return l.T("error.status.429")
	case http.StatusInternalServerError:
		return l.T("error.status.500")
	case http.StatusServiceUnavailable:
		return l.T("error.status.503")
	}
	if l.Code() == lang.English.Code() {
		return http.StatusText(status)
	}
	return l.T("error.status.other")
}

// Sentences of error pages.

func NoSuchPageText(l lang.Lang) string     { return l.T("error.no_such_page") }
func NotAllowedText(l lang.Lang) string     { return l.T("error.not_allowed") }
func BodyTimeoutText(l lang.Lang) string    { return l.T("error.body_timeout") }
func InternalErrorText(l lang.Lang) string  { return l.T("error.internal") }
func BusySavingText(l lang.Lang) string     { return l.T("error.busy_saving") }
func BusySolvingText(l lang.Lang) string    { return l.T("error.busy_solving") }
func TooSlowToSolveText(l lang.Lang) string { return l.T("error.too_slow_to_solve") }
func PageTooSlowText(l lang.Lang) string    { return l.T("error.page_too_slow") }

// ShareLinkDeadText answers a share link that opens nothing.
func ShareLinkDeadText(l lang.Lang) string { return l.T("error.share_link_dead") }

// UnscorableSheetText and UnscorableImageText answer the result sheet
// and share image of a game that breaks a rule.
func UnscorableSheetText(l lang.Lang) string { return l.T("error.unscorable_sheet") }
func UnscorableImageText(l lang.Lang) string { return l.T("error.unscorable_image") }

// NoJoinLinkText answers the invite page of a server no other phone can
// reach; NoJoinLinkOfflineText the same page on a phone with no server.
func NoJoinLinkText(l lang.Lang) string        { return l.T("error.no_join_link") }
func NoJoinLinkOfflineText(l lang.Lang) string { return l.T("error.no_join_link_offline") }

// The pages of requests a page of the app would not send: a seat not of
// the game, a damaged form token, a bad link to older games, BG Stats
// for a game in progress.
func ChooseAPlayerText(l lang.Lang) string     { return l.T("error.choose_a_player") }
func TokenDamagedText(l lang.Lang) string      { return l.T("error.token_damaged") }
func OlderGamesLinkText(l lang.Lang) string    { return l.T("error.older_games_link") }
func NotOverForBGStatsText(l lang.Lang) string { return l.T("error.not_over_for_bgstats") }

// GuestNewGameText refuses a new game to a phone let in by a join code.
func GuestNewGameText(l lang.Lang) string { return l.T("error.guest_new_game") }

// FormNotAFormText refuses a form sent as another kind of body (ct).
func FormNotAFormText(ct string) Words {
	return func(l lang.Lang) string { return l.T("error.form_not_a_form", "type", ct) }
}

// FormUnreadableText refuses a form that could not be read (detail is
// the reader's error, which stays as the reader wrote it).
func FormUnreadableText(detail string) Words {
	return func(l lang.Lang) string { return l.T("error.form_unreadable", "detail", detail) }
}

// NotUTF8Text refuses a body whose field (its form name) is not valid
// UTF-8.
func NotUTF8Text(field string) Words {
	return func(l lang.Lang) string { return l.T("error.not_utf8", "field", field) }
}

// MisdirectedText answers a request for a host name this server does not
// answer to; detail is the host check's own words, for whoever runs the
// server.
func MisdirectedText(detail string) Words {
	return func(l lang.Lang) string { return l.T("error.misdirected", "detail", detail) }
}

// What whoever runs the server must do about a fault of its disk, for
// the page of a save refused for it.
func DiskFullTodo(l lang.Lang) string { return l.T("error.todo.disk_full") }
func ReadOnlyTodo(l lang.Lang) string { return l.T("error.todo.read_only") }
func DamagedTodo(l lang.Lang) string  { return l.T("error.todo.damaged") }
func DetachedTodo(l lang.Lang) string { return l.T("error.todo.detached") }
func IOFaultTodo(l lang.Lang) string  { return l.T("error.todo.io_fault") }

// InTrashText says why the page of a game in the trash does not exist
// and what can still be done, for a trash that keeps games days days.
func InTrashText(days int) Words {
	return func(l lang.Lang) string { return l.N("error.in_trash", days) }
}

// PurgedText answers the restore of a game no longer in the trash.
func PurgedText(days int) Words {
	return func(l lang.Lang) string { return l.N("error.purged", days) }
}

// StorageFaultText is the page of a save refused for a fault of the
// server's disk (fault names it: "disk_space", "writable", "integrity",
// "file", "database"), and what whoever runs the server must do.
func StorageFaultText(fault string, todo Words) Words {
	return func(l lang.Lang) string {
		return l.T("error.storage_fault", "fault", storageFaultWords(l, fault), "todo", todo.In(l))
	}
}

// storageFaultWords says what is wrong with the server's disk.
func storageFaultWords(l lang.Lang, fault string) string {
	switch fault {
	case "disk_space":
		return l.T("error.fault.disk_full")
	case "writable":
		return l.T("error.fault.read_only")
	case "integrity":
		return l.T("error.fault.damaged")
	case "file":
		return l.T("error.fault.detached")
	}
	return l.T("error.fault.io")
}

// NoSuchPage is the page of an address whose id, round or seat names
// nothing: the API's message for it, as a sentence. The message is a
// machine word, so other languages say what is missing in their own.
func NoSuchPage(message string) Words {
	return func(l lang.Lang) string {
		if l.Code() == lang.English.Code() {
			return "There is no such page: " + message + "."
		}
		return NoSuchPageText(l)
	}
}

// MessageText is a machine message shown to a person, as a sentence.
func MessageText(message string) string { return UpperFirst(message) + "." }

// MessageWords is a machine message as the sentence of a page: as it is
// in English; in another language, the page says the request failed and
// no more, since no catalogue holds the machine's words.
func MessageWords(message string) Words {
	return func(l lang.Lang) string {
		if l.Code() == lang.English.Code() {
			return MessageText(message)
		}
		return l.T("error.refused")
	}
}
