// Types for scripts/hub-proxy.mjs (the hub's front door; tests check its rules directly).
export interface HubLimits {
  requestBytes: number
  pipelineResponseBytes: number
  pullResponseBytes: number
  timeoutMs: number
  longPollMs: number
  waiters: number
  steps: number
  payloadChars: number
}
export const DEFAULT_LIMITS: HubLimits
export const TOKEN_FILE: string
export const CODE_FILE: string
export const CLUB_NAME_MAX: number
export const LABEL_MAX: number
export function checkName(text: unknown, max: number, what?: string): string | null
export function tokenHash(token: string): Buffer
export function classifyPipeline(
  body: unknown,
  limits?: HubLimits,
):
  { kind: 'probe' } | { kind: 'read' } | { kind: 'push'; rows: number } | { kind: 'seed'; info: Record<string, string> }
export function checkPullRequest(body: Buffer, limits?: HubLimits): { longPollMs: number }
export function startHubProxy(options: {
  host: string
  port: number
  upstreamPort: number
  dataDir: string
  limits?: Partial<HubLimits>
  log?: (line: string) => void
}): Promise<{ port: number; tokenFile: string; codeFile: string; close(): Promise<void> }>
