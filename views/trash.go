package views

import "time"

// TrashedGame is one game of the home page's "Recently deleted" list.
type TrashedGame struct {
	ID      string
	Players []string
	// Played is when the game was played; Deleted when it was deleted;
	// Until the day it is purged unless restored.
	Played, Deleted, Until time.Time
}

// RestoreURL is the address the Restore form of a deleted game posts to.
func RestoreURL(id string) string { return GameURL(id) + "/restore" }
