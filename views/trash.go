package views

// TrashedGame is one game of the home page's "Recently deleted" list.
type TrashedGame struct {
	ID      string
	Players []string
	// Date is when the game was played; Deleted when it was deleted;
	// Until the day it is purged unless restored. All for people.
	Date, Deleted, Until string
}

// RestoreURL is the address the Restore form of a deleted game posts to.
func RestoreURL(id string) string { return GameURL(id) + "/restore" }
