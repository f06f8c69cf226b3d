/**
 * Schema step 3: stats summaries, match results, ratings.
 *
 * Frozen: shipped; never edit. Moved here unchanged from migrations/index.ts.
 */
import type { Migration } from './migration'

/**
 * Stats summaries, kept up to date inside each write's transaction so the Stats screen reads a few
 * hundred rows instead of scanning the history. Round-level sums follow round_results through
 * triggers (the projection is rewritten on every match write); match-level rows (placement, wins,
 * streaks, ratings) are written by the stats projector that MatchService.refresh() calls.
 * e1..e4 are per-game rule-event counters:
 *   wild-nine: 9s left in hand, rounds won by going out, deadlocked rounds, -
 *   nine: NINE declarations won, failed, 90 -> 45 resets, games lost at 99
 *   ennea: 9-lines made, ENNEA calls, calls that made a line, calls that lost cubes
 *   seven-eight-nine: wins by Declare, by Block, by tiebreak, draws
 */
export const STAT_EVENTS = (r: string): string[] => [
  `CASE ${r}.game_id WHEN 'wild-nine' THEN coalesce(json_extract(${r}.details_json, '$.ninesLeft'), 0)
     WHEN 'nine' THEN coalesce(json_extract(${r}.details_json, '$.declaredWon'), 0)
     WHEN 'ennea' THEN coalesce(json_extract(${r}.details_json, '$.linesMade'), 0)
     ELSE (json_extract(${r}.details_json, '$.result') = 'win' AND json_extract(${r}.details_json, '$.ending') = 'declare') END`,
  `CASE ${r}.game_id WHEN 'wild-nine' THEN coalesce(json_extract(${r}.details_json, '$.wentOut'), 0)
     WHEN 'nine' THEN coalesce(json_extract(${r}.details_json, '$.declaredFailed'), 0)
     WHEN 'ennea' THEN coalesce(json_extract(${r}.details_json, '$.calledEnnea'), 0)
     ELSE (json_extract(${r}.details_json, '$.result') = 'win' AND (json_extract(${r}.details_json, '$.blocked') = 1 OR json_extract(${r}.details_json, '$.ending') = 'react')) END`,
  `CASE ${r}.game_id WHEN 'wild-nine' THEN coalesce(json_extract(${r}.details_json, '$.deadlock'), 0)
     WHEN 'nine' THEN coalesce(json_extract(${r}.details_json, '$.reset90'), 0)
     WHEN 'ennea' THEN (coalesce(json_extract(${r}.details_json, '$.calledEnnea'), 0) AND coalesce(json_extract(${r}.details_json, '$.linesMade'), 0) > 0)
     ELSE (json_extract(${r}.details_json, '$.result') = 'win' AND json_extract(${r}.details_json, '$.ending') = 'tiebreaker') END`,
  `CASE ${r}.game_id WHEN 'wild-nine' THEN 0
     WHEN 'nine' THEN coalesce(json_extract(${r}.details_json, '$.lost99'), 0)
     WHEN 'ennea' THEN (coalesce(json_extract(${r}.details_json, '$.calledEnnea'), 0) AND coalesce(json_extract(${r}.details_json, '$.loss'), 0) > 0)
     ELSE (json_extract(${r}.details_json, '$.result') = 'draw') END`,
]

export const v3: Migration = {
  name: 'stats summaries, match results, ratings',
  up(db) {
    const e = STAT_EVENTS('NEW')
    const o = STAT_EVENTS('OLD')
    db.exec(`
      CREATE TABLE stat_player_game (
        player_id  TEXT NOT NULL,
        game_id    TEXT NOT NULL,
        rounds     INTEGER NOT NULL DEFAULT 0,
        score_sum  INTEGER NOT NULL DEFAULT 0,
        rounds_won INTEGER NOT NULL DEFAULT 0,
        e1 INTEGER NOT NULL DEFAULT 0, e2 INTEGER NOT NULL DEFAULT 0, e3 INTEGER NOT NULL DEFAULT 0, e4 INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (player_id, game_id)
      ) STRICT;

      CREATE TRIGGER round_results_stats_insert AFTER INSERT ON round_results BEGIN
        INSERT INTO stat_player_game (player_id, game_id, rounds, score_sum, rounds_won, e1, e2, e3, e4)
        VALUES (NEW.player_id, NEW.game_id, 1, NEW.score, NEW.won_round, ${e.join(', ')})
        ON CONFLICT (player_id, game_id) DO UPDATE SET
          rounds = rounds + 1, score_sum = score_sum + excluded.score_sum, rounds_won = rounds_won + excluded.rounds_won,
          e1 = e1 + excluded.e1, e2 = e2 + excluded.e2, e3 = e3 + excluded.e3, e4 = e4 + excluded.e4;
      END;
      CREATE TRIGGER round_results_stats_delete AFTER DELETE ON round_results BEGIN
        UPDATE stat_player_game SET
          rounds = rounds - 1, score_sum = score_sum - OLD.score, rounds_won = rounds_won - OLD.won_round,
          e1 = e1 - (${o[0]}), e2 = e2 - (${o[1]}), e3 = e3 - (${o[2]}), e4 = e4 - (${o[3]})
        WHERE player_id = OLD.player_id AND game_id = OLD.game_id;
      END;
      -- The same sums per UTC day, so a date-range filter reads day rows instead of every round.
      CREATE TABLE stat_player_game_day (
        day        TEXT NOT NULL,              -- yyyy-mm-dd of played_at (UTC)
        player_id  TEXT NOT NULL,
        game_id    TEXT NOT NULL,
        rounds     INTEGER NOT NULL DEFAULT 0,
        score_sum  INTEGER NOT NULL DEFAULT 0,
        rounds_won INTEGER NOT NULL DEFAULT 0,
        e1 INTEGER NOT NULL DEFAULT 0, e2 INTEGER NOT NULL DEFAULT 0, e3 INTEGER NOT NULL DEFAULT 0, e4 INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (day, player_id, game_id)
      ) STRICT;
      CREATE INDEX stat_player_game_day_player ON stat_player_game_day(player_id, day);
      CREATE TRIGGER round_results_day_insert AFTER INSERT ON round_results BEGIN
        INSERT INTO stat_player_game_day (day, player_id, game_id, rounds, score_sum, rounds_won, e1, e2, e3, e4)
        VALUES (substr(NEW.played_at, 1, 10), NEW.player_id, NEW.game_id, 1, NEW.score, NEW.won_round, ${e.join(', ')})
        ON CONFLICT (day, player_id, game_id) DO UPDATE SET
          rounds = rounds + 1, score_sum = score_sum + excluded.score_sum, rounds_won = rounds_won + excluded.rounds_won,
          e1 = e1 + excluded.e1, e2 = e2 + excluded.e2, e3 = e3 + excluded.e3, e4 = e4 + excluded.e4;
      END;
      CREATE TRIGGER round_results_day_delete AFTER DELETE ON round_results BEGIN
        UPDATE stat_player_game_day SET
          rounds = rounds - 1, score_sum = score_sum - OLD.score, rounds_won = rounds_won - OLD.won_round,
          e1 = e1 - (${o[0]}), e2 = e2 - (${o[1]}), e3 = e3 - (${o[2]}), e4 = e4 - (${o[3]})
        WHERE day = substr(OLD.played_at, 1, 10) AND player_id = OLD.player_id AND game_id = OLD.game_id;
      END;
      CREATE TRIGGER round_results_stats_update AFTER UPDATE ON round_results BEGIN
        SELECT RAISE(ABORT, 'round_results rows are replaced, never updated');
      END;

      -- One row per seat of each finished match: the match-level facts stats need.
      CREATE TABLE match_results (
        match_id    TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        player_id   TEXT NOT NULL REFERENCES players(id),
        game_id     TEXT NOT NULL,
        seat        INTEGER NOT NULL,
        finished_at TEXT NOT NULL,
        placement   INTEGER NOT NULL,
        won         INTEGER NOT NULL CHECK (won IN (0, 1)),
        shared      INTEGER NOT NULL CHECK (shared IN (0, 1)),
        score       INTEGER NOT NULL,
        seats       INTEGER NOT NULL,
        PRIMARY KEY (match_id, player_id)
      ) STRICT;
      -- Covering, so per-player history reads (streaks, date ranges, head-to-head) never touch the table.
      CREATE INDEX match_results_player ON match_results(player_id, finished_at, match_id, game_id, won, shared, placement);
      CREATE INDEX match_results_game ON match_results(game_id, finished_at, match_id);
      CREATE INDEX match_results_finished ON match_results(finished_at);

      CREATE TABLE stat_player_match (
        player_id     TEXT NOT NULL,
        game_id       TEXT NOT NULL,
        matches       INTEGER NOT NULL DEFAULT 0,
        wins          INTEGER NOT NULL DEFAULT 0,
        shared_wins   INTEGER NOT NULL DEFAULT 0,
        placement_sum INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (player_id, game_id)
      ) STRICT;
      CREATE TRIGGER match_results_stats_insert AFTER INSERT ON match_results BEGIN
        INSERT INTO stat_player_match (player_id, game_id, matches, wins, shared_wins, placement_sum)
        VALUES (NEW.player_id, NEW.game_id, 1, NEW.won, NEW.won AND NEW.shared, NEW.placement)
        ON CONFLICT (player_id, game_id) DO UPDATE SET matches = matches + 1, wins = wins + excluded.wins,
          shared_wins = shared_wins + excluded.shared_wins, placement_sum = placement_sum + excluded.placement_sum;
      END;
      CREATE TRIGGER match_results_stats_delete AFTER DELETE ON match_results BEGIN
        UPDATE stat_player_match SET matches = matches - 1, wins = wins - OLD.won,
          shared_wins = shared_wins - (OLD.won AND OLD.shared), placement_sum = placement_sum - OLD.placement
        WHERE player_id = OLD.player_id AND game_id = OLD.game_id;
      END;

      -- Win streaks over finished matches in finish order; game_id '*' is across all games.
      CREATE TABLE stat_player_streak (
        player_id TEXT NOT NULL,
        game_id   TEXT NOT NULL,
        current   INTEGER NOT NULL,
        longest   INTEGER NOT NULL,
        PRIMARY KEY (player_id, game_id)
      ) STRICT;

      -- Rating after each finished match (OpenSkill, per game), and the current one per player and game.
      CREATE TABLE rating_history (
        game_id     TEXT NOT NULL,
        match_id    TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        player_id   TEXT NOT NULL,
        finished_at TEXT NOT NULL,
        mu          REAL NOT NULL,
        sigma       REAL NOT NULL,
        PRIMARY KEY (match_id, player_id)
      ) STRICT;
      CREATE INDEX rating_history_player ON rating_history(player_id, game_id, finished_at);
      CREATE INDEX rating_history_game ON rating_history(game_id, finished_at, match_id);
      CREATE TABLE stat_rating (
        player_id TEXT NOT NULL,
        game_id   TEXT NOT NULL,
        mu        REAL NOT NULL,
        sigma     REAL NOT NULL,
        matches   INTEGER NOT NULL,
        last_finished_at TEXT NOT NULL,
        last_match_id TEXT NOT NULL,
        PRIMARY KEY (player_id, game_id)
      ) STRICT;

      -- Existing round rows: the summaries start from them (match-level rows are rebuilt by the app).
      INSERT INTO stat_player_game (player_id, game_id, rounds, score_sum, rounds_won, e1, e2, e3, e4)
        SELECT r.player_id, r.game_id, count(*), sum(r.score), sum(r.won_round), ${STAT_EVENTS('r')
          .map((x) => `sum(${x})`)
          .join(', ')}
        FROM round_results r GROUP BY r.player_id, r.game_id;
      INSERT INTO stat_player_game_day (day, player_id, game_id, rounds, score_sum, rounds_won, e1, e2, e3, e4)
        SELECT substr(r.played_at, 1, 10), r.player_id, r.game_id, count(*), sum(r.score), sum(r.won_round), ${STAT_EVENTS(
          'r',
        )
          .map((x) => `sum(${x})`)
          .join(', ')}
        FROM round_results r GROUP BY substr(r.played_at, 1, 10), r.player_id, r.game_id;
      INSERT INTO meta (key, value) VALUES ('stats_rebuild_needed', '1')
        ON CONFLICT (key) DO UPDATE SET value = '1';
    `)
  },
}
