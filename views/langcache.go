package views

import (
	"context"
	"sync"

	"ruthless/views/lang"
)

// perLanguage keeps what a page writes the same for every page of one
// language (the words handed to the scripts, the names of the cards),
// made once per language on first use. The catalogues are built into the
// program and never change while it runs, so nothing kept goes stale;
// every page of the offline build would otherwise make them again, as
// WebAssembly with a slow garbage collector (issue 42).
type perLanguage[T any] struct {
	byCode sync.Map // language code → T
	make   func(lang.Lang) T
}

// in is the value for the page's language.
func (p *perLanguage[T]) in(ctx context.Context) T { return p.of(lang.From(ctx)) }

// of is the value for language l.
func (p *perLanguage[T]) of(l lang.Lang) T {
	if v, ok := p.byCode.Load(l.Code()); ok {
		return v.(T)
	}
	v := p.make(l)
	p.byCode.Store(l.Code(), v)
	return v
}
