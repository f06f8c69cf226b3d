/**
 * Schema step 5: local dates and the Seven Eight Nine ways of winning.
 *
 * - `matches.utc_offset`: the UTC offset (minutes east of UTC) the match was played in, from its
 *   match.started event (0 for events written before the field existed). Local day = the UTC time
 *   plus this offset; lists, filters, charts and exports use it.
 * - The per-day summary (`stat_player_game_day`) is keyed by that local day, not the UTC day.
 * - Rule-event counters e5 and e6, and new expressions for Seven Eight Nine: each way of winning
 *   that SE-R14 names is counted once (swap, React, Declare, dealt win, tiebreaker) and draws apart.
 *   A Block never wins a game (SE-R10): a blocked game that ends in the tiebreaker is a tiebreaker
 *   win. The old counter "wins by Block" (React wins plus any win in a blocked game) is gone.
 *
 * The triggers are replaced and the round-level summaries recomputed from the round rows, so a
 * fresh database and an upgraded one hold the same numbers.
 */
import type { Database } from 'better-sqlite3'

/** Named rule-event counters per game, in column order e1..e6 ('' = unused). */
export const STAT_EVENT_NAMES = {
  'wild-nine': ['ninesLeft', 'roundsWon', 'deadlocks', '', '', ''],
  nine: ['ninesOk', 'ninesFailed', 'resets90', 'lost99', '', ''],
  ennea: ['linesMade', 'enneaCalls', 'enneaMadeLine', 'enneaLostCubes', '', ''],
  'seven-eight-nine': ['declareWins', 'reactWins', 'tiebreakWins', 'draws', 'swapWins', 'dealtWins'],
} as const

export const STAT_EVENT_COLUMNS = ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'] as const

const d = (r: string, key: string): string => `json_extract(${r}.details_json, '$.${key}')`
const senWin = (r: string, ending: string): string => `(${d(r, 'result')} = 'win' AND ${d(r, 'ending')} = '${ending}')`

/**
 * The six per-game rule-event expressions over a round_results row `r` (v5):
 *   wild-nine: 9s left in hand, rounds won by going out, deadlocked rounds, -, -, -
 *   nine: NINE declarations won, failed, 90 -> 45 resets, games lost at 99, -, -
 *   ennea: 9-lines made, ENNEA calls, calls that made a line, calls that lost cubes, -, -
 *   seven-eight-nine: wins by Declare, by React, by tiebreaker, draws, wins by swap, dealt wins (SE-R14)
 */
export const STAT_EVENTS_V5 = (r: string): string[] =>
  [
    `CASE ${r}.game_id WHEN 'wild-nine' THEN coalesce(${d(r, 'ninesLeft')}, 0)
     WHEN 'nine' THEN coalesce(${d(r, 'declaredWon')}, 0)
     WHEN 'ennea' THEN coalesce(${d(r, 'linesMade')}, 0)
     WHEN 'seven-eight-nine' THEN ${senWin(r, 'declare')} ELSE 0 END`,
    `CASE ${r}.game_id WHEN 'wild-nine' THEN coalesce(${d(r, 'wentOut')}, 0)
     WHEN 'nine' THEN coalesce(${d(r, 'declaredFailed')}, 0)
     WHEN 'ennea' THEN coalesce(${d(r, 'calledEnnea')}, 0)
     WHEN 'seven-eight-nine' THEN ${senWin(r, 'react')} ELSE 0 END`,
    `CASE ${r}.game_id WHEN 'wild-nine' THEN coalesce(${d(r, 'deadlock')}, 0)
     WHEN 'nine' THEN coalesce(${d(r, 'reset90')}, 0)
     WHEN 'ennea' THEN (coalesce(${d(r, 'calledEnnea')}, 0) AND coalesce(${d(r, 'linesMade')}, 0) > 0)
     WHEN 'seven-eight-nine' THEN ${senWin(r, 'tiebreaker')} ELSE 0 END`,
    `CASE ${r}.game_id WHEN 'nine' THEN coalesce(${d(r, 'lost99')}, 0)
     WHEN 'ennea' THEN (coalesce(${d(r, 'calledEnnea')}, 0) AND coalesce(${d(r, 'loss')}, 0) > 0)
     WHEN 'seven-eight-nine' THEN coalesce(${d(r, 'result')} = 'draw', 0) ELSE 0 END`,
    `CASE ${r}.game_id WHEN 'seven-eight-nine' THEN ${senWin(r, 'swap')} ELSE 0 END`,
    `CASE ${r}.game_id WHEN 'seven-eight-nine' THEN ${senWin(r, 'dealt-win')} ELSE 0 END`,
  ].map((x) => `coalesce(${x}, 0)`)

/** SQL for "minutes east of UTC" as an SQLite date modifier, e.g. '-480 minutes'. */
export const offsetModifier = (offsetSql: string): string => `(coalesce(${offsetSql}, 0) || ' minutes')`

/** The local day (yyyy-mm-dd) of a round row `r`: its UTC time plus its match's offset. */
export const ROUND_LOCAL_DAY = (r: string): string =>
  `date(${r}.played_at, ${offsetModifier(`(SELECT m.utc_offset FROM matches m WHERE m.id = ${r}.match_id)`)})`

export function v5Up(db: Database): void {
  const e = STAT_EVENTS_V5('NEW')
  const o = STAT_EVENTS_V5('OLD')
  const cols = STAT_EVENT_COLUMNS.join(', ')
  const add = STAT_EVENT_COLUMNS.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')
  const sub = STAT_EVENT_COLUMNS.map((c, i) => `${c} = ${c} - (${o[i]})`).join(', ')
  const sums = STAT_EVENTS_V5('r')
    .map((x) => `sum(${x})`)
    .join(', ')
  db.exec(`
    ALTER TABLE matches ADD COLUMN utc_offset INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE stat_player_game ADD COLUMN e5 INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE stat_player_game ADD COLUMN e6 INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE stat_player_game_day ADD COLUMN e5 INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE stat_player_game_day ADD COLUMN e6 INTEGER NOT NULL DEFAULT 0;

    DROP TRIGGER IF EXISTS round_results_stats_insert;
    DROP TRIGGER IF EXISTS round_results_stats_delete;
    DROP TRIGGER IF EXISTS round_results_day_insert;
    DROP TRIGGER IF EXISTS round_results_day_delete;

    CREATE TRIGGER round_results_stats_insert AFTER INSERT ON round_results BEGIN
      INSERT INTO stat_player_game (player_id, game_id, rounds, score_sum, rounds_won, ${cols})
      VALUES (NEW.player_id, NEW.game_id, 1, NEW.score, NEW.won_round, ${e.join(', ')})
      ON CONFLICT (player_id, game_id) DO UPDATE SET
        rounds = rounds + 1, score_sum = score_sum + excluded.score_sum, rounds_won = rounds_won + excluded.rounds_won, ${add};
    END;
    CREATE TRIGGER round_results_stats_delete AFTER DELETE ON round_results BEGIN
      UPDATE stat_player_game SET
        rounds = rounds - 1, score_sum = score_sum - OLD.score, rounds_won = rounds_won - OLD.won_round, ${sub}
      WHERE player_id = OLD.player_id AND game_id = OLD.game_id;
    END;
    -- The day is the match's local day (its UTC offset is fixed at its start, and the match row is
    -- written before its round rows and removed after them).
    CREATE TRIGGER round_results_day_insert AFTER INSERT ON round_results BEGIN
      INSERT INTO stat_player_game_day (day, player_id, game_id, rounds, score_sum, rounds_won, ${cols})
      VALUES (${ROUND_LOCAL_DAY('NEW')}, NEW.player_id, NEW.game_id, 1, NEW.score, NEW.won_round, ${e.join(', ')})
      ON CONFLICT (day, player_id, game_id) DO UPDATE SET
        rounds = rounds + 1, score_sum = score_sum + excluded.score_sum, rounds_won = rounds_won + excluded.rounds_won, ${add};
    END;
    CREATE TRIGGER round_results_day_delete AFTER DELETE ON round_results BEGIN
      UPDATE stat_player_game_day SET
        rounds = rounds - 1, score_sum = score_sum - OLD.score, rounds_won = rounds_won - OLD.won_round, ${sub}
      WHERE day = ${ROUND_LOCAL_DAY('OLD')} AND player_id = OLD.player_id AND game_id = OLD.game_id;
    END;

    DELETE FROM stat_player_game;
    DELETE FROM stat_player_game_day;
    INSERT INTO stat_player_game (player_id, game_id, rounds, score_sum, rounds_won, ${cols})
      SELECT r.player_id, r.game_id, count(*), sum(r.score), sum(r.won_round), ${sums}
      FROM round_results r GROUP BY r.player_id, r.game_id;
    INSERT INTO stat_player_game_day (day, player_id, game_id, rounds, score_sum, rounds_won, ${cols})
      SELECT ${ROUND_LOCAL_DAY('r')} AS day, r.player_id, r.game_id, count(*), sum(r.score), sum(r.won_round), ${sums}
      FROM round_results r GROUP BY day, r.player_id, r.game_id;
  `)
}
