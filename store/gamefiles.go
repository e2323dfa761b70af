package store

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"ruthless/scoring"
)

// MaxGameFileBytes bounds one game of an import. The largest real game
// file (six rounds, every pirate of the deck entered) is a few KiB; a
// "game" past this bound is refused before it is decoded, so a file of a
// million rounds costs a byte count, not a decode and a validation.
const MaxGameFileBytes = 64 << 10

// ReadGameFiles reads what an import takes: one game file (docs/api.md
// v1) or a JSON array of them, from r. The array is read one game at a
// time, and reading stops at the first game past maxGames (0: no cap) or
// past MaxGameFileBytes, so a hostile file costs little before it is
// refused. Each game is decoded and validated (scoring.Validate); the
// first bad one is an *ImportError naming file, index and field, and a
// file over a cap an *ImportError wrapping ErrTooManyGames or
// ErrGameTooLarge. Warnings (R4.3) do not stop an import.
func ReadGameFiles(file string, r io.Reader, maxGames int) ([]scoring.Game, error) {
	br := bufio.NewReader(r)
	first, err := firstByte(br)
	if err != nil {
		return nil, &ImportError{File: file, Index: -1, Message: "the file is empty or could not be read"}
	}
	if first != '[' {
		raw, err := io.ReadAll(io.LimitReader(br, MaxGameFileBytes+1))
		if err != nil {
			return nil, &ImportError{File: file, Index: -1, Message: "the file could not be read"}
		}
		if len(raw) > MaxGameFileBytes {
			return nil, tooLarge(file, -1)
		}
		g, err := oneGame(file, raw, -1)
		if err != nil {
			return nil, err
		}
		return []scoring.Game{g}, nil
	}
	dec := json.NewDecoder(br)
	if _, err := dec.Token(); err != nil {
		return nil, &ImportError{File: file, Index: -1, Message: "not a JSON array of game files: " + err.Error()}
	}
	var games []scoring.Game
	for i := 0; dec.More(); i++ {
		if maxGames > 0 && i >= maxGames {
			return nil, &ImportError{File: file, Index: -1, Err: ErrTooManyGames,
				Message: fmt.Sprintf("more than %d games in one import; import them in parts of at most %d", maxGames, maxGames)}
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, &ImportError{File: file, Index: -1, Message: "not a JSON array of game files: " + err.Error()}
		}
		if len(raw) > MaxGameFileBytes {
			return nil, tooLarge(file, i)
		}
		g, err := oneGame(file, raw, i)
		if err != nil {
			return nil, err
		}
		games = append(games, g)
	}
	if _, err := dec.Token(); err != nil {
		return nil, &ImportError{File: file, Index: -1, Message: "not a JSON array of game files: " + err.Error()}
	}
	if len(games) == 0 {
		return nil, &ImportError{File: file, Index: -1, Message: "the array holds no game"}
	}
	return games, nil
}

// Errors an *ImportError wraps when a file is over a cap of ReadGameFiles.
var (
	ErrTooManyGames = errors.New("too many games in one import")
	ErrGameTooLarge = errors.New("game file too large")
)

func tooLarge(file string, index int) error {
	return &ImportError{File: file, Index: index, Err: ErrGameTooLarge,
		Message: fmt.Sprintf("larger than any real game file (the limit is %d KiB)", MaxGameFileBytes>>10)}
}

// firstByte is the first byte of r that is not white space or a UTF-8
// byte order mark, left unread.
func firstByte(r *bufio.Reader) (byte, error) {
	for {
		b, err := r.Peek(1)
		if err != nil {
			return 0, err
		}
		switch {
		case bytes.ContainsRune([]byte(" \t\r\n"), rune(b[0])):
			_, _ = r.ReadByte()
		case b[0] == 0xEF:
			bom, err := r.Peek(3)
			if err != nil || !bytes.Equal(bom, []byte("\ufeff")) {
				return b[0], nil
			}
			_, _ = r.Discard(3)
		default:
			return b[0], nil
		}
	}
}

// oneGame decodes and validates one game of an import.
func oneGame(file string, raw []byte, index int) (scoring.Game, error) {
	g, err := scoring.DecodeGame(bytes.NewReader(raw))
	if err == nil {
		_, err = scoring.Validate(g)
	}
	if err != nil {
		ie := &ImportError{File: file, Index: index, Message: err.Error()}
		var fe *scoring.FieldError
		if errors.As(err, &fe) {
			ie.Field, ie.Message = fe.Field, fe.Message
		}
		return g, ie
	}
	return g, nil
}

// ImportError is a game file an import refused: which file, which game
// in it (its index in an array, -1 for a file of one game) and which
// field.
type ImportError struct {
	File  string
	Index int
	// Field is the JSON path in that game file, "" for the file as a whole.
	Field   string
	Message string
	// Err is ErrTooManyGames or ErrGameTooLarge for a file over a cap.
	Err error
}

// Unwrap is the cap the file is over, if any.
func (e *ImportError) Unwrap() error { return e.Err }

// Error names the file, the game and the field.
func (e *ImportError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Index >= 0 {
		fmt.Fprintf(&b, ", game %d", e.Index)
	}
	if e.Field != "" {
		fmt.Fprintf(&b, ", field %s", e.Field)
	}
	b.WriteString(": ")
	b.WriteString(e.Message)
	return b.String()
}

// ParseGameFiles reads what an import takes: one game file (docs/api.md
// v1) or a JSON array of them, with no cap on the number of games (the
// command line's import; see ReadGameFiles).
func ParseGameFiles(file string, data []byte) ([]scoring.Game, error) {
	return ReadGameFiles(file, bytes.NewReader(data), 0)
}
