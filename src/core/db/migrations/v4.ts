/**
 * Schema step 4: one event log for players, matches and corrections; projections rebuilt from it.
 *
 * Frozen: shipped; never edit. Moved here unchanged from migrations/index.ts.
 */
import { createHash } from 'node:crypto'
import { STAT_EVENTS } from './v3'
import type { Migration } from './migration'

/**
 * A stable UUIDv7-shaped id for a fact that had no event before v4: the time of the fact in the
 * first 48 bits (so ids still sort by time), then a hash of what the fact is. The same file always
 * yields the same ids, so migrating two copies of one file (or importing an old export twice) gives
 * the same events.
 */
function derivedId(ms: number, key: string): string {
  const h = createHash('sha256').update(`ninekeeper-v4:${key}`).digest()
  const b = Buffer.alloc(16)
  let t = BigInt(Math.max(0, Math.floor(ms)))
  for (let i = 5; i >= 0; i--) {
    b[i] = Number(t & 0xffn)
    t >>= 8n
  }
  h.copy(b, 6, 0, 10)
  b[6] = ((b[6] as number) & 0x0f) | 0x70
  b[8] = ((b[8] as number) & 0x3f) | 0x80
  const x = b.toString('hex')
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`
}

const pad = (n: number, w: number): string => String(n).padStart(w, '0')
const msOf = (iso: string | null | undefined): number => {
  const t = iso ? Date.parse(iso) : NaN
  return Number.isFinite(t) ? t : 0
}

interface V4Event {
  id: string
  device: string
  wall: number
  counter: number
  hlc: string | null
  kind: string
  subject: string
  payload: unknown
  order: number
}

/**
 * One append-only log for every fact. Rows of players, matches and seats (and the old per-match log)
 * become events, deterministically; every other table becomes a projection, recreated here without
 * any UNIQUE or FOREIGN KEY constraint that another laptop's valid events could break, and rebuilt
 * from the events when the app opens (meta 'projections_rebuild_needed').
 */
export const v4: Migration = {
  name: 'one event log for players, matches and corrections; projections rebuilt from it',
  up(db) {
    db.exec(`
      CREATE TABLE events (
        id         TEXT PRIMARY KEY,           -- UUIDv7; the same id is the same event everywhere
        device_id  TEXT NOT NULL,
        device_seq INTEGER NOT NULL,           -- 1, 2, 3 ... per device, assigned from this table
        hlc        TEXT NOT NULL,              -- hybrid logical clock: the order of the log
        kind       TEXT NOT NULL,
        v          INTEGER NOT NULL,           -- payload version
        subject    TEXT NOT NULL,              -- the player or match the event is about
        payload    TEXT NOT NULL
      ) STRICT;
      CREATE INDEX events_subject ON events(subject, hlc, id);
      CREATE INDEX events_device ON events(device_id, device_seq);
      CREATE INDEX events_hlc ON events(hlc, id);
      CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'events is append-only'); END;
      CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'events is append-only'); END;
    `)
    const players = db.prepare('SELECT * FROM players ORDER BY created_at, id').all() as Record<string, string | null>[]
    const matches = db.prepare('SELECT * FROM matches ORDER BY created_at, id').all() as Record<string, string | null>[]
    const seats = db
      .prepare('SELECT match_id, seat, player_id, color FROM match_seats ORDER BY match_id, seat')
      .all() as {
      match_id: string
      seat: number
      player_id: string
      color: string | null
    }[]
    const old = db.prepare('SELECT * FROM match_events ORDER BY match_id, seq').all() as Record<
      string,
      string | number | null
    >[]
    // Facts from before v4 are filed under one stand-in device per player or match: every laptop that
    // holds the same rows then makes exactly the same events (ids, numbers and stamps), so two laptops
    // that upgrade and then exchange exports agree. New events use this computer's real device id.
    const legacy = (subject: string): string => derivedId(0, `legacy-device:${subject}`)
    const out: V4Event[] = []
    let order = 0
    const add = (e: Omit<V4Event, 'order' | 'counter' | 'hlc'> & { hlc?: string | null }): void => {
      out.push({ counter: 0, hlc: null, ...e, order: order++ })
    }
    for (const p of players) {
      const id = p.id as string
      add({
        id: derivedId(msOf(p.created_at), `player.created:${id}`),
        device: legacy(id),
        wall: msOf(p.created_at),
        kind: 'player.created',
        subject: id,
        payload: { name: p.name, color: p.color },
      })
      if (p.archived_at)
        add({
          id: derivedId(msOf(p.archived_at), `player.archived:${id}`),
          device: legacy(id),
          wall: msOf(p.archived_at),
          kind: 'player.archived',
          subject: id,
          payload: {},
        })
    }
    const seatsOf = new Map<string, { playerId: string; color: string | null }[]>()
    for (const s of seats) {
      const list = seatsOf.get(s.match_id) ?? []
      list[s.seat] = { playerId: s.player_id, color: s.color }
      seatsOf.set(s.match_id, list)
    }
    const kindOf = new Map(old.map((e) => [e.id as string, e.kind as string]))
    const firstWall = new Map<string, number>()
    for (const e of old) {
      const w = Number(String(e.hlc).split('.')[0])
      const m = e.match_id as string
      if (!firstWall.has(m) || w < (firstWall.get(m) as number)) firstWall.set(m, w)
    }
    for (const m of matches) {
      const id = m.id as string
      // Started strictly before anything logged in the match, so every laptop orders it first.
      const wall = Math.min(msOf(m.created_at), (firstWall.get(id) ?? Infinity) - 1)
      add({
        id: derivedId(wall, `match.started:${id}`),
        device: legacy(id),
        wall,
        kind: 'match.started',
        subject: id,
        payload: {
          gameId: m.game_id,
          config: JSON.parse(m.config_json as string) as unknown,
          houseRules: JSON.parse(m.house_rules_json as string) as unknown,
          seats: (seatsOf.get(id) ?? []).filter(Boolean),
          engineVersion: 1,
        },
      })
    }
    for (const e of old) {
      const payload = JSON.parse(e.payload_json as string) as unknown
      const target = e.supersedes as string | null
      let kind: string
      let body: unknown
      if (e.kind === 'action') [kind, body] = ['match.action', { action: payload }]
      else if (e.kind === 'correction') [kind, body] = ['match.corrected', { target, action: payload }]
      else if (e.kind === 'void')
        [kind, body] = [
          'match.closed',
          { status: (payload as { status?: string } | null)?.status === 'abandoned' ? 'abandoned' : 'finished' },
        ]
      else [kind, body] = [kindOf.get(target ?? '') === 'void' ? 'match.reopened' : 'match.undone', { target }]
      const [wall, counter] = String(e.hlc).split('.')
      add({
        id: e.id as string,
        device: legacy(e.match_id as string),
        wall: Number(wall),
        hlc: `${wall}.${counter}.${legacy(e.match_id as string)}`,
        kind,
        subject: e.match_id as string,
        payload: body,
      })
      out[out.length - 1]!.counter = Number(counter)
    }
    // Stamps for the facts that had none, then gap-free per-device numbers in log order.
    const byDevice = new Map<string, V4Event[]>()
    for (const e of out) {
      const list = byDevice.get(e.device) ?? []
      list.push(e)
      byDevice.set(e.device, list)
    }
    const ins = db.prepare(
      'INSERT INTO events (id, device_id, device_seq, hlc, kind, v, subject, payload) VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
    )
    let maxHlc = ''
    for (const [dev, list] of byDevice) {
      list.sort(
        (a, b) =>
          a.wall - b.wall || (a.hlc && b.hlc ? a.counter - b.counter : a.hlc ? 1 : b.hlc ? -1 : a.order - b.order),
      )
      const used = new Set(list.filter((e) => e.hlc).map((e) => e.hlc))
      let lastWall = -1
      let counter = 0
      for (const e of list) {
        if (!e.hlc) {
          counter = e.wall === lastWall ? counter + 1 : 0
          let hlc = `${pad(e.wall, 15)}.${pad(counter, 6)}.${dev}`
          while (used.has(hlc)) hlc = `${pad(e.wall, 15)}.${pad(++counter, 6)}.${dev}`
          e.hlc = hlc
          used.add(hlc)
        } else counter = e.counter
        lastWall = e.wall
      }
      list.sort((a, b) =>
        (a.hlc as string) < (b.hlc as string) ? -1 : (a.hlc as string) > (b.hlc as string) ? 1 : a.id < b.id ? -1 : 1,
      )
      list.forEach((e, i) => {
        ins.run(e.id, dev, i + 1, e.hlc, e.kind, e.subject, JSON.stringify(e.payload))
        if ((e.hlc as string) > maxHlc) maxHlc = e.hlc as string
      })
    }
    const setMeta = db.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    )
    if (maxHlc) setMeta.run('hlc', maxHlc.split('.').slice(0, 2).join('.'))
    db.prepare("DELETE FROM meta WHERE key IN ('device_seq', 'stats_rebuild_needed')").run()
    setMeta.run('projections_rebuild_needed', '1')

    const e = STAT_EVENTS('NEW')
    const o = STAT_EVENTS('OLD')
    db.exec(`
      DROP TABLE match_events;
      DROP TABLE round_results;
      DROP TABLE match_results;
      DROP TABLE rating_history;
      DROP TABLE match_seats;
      DROP TABLE matches;
      DROP TABLE players;
      DELETE FROM stat_player_game;
      DELETE FROM stat_player_game_day;
      DELETE FROM stat_player_match;
      DELETE FROM stat_player_streak;
      DELETE FROM stat_rating;

      -- Projections from here on: no constraint that valid events from another laptop could break.
      CREATE TABLE players (
        id           TEXT PRIMARY KEY,
        name         TEXT NOT NULL,
        name_key     TEXT NOT NULL,
        color        TEXT,
        archived_at  TEXT,
        created_at   TEXT NOT NULL,
        updated_at   TEXT NOT NULL,
        deleted      INTEGER NOT NULL DEFAULT 0,
        merged_into  TEXT,                     -- as the player's own events say
        canonical_id TEXT NOT NULL             -- where the player's history lives (merges followed)
      ) STRICT;
      CREATE INDEX players_name_key ON players(name_key);
      CREATE INDEX players_canonical ON players(canonical_id);

      CREATE TABLE matches (
        id           TEXT PRIMARY KEY,
        game_id      TEXT NOT NULL,
        config_json  TEXT NOT NULL,
        house_rules_json TEXT NOT NULL,
        status       TEXT NOT NULL CHECK (status IN ('in-progress', 'finished', 'abandoned')),
        created_at   TEXT NOT NULL,
        updated_at   TEXT NOT NULL,
        finished_at  TEXT,
        device_id    TEXT NOT NULL,
        winners_json TEXT NOT NULL DEFAULT '[]',
        rounds_played INTEGER NOT NULL DEFAULT 0,
        summary      TEXT NOT NULL DEFAULT '',
        engine_version INTEGER NOT NULL DEFAULT 1,
        head_hlc     TEXT NOT NULL DEFAULT '',  -- the newest event of the match
        problem      TEXT                       -- why the log does not replay in full, in words
      ) STRICT;
      CREATE INDEX matches_game_created ON matches(game_id, created_at);
      CREATE INDEX matches_status ON matches(status, updated_at);
      CREATE INDEX matches_updated ON matches(updated_at, id);

      CREATE TABLE match_seats (
        match_id  TEXT NOT NULL,
        seat      INTEGER NOT NULL,
        player_id TEXT NOT NULL,               -- the canonical player (after merges)
        original_player_id TEXT NOT NULL,      -- as the match was started
        color     TEXT,
        PRIMARY KEY (match_id, seat)
      ) STRICT;
      CREATE INDEX match_seats_player ON match_seats(player_id);
      CREATE INDEX match_seats_original ON match_seats(original_player_id);

      CREATE TABLE round_results (
        match_id   TEXT NOT NULL,
        round      INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        player_id  TEXT NOT NULL,
        game_id    TEXT NOT NULL,
        score      INTEGER NOT NULL,
        total      INTEGER NOT NULL,
        won_round  INTEGER NOT NULL DEFAULT 0,
        details_json TEXT NOT NULL DEFAULT '{}',
        played_at  TEXT NOT NULL,
        PRIMARY KEY (match_id, round, seat)
      ) STRICT;
      CREATE INDEX round_results_player_game ON round_results(player_id, game_id, score);
      CREATE INDEX round_results_game_played ON round_results(game_id, played_at);
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

      CREATE TABLE match_results (
        match_id    TEXT NOT NULL,
        player_id   TEXT NOT NULL,
        game_id     TEXT NOT NULL,
        seat        INTEGER NOT NULL,
        finished_at TEXT NOT NULL,
        placement   INTEGER NOT NULL,
        won         INTEGER NOT NULL CHECK (won IN (0, 1)),
        shared      INTEGER NOT NULL CHECK (shared IN (0, 1)),
        score       INTEGER NOT NULL,
        seats       INTEGER NOT NULL,
        PRIMARY KEY (match_id, seat)
      ) STRICT;
      CREATE INDEX match_results_player ON match_results(player_id, finished_at, match_id, game_id, won, shared, placement);
      CREATE INDEX match_results_game ON match_results(game_id, finished_at, match_id);
      CREATE INDEX match_results_finished ON match_results(finished_at);
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

      CREATE TABLE rating_history (
        game_id     TEXT NOT NULL,
        match_id    TEXT NOT NULL,
        player_id   TEXT NOT NULL,
        finished_at TEXT NOT NULL,
        mu          REAL NOT NULL,
        sigma       REAL NOT NULL,
        PRIMARY KEY (match_id, player_id)
      ) STRICT;
      CREATE INDEX rating_history_player ON rating_history(player_id, game_id, finished_at);
      CREATE INDEX rating_history_game ON rating_history(game_id, finished_at, match_id);
    `)
  },
}
