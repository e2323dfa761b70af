package views

import "fmt"

// The words of the error pages and of the plain answers that stand in
// for them (a client that shows no page): headings and sentences. The
// JSON API's "error" strings are machine words and stay in handlers
// (docs/api.md); these are what a person reads.

// Headings of error pages (a page with none takes the status text).
const (
	NotFoundTitle   = "Not found"
	BadRequestTitle = "Bad request"
	CannotSaveTitle = "Cannot save"
	BusyTitle       = "Busy"
	NotAllowedTitle = "Not allowed"
)

// Sentences of error pages.
const (
	NoSuchPageText     = "There is no such page."
	NotAllowedText     = "This address does not take that kind of request."
	BodyTimeoutText    = "The form did not arrive in time, so nothing was saved. Check the connection and send it again."
	InternalErrorText  = "Something went wrong on our side. Try again."
	BusySavingText     = "The server is busy saving other games, so nothing was saved. Go back and save again in a few seconds."
	BusySolvingText    = "The server is busy working out the best parties of big pools. Try again in a few seconds."
	TooSlowToSolveText = "A pool of this game takes longer to solve than the server allows. Try again later."
	PageTooSlowText    = "Working out the results of every game takes longer than one page may. What was done is kept: try again in a few seconds."
	// ShareLinkDeadText answers a share link that opens nothing.
	ShareLinkDeadText = "This share link opens nothing: it was stopped, or never made."
	// UnscorableSheetText and UnscorableImageText answer the result sheet
	// and share image of a game that breaks a rule.
	UnscorableSheetText = "This game cannot be shown as it stands."
	UnscorableImageText = "This game cannot be scored as it stands, so it has no picture: open the game to see what to fix."
	// NoJoinLinkText answers the invite page of a server no other phone
	// can reach; NoJoinLinkOfflineText the same page on a phone with no
	// server.
	NoJoinLinkText        = "No other phone can reach this server, so there is no join link to draw."
	NoJoinLinkOfflineText = "Table mode does not apply on a phone with no server: there is no join link to draw."
	// The pages of requests a page of the app would not send: a seat
	// not of the game, a damaged form token, a bad link to older games,
	// BG Stats for a game in progress.
	ChooseAPlayerText     = "Choose one of the players of this game."
	TokenDamagedText      = "The form's token is damaged; open the form again."
	OlderGamesLinkText    = "This link to older games is not valid; start from the newest games."
	NotOverForBGStatsText = "This game is not over yet: BG Stats takes finished plays."
	// GuestNewGameText refuses a new game to a phone let in by a join
	// code.
	GuestNewGameText = "Only a phone logged in with the table password can start a new game; the rematch shows on the final scores once someone does."
)

// FormNotAFormText refuses a form sent as another kind of body (ct).
func FormNotAFormText(ct string) string {
	return fmt.Sprintf("The form could not be read: it must be sent as application/x-www-form-urlencoded, not %q.", ct)
}

// FormUnreadableText refuses a form that could not be read (detail is
// the reader's error).
func FormUnreadableText(detail string) string { return "The form could not be read: " + detail + "." }

// NotUTF8Text refuses a body whose field is not valid UTF-8.
func NotUTF8Text(field string) string { return UpperFirst(field) + " is not valid UTF-8 text." }

// What whoever runs the server must do about a fault of its disk, for
// the page of a save refused for it.
const (
	DiskFullTodo = "Nothing was saved. Whoever runs the server must make room on its disk; then save again."
	ReadOnlyTodo = "Nothing was saved. Whoever runs the server must make its database writable; then save again."
	DamagedTodo  = "Whoever runs the server must restore its database from a backup; then try again."
	DetachedTodo = "Nothing was saved. Whoever runs the server must put its database back and restart it; then save again."
	IOFaultTodo  = "Whoever runs the server must check the disk that holds its database; then try again."
)

// InTrashText says why the page of a game in the trash does not exist
// and what can still be done, for a trash that keeps games days days.
func InTrashText(days int) string {
	return fmt.Sprintf("This game has been deleted. For %d days after its deletion it can be restored from \"Recently deleted\" at the bottom of the home page.", days)
}

// PurgedText answers the restore of a game no longer in the trash.
func PurgedText(days int) string {
	return fmt.Sprintf("This game is not in the trash: either it never existed, or it was deleted more than %d days ago and has been removed for good.", days)
}

// StorageFaultText is the page of a save refused for a fault of the
// server's disk: what happened (the API's message, capitalised) and what
// whoever runs the server must do.
func StorageFaultText(message, todo string) string { return UpperFirst(message) + ". " + todo }

// NoSuchPage is the page of an address whose id, round or seat names
// nothing: the API's message for it, as a sentence.
func NoSuchPage(message string) string { return "There is no such page: " + message + "." }

// MessageText is a machine message shown to a person, as a sentence.
func MessageText(message string) string { return UpperFirst(message) + "." }
