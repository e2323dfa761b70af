package views

import (
	"context"
	"strconv"

	"ruthless/views/lang"
)

// The cells of the final scores' achievement table.

// achCell is seat i's count in an achievement's row, or "" where the row
// has none for it; Shipshape's "yes" and "no" in the page's language.
func achCell(ctx context.Context, counts []string, i int) string {
	if i >= len(counts) {
		return ""
	}
	switch counts[i] {
	case "yes":
		return tr(ctx, "final.yes")
	case "no":
		return tr(ctx, "final.no")
	}
	return counts[i]
}

// achName is an achievement's name in the page's language.
func achName(ctx context.Context, a AchievementRow) string {
	if a.ID == "" {
		return a.Name
	}
	return AchievementName(lang.From(ctx), a.ID)
}

// achWhy says why the achievement's NP went where they went, in the
// page's language; players are the seats' names.
func achWhy(ctx context.Context, a AchievementRow, players []string) string {
	if a.Result == nil {
		return a.Why
	}
	return AchievementWhy(lang.From(ctx), *a.Result, players)
}

// achNP is seat i's NP from an achievement, as text.
func achNP(np []int, i int) string {
	if i < len(np) {
		return strconv.Itoa(np[i])
	}
	return ""
}
