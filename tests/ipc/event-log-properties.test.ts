/**
 * Properties of the event log over random multi-laptop histories (fast-check, bounded):
 *  (a) rebuilding every projection from the events alone equals what the incremental writes left;
 *      each laptop's clock is off by a drawn amount (0, ±10 minutes, ±1 day), so this holds under any clocks;
 *  (b) any arrival order that keeps each device's own order gives the same projections;
 *  (c) no event is lost or duplicated by import.
 */
import fc from 'fast-check'
import { describe, it } from 'vitest'
import { opArbitrary } from '../helpers/random-ops'
import { checkLogProperties, exchange, useLaptops } from '../helpers/log-properties'

const Op = opArbitrary(['exchange'])
const DAY = 86_400_000
/** Each laptop's clock error: right, ±10 minutes or ±1 day (the drift guard holds back what is ahead). */
const Skew = fc.constantFrom(0, 10 * 60_000, -10 * 60_000, DAY, -DAY)
const { laptop, closeAll } = useLaptops()

describe('event log properties over random multi-laptop histories', () => {
  it('rebuild equals incremental; any per-device-ordered arrival gives the same projections; nothing lost or duplicated', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.noBias(fc.array(Op, { minLength: 30, maxLength: 70 })),
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.array(Skew, { minLength: 4, maxLength: 4 }),
        (ops, seed, skews) => checkLogProperties({ laptop, closeAll, ops, seed, other: exchange, skews }),
      ),
      {
        numRuns: Number(process.env.EVENT_LOG_RUNS ?? 12),
        seed: Number(process.env.EVENT_LOG_SEED ?? 20261201),
        endOnFailure: !process.env.EVENT_LOG_SHRINK,
      },
    )
  })
})
