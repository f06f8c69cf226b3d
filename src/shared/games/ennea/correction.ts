/**
 * What a correction of an earlier entry changes in one later entry of an Ennea match (the rules:
 * docs/rules/ennea.md § Correcting an earlier round, EN-A22). Both states are the engine's states
 * right after the entry: `was` as the match stands, `now` with the correction. Pure, never throws.
 */
import { cubes, defaultSeatName } from './format'
import { explainWinners } from './resolve'
import { enneaCallers } from './engine'
import type { EnneaState } from './types'

function nameOf(state: EnneaState, seat: number): string {
  return state.names[seat] ?? defaultSeatName(seat)
}

function same(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}

/**
 * The differences, one sentence each, or [] when the entry does exactly what it did. `was` and `now` are the
 * states before and after the entry, as the match stands and with the correction. A reveal lists each seat
 * whose resolution changed (loss and cubes after the round, EN-R22, EN-R23) and, after round 4, the winners
 * (EN-R24); a turn lists the acting seat's cubes when they differ (what it set aside, EN-R11, EN-R12, and its
 * pool after, EN-R7), and who acts next when that changed (EN-R8, EN-R13).
 */
export function enneaEntryChanges(
  was: readonly [EnneaState, EnneaState],
  now: readonly [EnneaState, EnneaState],
  action: unknown,
): string[] {
  const out: string[] = []
  const [wasBefore, wasAfter] = was
  const [nowBefore, nowAfter] = now
  const type = typeof action === 'object' && action !== null ? (action as { type?: unknown }).type : undefined
  if (type === 'reveal') {
    const a = wasAfter.rounds[wasAfter.rounds.length - 1]
    const b = nowAfter.rounds[nowAfter.rounds.length - 1]
    if (a && b) {
      for (const r of b.seats) {
        const old = a.seats[r.seat]
        const before = b.totalsBefore[r.seat] ?? 0
        const oldBefore = a.totalsBefore[r.seat] ?? 0
        if (!old || (old.loss === r.loss && old.total === r.total && before === oldBefore)) continue
        out.push(
          `${nameOf(nowAfter, r.seat)}: ${before} → ${r.total} cubes, loses ${cubes(r.loss)} ` +
            `(was ${oldBefore} → ${old.total}, lost ${cubes(old.loss)}).`,
        )
      }
    }
    if (wasAfter.phase === 'over' && nowAfter.phase === 'over') {
      const w0 = explainWinners(wasAfter.totals, enneaCallers(wasAfter), wasAfter.names)
      const w1 = explainWinners(nowAfter.totals, enneaCallers(nowAfter), nowAfter.names)
      if (!same(w0.winners, w1.winners)) out.push(`${w1.message} (was: ${w0.message})`)
    }
    return out
  }
  for (let s = 0; s < nowAfter.names.length; s++) {
    const spentWas = (wasBefore.pools[s] ?? 0) - (wasAfter.pools[s] ?? 0)
    const spentNow = (nowBefore.pools[s] ?? 0) - (nowAfter.pools[s] ?? 0)
    if (spentWas === 0 && spentNow === 0) continue
    const poolWas = wasAfter.pools[s] ?? 0
    const poolNow = nowAfter.pools[s] ?? 0
    if (spentWas === spentNow && poolWas === poolNow) continue
    const who = nameOf(nowAfter, s)
    out.push(
      spentWas === spentNow
        ? `${who}: ${poolNow} left in the pool after it (was ${poolWas}).`
        : `${who}: uses ${cubes(spentNow)}, not ${spentWas}; ${poolNow} left in the pool after it (was ${poolWas}).`,
    )
  }
  if (wasAfter.phase !== nowAfter.phase || wasAfter.toAct !== nowAfter.toAct) {
    const next = (st: EnneaState): string =>
      st.phase === 'reveal' ? 'the reveal' : st.toAct === null ? 'nobody' : `${nameOf(st, st.toAct)}'s turn`
    out.push(`Next: ${next(nowAfter)} (was ${next(wasAfter)}).`)
  }
  return out
}

/** Each seat whose pool or cube total differs between two states of the same point of the log (EN-R7, EN-R23). */
export function enneaStandsDifferently(was: EnneaState, now: EnneaState): string[] {
  const out: string[] = []
  for (let s = 0; s < now.names.length; s++) {
    const [poolWas, poolNow] = [was.pools[s] ?? 0, now.pools[s] ?? 0]
    const [totalWas, totalNow] = [was.totals[s] ?? 0, now.totals[s] ?? 0]
    if (poolWas === poolNow && totalWas === totalNow) continue
    out.push(
      `${nameOf(now, s)} has ${cubes(totalNow)}, ${poolNow} in the pool (was ${totalWas}, ${poolWas} in the pool).`,
    )
  }
  return out
}
