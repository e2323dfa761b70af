package views

import (
	"context"
	"io"

	"github.com/a-h/templ"

	"ruthless/views/lang"
)

// nameMsg draws the catalogue's message key with its player's name in
// it ({name}) isolated in a <bdi>, bold when bold is set; args fill the
// message's other {values} as lang.Lang.T does. A translation may put the
// name anywhere in its sentence.
func nameMsg(key, name string, bold bool, args ...any) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		l := lang.From(ctx)
		// Filling the other values first leaves {name} in place: a name
		// is never searched for placeholders.
		text := l.T(key, append(args, "name", "{name}")...)
		for _, r := range messageRuns(text, map[string]textRun{"{name}": {Text: name, Name: true}}) {
			s := templ.EscapeString(r.Text)
			if r.Name {
				s = "<bdi>" + s + "</bdi>"
				if bold {
					s = "<b>" + s + "</b>"
				}
			}
			if _, err := io.WriteString(w, s); err != nil {
				return err
			}
		}
		return nil
	})
}

// namesMsg draws the catalogue's message key with a list of players'
// names in it ({names}), listed as JoinNames does, each isolated, the
// list in bold; args fill the message's other {values}.
func namesMsg(key string, names []string, args ...any) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		l := lang.From(ctx)
		text := l.T(key, append(args, "names", "{names}")...)
		for _, r := range messageRuns(text, map[string]textRun{"{names}": {Name: true}}) {
			if !r.Name {
				if _, err := io.WriteString(w, templ.EscapeString(r.Text)); err != nil {
					return err
				}
				continue
			}
			if _, err := io.WriteString(w, "<b>"); err != nil {
				return err
			}
			if err := Isolated(JoinNames(l, names), names).Render(ctx, w); err != nil {
				return err
			}
			if _, err := io.WriteString(w, "</b>"); err != nil {
				return err
			}
		}
		return nil
	})
}
