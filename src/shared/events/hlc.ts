/**
 * Hybrid logical clock (after Kulkarni et al. and Actual Budget's crdt timestamp): wall-clock
 * milliseconds, a counter for events in the same millisecond, and the device id, written as text
 * that sorts in causal order. Pure: the caller passes the physical time in.
 *
 * - send: stamp a local event; never earlier than the last stamp this device made or saw.
 * - recv: fold a stamp that arrived from another device into the clock, so later local events sort
 *   after everything this device has seen.
 * - drift guard: a remote stamp never moves the clock more than MAX_DRIFT_MS ahead of this
 *   computer's physical time. A remote stamp further in the future is still stored with its own stamp (events keep
 *   their identity), but it does not drag this device's clock along.
 */

export const MAX_DRIFT_MS = 60_000
const MAX_COUNTER = 999_999

export interface HlcState {
  wall: number
  counter: number
}

export const HLC_ZERO: HlcState = { wall: 0, counter: -1 }

const HLC_PATTERN = /^(\d{15})\.(\d{6})\.([0-9a-f-]{36})$/

export function formatHlc(wall: number, counter: number, deviceId: string): string {
  return `${String(wall).padStart(15, '0')}.${String(counter).padStart(6, '0')}.${deviceId}`
}

export function parseHlc(hlc: string): { wall: number; counter: number; deviceId: string } | null {
  const m = HLC_PATTERN.exec(hlc)
  if (!m) return null
  return { wall: Number(m[1]), counter: Number(m[2]), deviceId: m[3] as string }
}

export function isHlc(hlc: string): boolean {
  return parseHlc(hlc) !== null
}

/** The ISO time an HLC stamp was made at (its wall part). */
export function hlcTime(hlc: string): string {
  // A commit asks for its stamp's time several times (the log entry, the match row, the round rows).
  if (hlc === lastTime.hlc) return lastTime.iso
  // The first 15 characters are the wall milliseconds (read often: once per entry of every replay).
  const wall = Number(hlc.slice(0, 15))
  const iso = new Date(Number.isFinite(wall) && hlc[15] === '.' ? wall : 0).toISOString()
  lastTime.hlc = hlc
  lastTime.iso = iso
  return iso
}
const lastTime = { hlc: '', iso: new Date(0).toISOString() }

/** The next state and stamp for a local event at physical time `now`. */
export function hlcSend(state: HlcState, now: number, deviceId: string): { state: HlcState; hlc: string } {
  // A computer clock set back never stalls scoring: the stamp keeps counting from the last one.
  let wall = Math.max(state.wall, now)
  let counter = wall === state.wall ? state.counter + 1 : 0
  if (counter > MAX_COUNTER) {
    wall += 1
    counter = 0
  }
  return { state: { wall, counter }, hlc: formatHlc(wall, counter, deviceId) }
}

/**
 * Folds a remote stamp into the clock. Remote stamps further than MAX_DRIFT_MS ahead of `now` are
 * clamped (the clock advances to now + MAX_DRIFT_MS at most), so one laptop with a wrong date cannot
 * push every other laptop's clock into the future.
 */
export function hlcRecv(state: HlcState, remote: string, now: number): HlcState {
  const r = parseHlc(remote)
  if (!r) return state
  const limit = now + MAX_DRIFT_MS
  const rWall = Math.min(r.wall, limit)
  const rCounter = r.wall > limit ? 0 : r.counter
  const wall = Math.max(state.wall, rWall)
  if (wall === state.wall && wall === rWall) return { wall, counter: Math.max(state.counter, rCounter) }
  if (wall === state.wall) return state
  return { wall, counter: rCounter }
}
