/** The input of hub:host-start (Settings → Club → Host the club on this laptop; docs/SYNC.md § Hosting the hub from the app). */
import * as v from 'valibot'

/** A port the organiser may pick: 1024 to 65535 (the ones below need administrator rights). */
export const HostPort = v.pipe(
  v.number('must be a number'),
  v.integer('must be a whole number'),
  v.minValue(1024, 'must be 1024 to 65535'),
  v.maxValue(65535, 'must be 1024 to 65535'),
)

/** On `port` (8800 when absent), for this laptop only or, with `lan`, the club's network. */
export const HOST_START_FIELDS = {
  port: v.optional(HostPort),
  lan: v.optional(v.boolean('must be true or false')),
}
