/**
 * Ennea: the schema an action passes before the engine looks at a rule: a known action type and only the
 * fields it may carry. Cell numbers, seats and grid values are checked by the engine against the round
 * (which cells are free, whose turn it is), in the rule's own words.
 */
import * as v from 'valibot'
import type { Result } from '../../result'
import { parseInput, plainObject } from '../input'
import { describe } from './format'

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
