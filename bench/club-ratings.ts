/**
 * Club ratings read (docs/BENCHMARKS.md § Club): Elo replayed on read from match_results, in match order, for one
 * game with 25,000 finished matches of 2 to 8 players (about 125,000 result rows), and the whole
 * ratings:explain answer (Elo, OpenSkill rows, opponents' strength, notes) over it; and over the
 * same history, a season's standings counting every match and the game nights list (its newest 30).
 * Run: node --import tsx bench/club-ratings.ts
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../src/core/db/open'
import { ClubService } from '../src/core/services/club'
import { mulberry32 } from '../tests/helpers/prng'

const MATCHES = 25_000
const PLAYERS = 40
const dir = mkdtempSync(join(tmpdir(), 'nk-club-bench-'))
try {
  const { db } = openDatabase(join(dir, 'ninekeeper.sqlite'))
  const rnd = mulberry32(13)
  const ids = Array.from({ length: PLAYERS }, (_, i) => `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`)
  db.transaction(() => {
    const p = db.prepare(
      "INSERT INTO players (id, name, name_key, color, archived_at, created_at, updated_at, deleted, merged_into, canonical_id) VALUES (?, ?, ?, NULL, NULL, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 0, NULL, ?)",
    )
    ids.forEach((id, i) => p.run(id, `P${i}`, `p${i}`, id))
    const mm = db.prepare(
      `INSERT INTO matches (id, game_id, config_json, house_rules_json, status, created_at, updated_at, finished_at, device_id, winners_json, utc_offset)
       VALUES (?, 'nine', '{}', '{}', 'finished', ?, ?, ?, 'bench', '[0]', 60)`,
    )
    const ms = db.prepare(
      'INSERT INTO match_seats (match_id, seat, player_id, original_player_id, color) VALUES (?, ?, ?, ?, NULL)',
    )
    const r = db.prepare(
      'INSERT INTO match_results (match_id, player_id, game_id, seat, finished_at, placement, won, shared, score, seats) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, ?)',
    )
    const t0 = Date.parse('2023-01-01T19:00:00.000Z')
    for (let m = 0; m < MATCHES; m++) {
      const n = 2 + Math.floor(rnd() * 7)
      const seated = [...ids].sort(() => rnd() - 0.5).slice(0, n)
      const at = new Date(t0 + m * 60_000 * 40).toISOString()
      const matchId = `10000000-0000-7000-8000-${String(m).padStart(12, '0')}`
      mm.run(matchId, at, at, at)
      seated.forEach((pid, seat) => {
        r.run(matchId, pid, 'nine', seat, at, seat + 1, seat === 0 ? 1 : 0, n)
        ms.run(matchId, seat, pid, pid)
      })
    }
    const s = db.prepare(
      "INSERT INTO stat_rating (player_id, game_id, mu, sigma, matches, last_finished_at, last_match_id) VALUES (?, 'nine', ?, ?, 100, '2026-01-01', 'x')",
    )
    for (const id of ids) s.run(id, 20 + rnd() * 10, 1 + rnd() * 3)
  })()
  db.prepare(
    `INSERT INTO seasons (id, name, start_date, end_date, games_json, players_json, scheme_json, archived_at, frozen_json, created_at, updated_at)
     VALUES ('20000000-0000-7000-8000-000000000001', 'All time', '2020-01-01', '2030-12-31', NULL, NULL, '{"kind":"placement","top":10}', NULL, NULL, '', '')`,
  ).run()
  const club = new ClubService(db, null)
  const rows = (
    db.prepare("SELECT count(*) FROM match_results WHERE game_id = 'nine'").pluck().get() as number
  ).toLocaleString('en')
  const time = (f: () => unknown): number => {
    const t = performance.now()
    f()
    return performance.now() - t
  }
  time(() => club.elo('nine')) // warm the cache
  const elo = Array.from({ length: 5 }, () => time(() => club.elo('nine'))).sort((a, b) => a - b)
  const all = Array.from({ length: 5 }, () => time(() => club.ratings('nine'))).sort((a, b) => a - b)
  console.log(
    `Elo replay of ${MATCHES.toLocaleString('en')} matches (${rows} result rows): median ${elo[2]?.toFixed(0)} ms (min ${elo[0]?.toFixed(0)}, max ${elo[4]?.toFixed(0)})`,
  )
  const standingsMs = Array.from({ length: 5 }, () =>
    time(() => club.standings('20000000-0000-7000-8000-000000000001')),
  ).sort((a, b) => a - b)
  const nightsMs = Array.from({ length: 5 }, () => time(() => club.nights({ limit: 30 }))).sort((a, b) => a - b)
  console.log(`seasons:standings of a season counting all of them: median ${standingsMs[2]?.toFixed(0)} ms`)
  console.log(`nights:list (the newest 30 of all nights): median ${nightsMs[2]?.toFixed(0)} ms`)
  console.log(`ratings:explain over them (Elo, OpenSkill rows, opponents, notes): median ${all[2]?.toFixed(0)} ms`)
  db.close()
} finally {
  rmSync(dir, { recursive: true, force: true })
}
