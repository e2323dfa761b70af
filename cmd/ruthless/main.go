// Command ruthless is the table companion and scorer for Ruthless: the web
// app (serve) and the command line (solve, score, check, export, import,
// backup, trash, undelete).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses promised by docs/api.md.
const (
	exitOK    = 0
	exitOther = 1
	exitUsage = 2
)

const usage = `ruthless: table companion and scorer for Ruthless: Legends of the Black Flag

Usage:
  ruthless [serve] [-addr :8080] [-db ruthless.db] [-password P | -password-file F]
                 [-host NAME] [-solves N] [-solve-time 10s]
                 [-backup-dir DIR] [-backups 14]
                 [-trusted-proxy CIDR] [-base-url URL]
                 [-new-games-per-minute 10] [-logins-per-minute 5]
        run the web app (also reads RUTHLESS_ADDR, RUTHLESS_DB, RUTHLESS_PASSWORD,
        RUTHLESS_PASSWORD_FILE, RUTHLESS_HOSTS, RUTHLESS_SOLVES, RUTHLESS_SOLVE_TIME,
        RUTHLESS_BACKUP_DIR, RUTHLESS_BACKUPS, RUTHLESS_TRUSTED_PROXIES,
        RUTHLESS_BASE_URL, RUTHLESS_NEW_GAMES_PER_MINUTE, RUTHLESS_LOGINS_PER_MINUTE;
        ruthless serve -h explains each)
  ruthless solve [--json] [--players N] CARD...
        the best raiding party for one pool of pirates (R1)
  ruthless check [--json] [--players N] [--pool CARDS] SET...
        is a claimed raiding party legal, what is it worth, and how does it
        compare with the best party for the same pool?
  ruthless score [--json] FILE
        score a whole game file; - reads standard input
  ruthless export [-db F] GAME_ID | --all
        write a stored game as a game file (--all: every game, as an array)
  ruthless import [-db F] FILE
        store a game file (an array of them: all or nothing)
  ruthless backup [-db F] BACKUP_FILE
        copy the whole database to a new file, safely while serving
  ruthless restore [-db F] BACKUP
        put a backup in place of the database (stop the server first); the
        database it replaces is kept beside it
  ruthless trash [-db F]
        list the deleted games, kept 30 days before they go for good
  ruthless undelete [-db F] GAME_ID
        restore a deleted game from the trash
  ruthless version
        the program's version, commit and build date
  ruthless healthcheck [-addr :8080]
        ask a running server's /healthz: exit 0 when it answers 200, else 1
  ruthless help
        this text

Cards: a suit letter (A Anchor, H Heart, K Kraken, X Skull, S Swords) and a
rank (1-7, Q Quartermaster, C Captain, P Parrot): H2 XQ SP. SC* is a Captain
whose Captain power was used this round. Codes may be in any case and
separated by spaces or commas. In check each SET is one argument, and a wild
may say what it becomes (SP=S5, HC*=A7); otherwise the best legal choice is
found. --players 2 applies the two-player rules (no Kraken); the default is 4.

Exit status: 0 done, 2 bad input or usage, 1 anything else.
`

// run dispatches a command line and returns the exit status. A panic
// anywhere below becomes exit status 1 and one line on stderr, never a
// trace: the command line is for people at a table.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "ruthless: internal error: %v\n", r)
			code = exitOther
		}
	}()
	if len(args) == 0 {
		return runServe(nil, stdin, stdout, stderr)
	}
	switch cmd := args[0]; cmd {
	case "serve":
		return runServe(args[1:], stdin, stdout, stderr)
	case "export":
		return runExport(args[1:], stdin, stdout, stderr)
	case "import":
		return runImport(args[1:], stdin, stdout, stderr)
	case "backup":
		return runBackup(args[1:], stdout, stderr)
	case "restore":
		return runRestore(args[1:], stdout, stderr)
	case "undelete":
		return runUndelete(args[1:], stdout, stderr)
	case "trash":
		return runTrash(args[1:], stdout, stderr)
	case "solve":
		return runSolve(args[1:], stdout, stderr)
	case "check":
		return runCheck(args[1:], stdout, stderr)
	case "score":
		return runScore(args[1:], stdin, stdout, stderr)
	case "version", "--version":
		return runVersion(args[1:], stdout, stderr)
	case "healthcheck":
		return runHealthcheck(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	default:
		if strings.HasPrefix(cmd, "-") {
			// Flags without a command belong to serve, the default.
			return runServe(args, stdin, stdout, stderr)
		}
		fmt.Fprintf(stderr, "ruthless: unknown command %q\n\n%s", cmd, usage)
		return exitUsage
	}
}

// fail writes one line naming what went wrong and returns the status.
// Newlines inside the message are flattened: the contract promises one line.
func fail(stderr io.Writer, code int, err error) int {
	msg := strings.Join(strings.Fields(err.Error()), " ")
	fmt.Fprintf(stderr, "ruthless: %s\n", msg)
	return code
}

// newFlags returns a flag set whose errors come back to the caller rather
// than being printed, so each command reports them in one line.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseArgs parses flags wherever they stand among the positional
// arguments ("solve H2 H3 --json" as well as "solve --json H2 H3"). The
// flag package stops at the first non-flag, so parsing resumes after each
// one; after "--" everything is positional.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(positional, rest...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// flagError turns a flag parsing error into the command's exit: usage on
// stdout for -h, one line on stderr otherwise.
func flagError(err error, cmdUsage string, stdout, stderr io.Writer) int {
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, cmdUsage)
		return exitOK
	}
	return fail(stderr, exitUsage, fmt.Errorf("%w (see ruthless help)", err))
}

// playersFlag reads --players: the number of players at the table.
func playersFlag(v string) (int, error) {
	switch strings.TrimSpace(v) {
	case "2":
		return 2, nil
	case "3":
		return 3, nil
	case "4":
		return 4, nil
	}
	return 0, fmt.Errorf("--players must be 2, 3 or 4: %q", v)
}
