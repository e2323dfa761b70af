//go:build linux

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// tmpfsSize is the disk scenario's file system: room for the database
// and its WAL, and no more once filled.
const tmpfsSize = "8M"

func mountTmpfs(dir, size string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%v: %s", err, bytes.TrimSpace(out))
	}
	return nil
}

// unmount unmounts dir, lazily if it is still busy, and says so if it
// cannot.
func unmount(dir string) {
	if err := exec.Command("umount", dir).Run(); err == nil {
		return
	}
	if out, err := exec.Command("umount", "-l", dir).CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "loadtest: cannot unmount %s: %v: %s\n", dir, err, bytes.TrimSpace(out))
	}
}

func remount(dir, opts string) error {
	out, err := exec.Command("mount", "-o", "remount,"+opts, dir).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%v: %s", err, bytes.TrimSpace(out))
	}
	return nil
}

// fill writes a file in dir until its file system has no room left.
func fill(dir string) (int64, error) {
	f, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	chunk := make([]byte, 64<<10)
	var n int64
	for {
		w, err := f.Write(chunk)
		n += int64(w)
		if errors.Is(err, syscall.ENOSPC) {
			break
		}
		if err != nil {
			return n, err
		}
	}
	// The last pages: a byte at a time, so no block is left.
	for {
		if _, err := f.Write(chunk[:512]); err != nil {
			break
		}
		n += 512
	}
	return n, nil
}

// putEntry saves seat 2's entry of round 1 through the API, at version;
// it returns the status, the answer's error, and the version to send
// next.
func putEntry(ctx context.Context, client *http.Client, base, id string, coins, version int) (string, string, int, error) {
	body := fmt.Sprintf(`{"pool":["H5","H6"],"coins":%d,"version":%d}`, coins, version)
	req, _ := http.NewRequestWithContext(ctx, http.MethodPut, base+"/api/games/"+id+"/rounds/1/entries/2", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return statusOf(res, err), "", version, err
	}
	defer res.Body.Close()
	var out struct {
		Error   string
		Version *int
	}
	_ = json.NewDecoder(res.Body).Decode(&out)
	if out.Version != nil {
		version = *out.Version
	}
	return statusOf(res, nil), out.Error, version, nil
}

// diskAttack: the database's tmpfs is filled, then 30 saves and 5 new
// games are sent; room is made and one more save is sent. Then the
// server is stopped, the tmpfs made read-only, and a server started on
// it; then the file system is writable again but the database file alone
// read-only (a read-only bind mount of it), and a server started again.
func diskAttack(ctx context.Context, t *target) error {
	fmt.Printf("== disk: the database on a tmpfs of %siB, filled; 30 saves (PUT an entry) and 5 new games; room made, one more save. Then the tmpfs remounted read-only, and the database file alone bound read-only: a server started on each\n", tmpfsSize)
	id, err := postGame(t.home, t.base, smallGame())
	if err != nil {
		return err
	}
	dir := filepath.Dir(t.db)
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)
	filled, err := fill(dir)
	if err != nil {
		return fmt.Errorf("filling %s: %w", dir, err)
	}
	var st syscall.Statfs_t
	_ = syscall.Statfs(dir, &st)
	off := logSize(t.log)

	var saves, creates tally
	says := map[string]bool{}
	version := 0
	client := clientFrom("127.0.9.1", 1)
	during, bad, use := measure(ctx, t, func() {
		for i := range 30 {
			status, msg, v, err := putEntry(ctx, client, t.base, id, i%10, version)
			if err == nil {
				version = v
			}
			saves.add(status)
			if msg != "" {
				says[msg] = true
			}
			time.Sleep(100 * time.Millisecond)
		}
		for i := range 5 {
			g := smallGame()
			g["players"] = []string{"Disk", "Full", fmt.Sprintf("Try %d", i)}
			body, _ := json.Marshal(g)
			res, err := client.Post(t.base+"/api/games", "application/json", bytes.NewReader(body))
			creates.add(statusOf(res, err))
			if err == nil {
				var out struct{ Error string }
				_ = json.NewDecoder(res.Body).Decode(&out)
				res.Body.Close()
				if out.Error != "" {
					says[out.Error] = true
				}
			}
		}
	})
	var logLines []string
	if b, err := os.ReadFile(t.log); err == nil && int64(len(b)) >= off {
		for l := range strings.Lines(string(b[off:])) {
			if strings.Contains(l, "level=ERROR") {
				logLines = append(logLines, strings.TrimSpace(l))
			}
		}
	}
	_ = os.Remove(filepath.Join(dir, "filler"))
	afterStatus, afterMsg, _, _ := putEntry(ctx, client, t.base, id, 7, version)

	homeTable(base, phaseRow{"saves on the full disk", during})
	fmt.Printf("filled %.1f MiB, %d KiB left; %s; GET / not 200: %d (baseline %d)\n",
		float64(filled)/(1<<20), st.Bavail*uint64(st.Bsize)>>10, use, bad, baseBad)
	fmt.Printf("30 saves: %s\n5 new games: %s\n", &saves, &creates)
	for m := range says {
		fmt.Printf("the API said: %q\n", m)
	}
	fmt.Printf("the log's ERROR lines: %d", len(logLines))
	if len(logLines) > 0 {
		fmt.Printf("; the first: %s", logLines[0])
	}
	fmt.Printf("\nroom made, one more save: %s %s\n", afterStatus, afterMsg)

	return readOnlyStarts(ctx, t, dir)
}

// readOnlyStarts tries to start the server where the database cannot be
// written: on the tmpfs remounted read-only, then with the database file
// alone bound read-only; each try says whether the server started.
func readOnlyStarts(ctx context.Context, t *target, dir string) error {
	// Read-only: the server is stopped first, as one would be by a reboot
	// that mounted the disk read-only.
	t.srv.stop()
	if err := remount(dir, "ro"); err != nil {
		fmt.Printf("read-only: skipped: cannot remount (%v)\n", err)
		return nil
	}
	code, out, started, took := tryServe(ctx, t.bin, t.env, "-db", t.db)
	report := func(what string) {
		if started {
			fmt.Printf("%s: the server STARTED (stopped by the test) after %s: %s\n", what, ms(took), startedLine(out))
			return
		}
		fmt.Printf("%s: exit %d after %s: %s\n", what, code, ms(took), firstLines(out))
	}
	report("serve on the read-only tmpfs")
	if err := remount(dir, "rw"); err != nil {
		return err
	}
	// The database file alone read-only: a read-only bind mount of it.
	if out, err := exec.Command("mount", "--bind", "-o", "ro", t.db, t.db).CombinedOutput(); err != nil {
		fmt.Printf("read-only file: skipped: cannot bind (%v: %s)\n", err, bytes.TrimSpace(out))
		return nil
	}
	defer unmount(t.db)
	// Older mounts ignore ro on the first bind: make sure.
	_ = exec.Command("mount", "-o", "remount,bind,ro", t.db).Run()
	code, out, started, took = tryServe(ctx, t.bin, t.env, "-db", t.db)
	report("serve with the database file read-only (bind mount)")
	return nil
}
