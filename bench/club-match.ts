/**
 * One match at one table of the club history (bench/club-generate.ts), planned before it is written:
 * the steps a table takes (create, entries, undos and redos, a correction, a close by hand), each at
 * its time, with the entries played by the game's own engine so every one of them is legal.
 */
import { ENGINES, type GameId } from '../src/shared/games/registry'
import { enneaExpectedRemaining, type EnneaState } from '../src/shared/games/ennea'
import { MIN } from './club-time'

export type Step =
  | { t: number; table: number; kind: 'create'; gameId: GameId; players: string[]; options: Record<string, unknown> }
  | { t: number; table: number; kind: 'apply'; action: unknown; tag?: number }
  | { t: number; table: number; kind: 'undo' | 'redo' }
  | { t: number; table: number; kind: 'correct'; tag: number; action: unknown }
  | { t: number; table: number; kind: 'close'; status: 'finished' | 'abandoned' }

interface Sim {
  state: unknown
  over: boolean
}

function simStart(gameId: GameId, config: unknown): Sim {
  const s = ENGINES[gameId].setup(config)
  if (!s.ok) throw new Error(`club bench: ${gameId} setup refused: ${s.error.message}`)
  return { state: s.value, over: false }
}

function simApply(gameId: GameId, sim: Sim, action: unknown): Sim | null {
  const r = ENGINES[gameId].apply(sim.state, action)
  if (!r.ok) return null
  return { state: r.value, over: ENGINES[gameId].status(r.value).over }
}

export const shuffle = <T>(xs: T[], r: () => number): T[] => {
  const out = xs.slice()
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1))
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}

/** One random round entry (Nine, Wild Nine) for `n` seats. */
function roundEntry(gameId: GameId, n: number, r: () => number): unknown {
  if (gameId === 'wild-nine') {
    const wentOut = Math.floor(r() * n)
    return {
      type: 'round',
      wentOut,
      points: Array.from({ length: n }, (_, s) => (s === wentOut ? 0 : 3 + Math.floor(r() * 18))),
    }
  }
  const declarer = Math.floor(r() * n)
  return {
    type: 'round',
    declarer,
    totals: Array.from({ length: n }, (_, s) => (s === declarer ? Math.floor(r() * 8) : 3 + Math.floor(r() * 14))),
  }
}

/** Ennea: peeks, stakes and passes from its legal actions; a reveal deals the remaining cards. */
function enneaAction(state: EnneaState, r: () => number): unknown {
  const legal = ENGINES.ennea.legalActions(state) as { type: string; cells?: number[] }[]
  if (legal.some((l) => l.type === 'reveal'))
    return { type: 'reveal', grid: shuffle(enneaExpectedRemaining(state) ?? [], r).slice(0, 9) }
  const roll = r()
  const want = roll < 0.45 ? 'peek' : roll < 0.85 ? 'stake' : roll < 0.99 ? 'pass' : 'ennea'
  const chosen =
    legal.find((l) => l.type === want) ?? legal.find((l) => l.type === 'stake') ?? legal.find((l) => l.type === 'pass')
  if (chosen?.cells) return { type: chosen.type, cell: chosen.cells[Math.floor(r() * chosen.cells.length)] ?? 0 }
  return { type: chosen?.type ?? 'pass' }
}

/** Seven Eight Nine: one short game (SE-R14's ways of winning), then the next. */
function senGame(r: () => number): unknown[] {
  switch (Math.floor(r() * 4)) {
    case 0:
      return [{ type: 'flip', card: 8 }, { type: 'discard' }, { type: 'react', give: 9, show: [7, 8, 9] }]
    case 1:
      return [
        { type: 'flip', card: 4 },
        { type: 'discard' },
        { type: 'flip', card: 2 },
        { type: 'swap', give: 3 },
        { type: 'flip', card: 9 },
        { type: 'swap', give: 10, show: [7, 8, 9] },
      ]
    case 2:
      return [{ type: 'flip', card: 9 }, { type: 'declare', hand: [7, 8, 12] }, { type: 'no-block' }]
    default:
      return [{ type: 'dealt-win', seats: [Math.floor(r() * 2)] }]
  }
}

/**
 * The steps of one match at one table from `t`: its creation, its entries a few minutes apart, a wrong
 * entry now and then taken back (sometimes redone and taken back again), a correction once in a while,
 * a close by hand for a few. Returns the steps and when the table is free again.
 */
export function planMatch(
  table: number,
  t: number,
  gameId: GameId,
  players: string[],
  names: string[],
  r: () => number,
  tagBase: number,
): { steps: Step[]; end: number } {
  const n = players.length
  const options: Record<string, unknown> =
    gameId === 'seven-eight-nine'
      ? { starter: Math.floor(r() * 2), target: 3 }
      : gameId === 'ennea'
        ? { starter: Math.floor(r() * n) }
        : { firstDealer: Math.floor(r() * n) }
  const config = { ...options, names }
  const steps: Step[] = [{ t, table, kind: 'create', gameId, players, options }]
  let sim = simStart(gameId, config)
  const applied: { action: unknown; tag: number }[] = []
  let tag = tagBase
  const abandonAt = r() < 0.03 ? 1 + Math.floor(r() * 3) : -1
  const finishByHandAt = abandonAt < 0 && gameId !== 'ennea' && r() < 0.01 ? 2 + Math.floor(r() * 2) : -1
  const senQueue: unknown[] = []
  for (let guard = 0; guard < 600 && !sim.over; guard++) {
    if (applied.length === abandonAt || applied.length === finishByHandAt) {
      t += MIN
      steps.push({ t, table, kind: 'close', status: applied.length === abandonAt ? 'abandoned' : 'finished' })
      return { steps, end: t + 5 * MIN }
    }
    let action: unknown
    if (gameId === 'ennea') action = enneaAction(sim.state as EnneaState, r)
    else if (gameId === 'seven-eight-nine') {
      if (senQueue.length === 0) {
        const status = ENGINES[gameId].status(sim.state)
        senQueue.push(...(status.phase === 'game-over' ? [{ type: 'next-game' }] : senGame(r)))
      }
      action = senQueue.shift()
    } else action = roundEntry(gameId, n, r)
    const next = simApply(gameId, sim, action)
    if (!next) {
      senQueue.length = 0
      continue
    }
    const roundLike = gameId === 'nine' || gameId === 'wild-nine'
    t += roundLike
      ? 2 * MIN + Math.floor(r() * 2 * MIN)
      : gameId === 'ennea'
        ? 15_000 + Math.floor(r() * 30_000)
        : 40_000 + Math.floor(r() * 80_000)
    // A wrong entry first, taken back (SE and Ennea rarely: their entries are single moves).
    if (roundLike && r() < 0.2) {
      const wrong = roundEntry(gameId, n, r)
      if (simApply(gameId, sim, wrong)) {
        steps.push({ t, table, kind: 'apply', action: wrong })
        t += 20_000
        steps.push({ t, table, kind: 'undo' })
        if (r() < 0.1) {
          t += 10_000
          steps.push({ t, table, kind: 'redo' }, { t: t + 10_000, table, kind: 'undo' })
          t += 10_000
        }
        t += 20_000
      }
    }
    steps.push({ t, table, kind: 'apply', action, tag: ++tag })
    applied.push({ action, tag })
    sim = next
  }
  // Now and then a round is corrected once the match is over: two seats' points swapped, kept only if
  // the match still ends exactly at its last entry.
  if (gameId === 'wild-nine' && applied.length > 2 && r() < 0.12) {
    const k = Math.floor(r() * (applied.length - 1))
    const old = applied[k]!.action as { type: 'round'; wentOut: number; points: number[] }
    const others = old.points.map((_, s) => s).filter((s) => s !== old.wentOut)
    if (others.length >= 2) {
      const [a, b] = shuffle(others, r) as [number, number]
      const points = old.points.slice()
      ;[points[a], points[b]] = [points[b]!, points[a]!]
      const fixed = { ...old, points }
      let s = simStart(gameId, config)
      let ok = true
      applied.forEach((x, i) => {
        const next = ok ? simApply(gameId, s, i === k ? fixed : x.action) : null
        if (!next || (next.over && i < applied.length - 1)) ok = false
        else s = next
      })
      if (ok && s.over) {
        t += 3 * MIN
        steps.push({ t, table, kind: 'correct', tag: applied[k]!.tag, action: fixed })
      }
    }
  }
  return { steps, end: t + 6 * MIN + Math.floor(r() * 12 * MIN) }
}
