package views

import "strconv"

// The cells of the final scores' achievement table.

// achCell is seat i's count in an achievement's row, or "" where the row
// has none for it.
func achCell(counts []string, i int) string {
	if i < len(counts) {
		return counts[i]
	}
	return ""
}

// achNP is seat i's NP from an achievement, as text.
func achNP(np []int, i int) string {
	if i < len(np) {
		return strconv.Itoa(np[i])
	}
	return ""
}
