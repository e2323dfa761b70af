package views

// What the phone with no server (the offline site, docs/offline.md) says
// when the browser refuses to store a save: it is this phone's storage for
// this site, not a server's disk, and nobody else can mend it.
const (
	// OfflineStorageTitle heads the error page.
	OfflineStorageTitle = "Not saved"
	// OfflineStorageMessage is the API's and the plain answer's "error".
	OfflineStorageMessage = "nothing was saved: this phone's storage for this site is full, or the browser refused it"
	// OfflineStorageText is the error page's sentence.
	OfflineStorageText = "Nothing was saved: this phone's storage for this site is full, or the browser refused it. " +
		"Go back: your taps are still on the entry page. Make room on the phone (or export the games and delete old ones), then save again."
)

// NoShareImageText answers a request for a result card's picture on the
// phone with no server, which does not draw it (ErrShareImageLeftOut).
const NoShareImageText = "This phone does not draw the result card's picture: the scores are on the game's page."
