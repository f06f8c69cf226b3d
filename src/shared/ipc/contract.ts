/**
 * The IPC contract: for each channel, the runtime schema its input must pass and the type of its output.
 * Main (and the web bridge) parse every payload against these before any handler runs.
 */
import * as v from 'valibot'
import type { AppInfo } from '../model/app'
import type { Player } from '../model/player'
import type { Channel } from './channels'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export const Id = v.pipe(v.string('must be text'), v.regex(UUID, 'must be an id like 0190f5c2-…'))
/** Raw name as typed: bounded here, the 1–40 rule itself lives in validatePlayerName so its message is a player's. */
const RawName = v.pipe(v.string('must be text'), v.maxLength(200, 'is far too long'))
const Color = v.nullable(v.pipe(v.string('must be text'), v.maxLength(16, 'is too long')))

export const schemas = {
  'app:info': v.strictObject({}),
  'players:list': v.strictObject({
    includeArchived: v.optional(v.boolean('must be true or false')),
    search: v.optional(v.pipe(v.string('must be text'), v.maxLength(200, 'is far too long'))),
  }),
  'players:create': v.strictObject({ name: RawName, color: v.optional(Color) }),
  'players:rename': v.strictObject({ id: Id, name: RawName }),
  'players:set-color': v.strictObject({ id: Id, color: Color }),
  'players:set-archived': v.strictObject({ id: Id, archived: v.boolean('must be true or false') }),
  'players:delete': v.strictObject({ id: Id }),
} satisfies Record<Channel, v.GenericSchema>

export type Inputs = { [C in Channel]: v.InferOutput<(typeof schemas)[C]> }

export interface Outputs {
  'app:info': AppInfo
  'players:list': Player[]
  'players:create': Player
  'players:rename': Player
  'players:set-color': Player
  'players:set-archived': Player
  'players:delete': { id: string }
}

export type Input<C extends Channel> = Inputs[C]
export type Output<C extends Channel> = Outputs[C]
