/** One timed benchmark case. `fn` performs `ops` operations; the runner reports µs per operation. */
export interface BenchCase {
  name: string
  ops: number
  fn: () => void
}
