/**
 * The append-only list of schema steps. Step i takes the database from user_version i to i + 1.
 * Never edit or reorder a step that has shipped; add a new one.
 */
import { STAT_EVENT_COLUMNS, v5Up } from './v5'
import { clubTablesUp } from './v6'
import { leanRoundsUp } from './v7'
import { opponentsUp } from './v8'
import { leanerCommitsUp } from './v9'
import { syncSignaturesUp } from './v10'
import { removedDevicesUp } from './v11'
import { clubTotalsUp } from './v12'
import { leagueTotalsUp } from './v13'
import { leagueKindsUp } from './v14'
import { recordTotalsUp } from './v15'
import type { Migration } from './migration'
import { v1 } from './v1'
import { v2 } from './v2'
import { v3 } from './v3'
import { v4 } from './v4'

export type { Migration } from './migration'

const v5: Migration = {
  name: 'local dates (match UTC offset, local-day summaries) and each Seven Eight Nine way of winning counted once',
  up: v5Up,
}

const v6: Migration = { name: 'club data: seasons, night venues, the club rating system', up: clubTablesUp }

const v7: Migration = {
  name: 'round rows without a rowid, with their local day and rule-event counters; summaries kept by the projector',
  up: leanRoundsUp,
}

const v8: Migration = {
  name: "each player's record against each opponent, per game, kept as match results change",
  up: opponentsUp,
}

const v9: Migration = {
  name: 'fewer pages per round: no index of the log by stamp, round rows found by time through their match',
  up: leanerCommitsUp,
}

const v10: Migration = {
  name: 'club sync keeps the signatures keyed laptops put on their events',
  up: syncSignaturesUp,
}

const v11: Migration = { name: 'laptops a club took out, whose later events are not counted', up: removedDevicesUp }

const v12: Migration = {
  name: 'running totals for the club screens: Elo kept per rating row, finished matches per month, matches per game night',
  up: clubTotalsUp,
}

const v13: Migration = {
  name: "a season's standings from running totals: results per kind of seat and local start date",
  up: leagueTotalsUp,
}

const v14: Migration = { name: "each kind of seat's count over every day, for a season's kinds", up: leagueKindsUp }

const v15: Migration = {
  name: "running totals for the records: each finished match's year and winning margin, each player's longest runs",
  up: recordTotalsUp,
}

export const MIGRATIONS: readonly Migration[] = [v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15]
/**
 * The per-game rule-event counters of a round row `r` in the current schema (v7 keeps them as the
 * columns e1..e6, computed when the row is written), for the stats queries.
 */
export const STAT_EVENT_SQL = (r: string): string[] => STAT_EVENT_COLUMNS.map((c) => `${r}.${c}`)
export const LATEST_VERSION = MIGRATIONS.length
