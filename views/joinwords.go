package views

import "ruthless/views/lang"

// WordsIn says in l which phone p is, for the join page and the live
// list: "Ben's phone", "their own phone", "another phone"; "" when not
// known.
func (p Phone) WordsIn(l lang.Lang) string {
	switch {
	case !p.Known:
		return ""
	case p.OwnSeat:
		return l.T("phone.own")
	case p.Owner != "":
		return l.T("phone.of", "name", p.Owner)
	}
	return l.T("phone.other")
}
