/**
 * Nine: entering a deal's result ('round'), directly or at the end of a tracked deal: the declarer,
 * each hand as cards or a total, checked against what tracking saw (NI-V3, NI-R6), then scored.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { isInt, sum } from '../../util'
import { checkSeen, holdsAll, knownHands } from './seen'
import {
  checkCard,
  checkDeckLimits,
  checkHand,
  checkHandTotal,
  NINE_MESSAGES,
  overNineMessage,
  scoreNineTotals,
} from './scoring'
import { NINE_MAX_TOTAL_BY_SIZE, type NineState } from './types'
import { checkDeclare, closeRound, knownMessage, knownValues, name, totalRange, type Obj } from './helpers'

export function applyRound(state: NineState, a: Obj): Result<NineState> {
  const n = state.names.length
  if ('points' in a || 'scores' in a) return err('manual-scores', NINE_MESSAGES.manualScores, 'points')
  if (!isInt(a.declarer, 0, n - 1)) return err('no-declarer', NINE_MESSAGES.chooseDeclarer, 'declarer')
  const declarer = a.declarer
  const live = state.phase === 'round-entry' ? null : state.live
  if (state.phase === 'turns' && live) {
    // entering the round while tracking = the player to act declares now
    const can = checkDeclare(state, live, declarer)
    if (!can.ok) return can
  }
  if (state.phase === 'reveal' && live && live.declarer !== null && live.declarer !== declarer) {
    const d = name(state, live.declarer)
    return err('wrong-declarer', `${d} declared NINE this deal; enter the round with ${d} as the declarer.`, 'declarer')
  }
  if (a.confirmOverNine !== undefined && typeof a.confirmOverNine !== 'boolean') {
    return err('invalid-action', 'confirmOverNine must be true or false.', 'confirmOverNine')
  }
  const hands = a.hands
  const totals = a.totals
  if (hands !== undefined && hands !== null && (!Array.isArray(hands) || hands.length !== n)) {
    return err('invalid-hands', `Enter a hand for each of the ${n} players.`, 'hands')
  }
  if (totals !== undefined && totals !== null && (!Array.isArray(totals) || totals.length !== n)) {
    return err('invalid-hands', `Enter a hand total for each of the ${n} players.`, 'totals')
  }
  const sizes = live ? live.hands : null
  const known = live ? knownHands(live, n) : null
  const cardsBySeat: (number[] | null)[] = []
  const handTotals: number[] = []
  for (let s = 0; s < n; s++) {
    const who = name(state, s)
    const h = Array.isArray(hands) ? (hands[s] as unknown) : undefined
    const t = Array.isArray(totals) ? (totals[s] as unknown) : undefined
    const size = sizes ? (sizes[s] ?? null) : null
    if (h !== undefined && h !== null) {
      const c = checkHand(h, who, `hands.${s}`)
      if (!c.ok) return c
      if (size !== null && c.value.length !== size) {
        return err(
          'hand-size-mismatch',
          `${who} holds ${size} card${size === 1 ? '' : 's'}, but ${c.value.length} ${c.value.length === 1 ? 'was' : 'were'} entered.`,
          `hands.${s}`,
        )
      }
      const total = sum(c.value)
      if (t !== undefined && t !== null && t !== total) {
        if (!isInt(t)) return checkHandTotal(t, null, who, `totals.${s}`) as Result<never>
        return err('total-mismatch', `${who}'s cards add up to ${total}, but the total entered is ${t}.`, `totals.${s}`)
      }
      const mustHold = known?.[s] ?? []
      if (!holdsAll(c.value, mustHold)) return err('known-card-missing', knownMessage(who, mustHold), `hands.${s}`)
      cardsBySeat.push(c.value)
      handTotals.push(total)
    } else if (t !== undefined && t !== null) {
      const c = checkHandTotal(t, size, who, `totals.${s}`)
      if (!c.ok) return c
      const mustHold = known?.[s] ?? []
      if (mustHold.length > 0 && size !== null) {
        const least = sum(mustHold)
        const most = least + (NINE_MAX_TOTAL_BY_SIZE[size - mustHold.length] ?? 0)
        if (c.value < least || c.value > most) {
          return err('known-card-missing', `${knownMessage(who, mustHold)} ${totalRange(least, most)}`, `totals.${s}`)
        }
      }
      cardsBySeat.push(null)
      handTotals.push(c.value)
    } else {
      return err('missing-hand', `Enter ${who}'s cards or hand total.`, `hands.${s}`)
    }
  }
  let top: number | null = null
  if (a.discardTop !== undefined && a.discardTop !== null) {
    const c = checkCard(a.discardTop, 'The discard top', 'discardTop')
    if (!c.ok) return c
    top = c.value
  }
  if (live && known) {
    // NI-V3 against everything tracked this deal: the revealed hands, the whole discard pile and the
    // cards known to be in the hands entered by total only
    const limits = checkSeen(
      {
        pile: knownValues(live.discard),
        taken: null,
        hands: known.map((k, s) => (cardsBySeat[s] ? [] : k)),
        entered: cardsBySeat.map((c) => c ?? []),
      },
      { taker: null, seat: (s) => name(state, s) },
      'hands',
    )
    if (!limits.ok) return limits
  } else {
    const all: number[] = []
    for (const c of cardsBySeat) if (c) all.push(...c)
    if (top !== null) all.push(top)
    const limits = checkDeckLimits(all)
    if (!limits.ok) return { ok: false, error: { ...limits.error, field: 'hands' } }
  }
  const score = scoreNineTotals(handTotals, declarer, state.rules.overNineDeclaration, state.names)
  if (!score.ok) return score
  if (score.value.overNine && a.confirmOverNine !== true) {
    return err(
      'confirm-over-nine',
      overNineMessage(name(state, declarer), handTotals[declarer] ?? 0, 'FAILED_DECLARATION'),
      'confirmOverNine',
    )
  }
  return ok(closeRound(state, { declarer, hands: cardsBySeat, score: score.value, tracked: live !== null }))
}
