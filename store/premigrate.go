package store

import (
	"context"
	"database/sql"
	"fmt"
)

// PendingMigration is a database about to have its schema migrated, as
// OpenWith's BeforeMigrate hook sees it.
type PendingMigration struct {
	// From is the database's schema version now, To the version this
	// program migrates it to.
	From, To int
	db       *sql.DB
}

// Backup writes a consistent copy of the database, as it is before the
// migration, to a new file at path (SQLite's VACUUM INTO; the file must
// not exist).
func (p PendingMigration) Backup(ctx context.Context, path string) (err error) {
	defer fault(&err)
	if _, err := p.db.ExecContext(ctx, "VACUUM INTO ?", path); err != nil {
		return fmt.Errorf("store: backup to %s: %w", path, err)
	}
	return nil
}

// migrateAfterHook migrates the schema, first giving hook (if any) its
// chance when there is an older schema to migrate.
func migrateAfterHook(ctx context.Context, db *sql.DB, hook func(context.Context, PendingMigration) error) error {
	if hook != nil {
		from, err := schemaVersion(ctx, db)
		if err != nil {
			return err
		}
		to, err := newestVersion()
		if err != nil {
			return err
		}
		if from > 0 && from < to {
			if err := hook(ctx, PendingMigration{From: from, To: to, db: db}); err != nil {
				return fmt.Errorf("before migrating schema version %d to %d: %w", from, to, err)
			}
		}
	}
	return migrate(ctx, db)
}

// schemaVersion is the newest migration applied to the database; 0 for
// a file that has none (a new one).
func schemaVersion(ctx context.Context, q queryer) (int, error) {
	var tables int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).Scan(&tables)
	if err != nil {
		return 0, fmt.Errorf("schema version: %w", err)
	}
	if tables == 0 {
		return 0, nil
	}
	var v int
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&v); err != nil {
		return 0, fmt.Errorf("schema version: %w", err)
	}
	return v, nil
}

// newestVersion is the schema version this program migrates to.
func newestVersion() (int, error) {
	ms, err := migrations()
	if err != nil {
		return 0, err
	}
	if len(ms) == 0 {
		return 0, nil
	}
	return ms[len(ms)-1].version, nil
}
