/**
 * Ennea: the schemas a config and an action pass before the engine looks at a rule: a known action type and only the
 * fields it may carry. Cell numbers, seats and grid values are checked by the engine against the round
 * (which cells are free, whose turn it is), in the rule's own words.
 */
import * as v from 'valibot'
import type { Result } from '../../result'
import type { GameErrorCode } from '../errors'
import { eachItem, missingKey, parseInput, plainObject } from '../input'
import { defaultSeatName, describe, MSG } from './format'

const turn = { seat: v.optional(v.unknown()), cell: v.optional(v.unknown()) }

export const EnneaActionSchema = v.pipe(
  plainObject('An action must be an object such as { type: "stake", cell: 4 }.'),
  v.variant(
    'type',
    [
      v.looseObject({ type: v.literal('peek'), ...turn }),
      v.looseObject({ type: v.literal('stake'), ...turn }),
      v.looseObject({ type: v.literal('pass'), ...turn }),
      v.looseObject({ type: v.literal('ennea'), ...turn }),
      v.looseObject({ type: v.literal('reveal'), grid: v.optional(v.unknown()) }),
    ],
    (issue) => `Unknown action ${describe(issue.input)}; use peek, stake, pass, ennea or reveal.`,
  ),
)

export type EnneaParsedAction = v.InferOutput<typeof EnneaActionSchema>

export function parseEnneaAction(raw: unknown): Result<EnneaParsedAction> {
  // the engine has always named the whole action as the field of a non-object
  return parseInput(EnneaActionSchema, raw, () => 'invalid-action')
}

// ---------------------------------------------------------------------------------------------- config

/** Two to four seats; a name may be left out (the seat is then called by its default name). */
const Names = v.pipe(
  v.custom<unknown[]>((x) => Array.isArray(x) && x.length >= 2 && x.length <= 4, MSG.players),
  eachItem((name, seat) =>
    name === undefined || name === null || typeof name === 'string'
      ? null
      : `${defaultSeatName(seat)}'s name must be text.`,
  ),
)

export const EnneaConfigSchema = v.pipe(
  plainObject('Ennea setup needs the players: { names: [...], colours: [...] }.'),
  v.looseObject(
    {
      names: Names,
      // colours and the starter are checked against the number of seats by the engine
      colours: v.optional(v.unknown()),
      starter: v.optional(v.unknown()),
      houseRules: v.nullish(
        v.pipe(
          plainObject('The house rules must be an object.'),
          v.looseObject({
            failedLineRemoval: v.optional(v.unknown()),
            reshuffleEachRound: v.nullish(v.boolean('reshuffleEachRound must be true or false.')),
          }),
        ),
      ),
    },
    missingKey({ names: MSG.players }, MSG.players),
  ),
)

function configCode(field: string | undefined): GameErrorCode {
  if (field === undefined) return 'invalid-config'
  if (field === 'names') return 'player-count'
  if (field.startsWith('names.')) return 'invalid-name'
  return field.startsWith('houseRules') ? 'invalid-rules' : 'invalid-config'
}

export function parseEnneaConfig(raw: unknown): Result<v.InferOutput<typeof EnneaConfigSchema>> {
  const r = parseInput(EnneaConfigSchema, raw, configCode)
  if (r.ok || r.error.field !== undefined) return r
  // the engine has always named the whole config as the field of a non-object
  return { ok: false, error: { ...r.error, field: 'config' } }
}
