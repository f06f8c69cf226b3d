// Types for scripts/hub.mjs (tests and benchmarks start hubs with it).
export interface Hub {
  url: string
  file: string
  pid: number | undefined
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  stop(signal?: NodeJS.Signals): Promise<void>
}
export function hubBinary(): string
export function startHub(options: { port: number; dataDir: string; host?: string; quiet?: boolean }): Promise<Hub>
