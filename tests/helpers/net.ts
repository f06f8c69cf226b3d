/** Network helpers for tests: servers bind to 127.0.0.1 only. */
import { createServer } from 'node:net'

/** A port nobody listens on right now (asked of the OS, then let go). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer()
    s.once('error', fail)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => done(port))
    })
  })
}
