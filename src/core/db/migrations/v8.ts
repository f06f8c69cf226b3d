/**
 * Schema step 8: opponents summed per player, game and opponent (`stat_player_opponent`), so a
 * player's page (nemesis, favourite opponent, every opponent's record) reads a few dozen rows
 * instead of joining all of that player's match results with everyone else's at the table (31 ms
 * for one player of a 1M-round history; the page's budget is 2 ms).
 *
 * Kept by triggers on match_results like stat_player_match: a row going in pairs with the rows of
 * its match already there (both ways round), a row going out takes away its pairs with the rows
 * still there, so each pair of seats is counted once whatever order rows come and go in. A person
 * in two seats of one match (two players merged after playing together) is never their own
 * opponent.
 *
 * Frozen: never edit after it ships; the live code must not be imported here.
 */
import type { Database } from 'better-sqlite3'

/** The pairs of seats of one match seen from `x`: who sat with whom and who placed above whom. */
const PAIRS = `
  FROM match_results x JOIN match_results y ON y.match_id = x.match_id AND y.seat <> x.seat AND y.player_id <> x.player_id`

export function opponentsUp(db: Database): void {
  db.exec(`
    CREATE TABLE stat_player_opponent (
      player_id   TEXT NOT NULL,
      game_id     TEXT NOT NULL,
      opponent_id TEXT NOT NULL,
      matches     INTEGER NOT NULL DEFAULT 0,
      ahead       INTEGER NOT NULL DEFAULT 0,   -- matches the player placed above the opponent
      behind      INTEGER NOT NULL DEFAULT 0,   -- matches the opponent placed above the player
      PRIMARY KEY (player_id, game_id, opponent_id)
    ) STRICT, WITHOUT ROWID;

    CREATE TRIGGER match_results_opponents_insert AFTER INSERT ON match_results BEGIN
      INSERT INTO stat_player_opponent (player_id, game_id, opponent_id, matches, ahead, behind)
        SELECT NEW.player_id, NEW.game_id, y.player_id, 1, NEW.placement < y.placement, y.placement < NEW.placement
        FROM match_results y WHERE y.match_id = NEW.match_id AND y.seat <> NEW.seat AND y.player_id <> NEW.player_id
        UNION ALL
        SELECT y.player_id, NEW.game_id, NEW.player_id, 1, y.placement < NEW.placement, NEW.placement < y.placement
        FROM match_results y WHERE y.match_id = NEW.match_id AND y.seat <> NEW.seat AND y.player_id <> NEW.player_id
      ON CONFLICT (player_id, game_id, opponent_id) DO UPDATE SET
        matches = matches + excluded.matches, ahead = ahead + excluded.ahead, behind = behind + excluded.behind;
    END;

    -- (No alias on the updated table: SQLite before 3.44 refuses one inside a trigger, and the file
    -- should stay readable by the sqlite3 tools people have.)
    CREATE TRIGGER match_results_opponents_delete AFTER DELETE ON match_results BEGIN
      UPDATE stat_player_opponent SET matches = stat_player_opponent.matches - d.n, ahead = stat_player_opponent.ahead - d.ahead,
        behind = stat_player_opponent.behind - d.behind
      FROM (
        SELECT OLD.player_id AS p, y.player_id AS o, count(*) AS n, sum(OLD.placement < y.placement) AS ahead, sum(y.placement < OLD.placement) AS behind
        FROM match_results y WHERE y.match_id = OLD.match_id AND y.seat <> OLD.seat AND y.player_id <> OLD.player_id GROUP BY y.player_id
        UNION ALL
        SELECT y.player_id, OLD.player_id, count(*), sum(y.placement < OLD.placement), sum(OLD.placement < y.placement)
        FROM match_results y WHERE y.match_id = OLD.match_id AND y.seat <> OLD.seat AND y.player_id <> OLD.player_id GROUP BY y.player_id
      ) AS d
      WHERE stat_player_opponent.player_id = d.p AND stat_player_opponent.game_id = OLD.game_id AND stat_player_opponent.opponent_id = d.o;
    END;

    INSERT INTO stat_player_opponent (player_id, game_id, opponent_id, matches, ahead, behind)
      SELECT x.player_id, x.game_id, y.player_id, count(*), sum(x.placement < y.placement), sum(y.placement < x.placement)
      ${PAIRS} GROUP BY x.player_id, x.game_id, y.player_id;
  `)
}
