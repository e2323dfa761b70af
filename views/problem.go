package views

// Problem is a rule a stored game breaks (an old database, a hand-edited
// file, an import): the game still opens, showing the problem and links
// to the entries that fix it, rather than looking deleted.
type Problem struct {
	Message string
	Rule    string // the rule ID, "" if none
	Fixes   []Link // the forms where the problem can be fixed
}
