/**
 * Schema step 1: players, matches, seats, the first event log, round results.
 *
 * Frozen: shipped; never edit. Moved here unchanged from migrations/index.ts.
 */
import type { Migration } from './migration'

export const v1: Migration = {
  name: 'players, matches, seats, event log, round results',
  up(db) {
    db.exec(`
      CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;

      CREATE TABLE players (
        id          TEXT PRIMARY KEY,          -- UUIDv7 made on the device
        name        TEXT NOT NULL,
        name_key    TEXT NOT NULL,             -- case-folded name; uniqueness ignores case
        color       TEXT CHECK (color IS NULL OR (length(color) = 7 AND color GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]')),
        archived_at TEXT,
        created_at  TEXT NOT NULL,
        updated_at  TEXT NOT NULL,
        CHECK (length(name) BETWEEN 1 AND 40)
      ) STRICT;
      CREATE UNIQUE INDEX players_name_key ON players(name_key);

      CREATE TABLE matches (
        id           TEXT PRIMARY KEY,         -- UUIDv7
        game_id      TEXT NOT NULL CHECK (game_id IN ('ennea', 'wild-nine', 'nine', 'seven-eight-nine')),
        config_json  TEXT NOT NULL,            -- the engine config, so an old match always replays the same
        house_rules_json TEXT NOT NULL,
        status       TEXT NOT NULL CHECK (status IN ('in-progress', 'finished', 'abandoned')),
        created_at   TEXT NOT NULL,
        updated_at   TEXT NOT NULL,
        finished_at  TEXT,
        device_id    TEXT NOT NULL
      ) STRICT;
      CREATE INDEX matches_game_created ON matches(game_id, created_at);
      CREATE INDEX matches_status ON matches(status, updated_at);

      CREATE TABLE match_seats (
        match_id  TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),
        player_id TEXT NOT NULL REFERENCES players(id) ON DELETE RESTRICT,
        color     TEXT,
        PRIMARY KEY (match_id, seat),
        UNIQUE (match_id, player_id)
      ) STRICT;
      CREATE INDEX match_seats_player ON match_seats(player_id);

      -- The log is append-only: an undo or a correction is a new event that supersedes an earlier one.
      CREATE TABLE match_events (
        id          TEXT PRIMARY KEY,          -- UUIDv7
        match_id    TEXT NOT NULL REFERENCES matches(id),
        seq         INTEGER NOT NULL CHECK (seq >= 0),   -- order within the match
        kind        TEXT NOT NULL CHECK (kind IN ('action', 'undo', 'correction', 'void')),
        payload_json TEXT NOT NULL,
        supersedes  TEXT REFERENCES match_events(id),
        device_id   TEXT NOT NULL,
        device_seq  INTEGER NOT NULL CHECK (device_seq >= 1),
        hlc         TEXT NOT NULL,             -- hybrid logical clock, sortable text
        created_at  TEXT NOT NULL,
        UNIQUE (match_id, seq),
        UNIQUE (device_id, device_seq)
      ) STRICT;
      CREATE TRIGGER match_events_append_only_update BEFORE UPDATE ON match_events
        BEGIN SELECT RAISE(ABORT, 'match_events is append-only'); END;
      CREATE TRIGGER match_events_append_only_delete BEFORE DELETE ON match_events
        BEGIN SELECT RAISE(ABORT, 'match_events is append-only'); END;

      -- A projection of the log: one row per round per seat, so stats are plain indexed GROUP BYs.
      CREATE TABLE round_results (
        match_id   TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        round      INTEGER NOT NULL CHECK (round >= 1),
        seat       INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),
        player_id  TEXT NOT NULL REFERENCES players(id),
        game_id    TEXT NOT NULL,
        score      INTEGER NOT NULL,           -- what the round added (points, or cubes kept in Ennea)
        total      INTEGER NOT NULL,           -- running total after the round
        won_round  INTEGER NOT NULL DEFAULT 0 CHECK (won_round IN (0, 1)),
        details_json TEXT NOT NULL DEFAULT '{}',
        played_at  TEXT NOT NULL,
        PRIMARY KEY (match_id, round, seat)
      ) STRICT;
      CREATE INDEX round_results_player_game ON round_results(player_id, game_id, score);
      CREATE INDEX round_results_game_played ON round_results(game_id, played_at);
    `)
  },
}
