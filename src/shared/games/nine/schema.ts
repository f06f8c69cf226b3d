/**
 * Nine: the schemas a config and an action pass before the engine looks at a rule. They fix the shape
 * (which action types exist, which fields are lists, text, true/false); checks that depend on the table
 * (how many seats, which cards are left) stay with the engine, in the rule's own words.
 */
import * as v from 'valibot'
import type { Result } from '../../result'
import type { GameErrorCode } from '../errors'
import { eachItem, parseInput, plainObject } from '../input'
import { showValue } from './scoring'

const NOT_RECOGNISED = 'That action is not recognised.'

export const NineActionSchema = v.pipe(
  plainObject(NOT_RECOGNISED),
  v.variant(
    'type',
    [
      // looseObject: the engine refuses hand-entered points ('points' / 'scores') by name (NI-V13)
      v.looseObject({
        type: v.literal('round'),
        declarer: v.optional(v.unknown()),
        hands: v.optional(v.unknown()),
        totals: v.optional(v.unknown()),
        discardTop: v.optional(v.unknown()),
        confirmOverNine: v.optional(v.boolean('confirmOverNine must be true or false.')),
      }),
      v.looseObject({ type: v.literal('deal'), top: v.optional(v.unknown()) }),
      v.looseObject({ type: v.literal('declare'), seat: v.optional(v.unknown()) }),
      v.looseObject(
        {
          type: v.literal('take'),
          seat: v.optional(v.unknown()),
          source: v.picklist(['draw', 'discard'] as const, 'Take from the draw pile or the discard pile.'),
        },
        () => 'Take from the draw pile or the discard pile.',
      ),
      v.looseObject({ type: v.literal('discard'), seat: v.optional(v.unknown()), cards: v.optional(v.unknown()) }),
      v.looseObject({ type: v.literal('snap'), seat: v.optional(v.unknown()), value: v.optional(v.unknown()) }),
      v.looseObject({ type: v.literal('stop-tracking') }),
    ],
    (issue) => (typeof issue.input === 'string' ? `${showValue(issue.input)} is not a Nine action.` : NOT_RECOGNISED),
  ),
)

export type NineParsedAction = v.InferOutput<typeof NineActionSchema>
export type NineParsed<T extends NineParsedAction['type']> = Extract<NineParsedAction, { type: T }>

function actionCode(field: string | undefined): GameErrorCode {
  return field === 'source' ? 'invalid-source' : 'invalid-action'
}

export function parseNineAction(raw: unknown): Result<NineParsedAction> {
  return parseInput(NineActionSchema, raw, actionCode)
}

export const NineConfigSchema = v.pipe(
  plainObject('The match settings are missing.'),
  v.looseObject({
    names: v.optional(
      v.pipe(
        v.array(v.unknown(), 'The player names must be a list.'),
        eachItem((name, seat) => (typeof name === 'string' ? null : `Seat ${seat + 1}'s name must be text.`)),
      ),
    ),
    players: v.optional(v.unknown()),
    firstDealer: v.optional(v.unknown()),
    houseRules: v.optional(v.unknown()),
    startTotals: v.optional(v.unknown()),
  }),
)

function configCode(field: string | undefined): GameErrorCode {
  return field?.startsWith('names') ? 'invalid-name' : 'invalid-config'
}

export function parseNineConfig(raw: unknown): Result<v.InferOutput<typeof NineConfigSchema>> {
  return parseInput(NineConfigSchema, raw, configCode)
}
