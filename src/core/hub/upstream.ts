/** The front door's own questions to tursodb on loopback (proxy.ts): read-only, one statement each. */
import { request as httpRequest } from 'node:http'

/** One request to tursodb on loopback, its answer whole. */
function upstreamJson(port: number, body: unknown, timeoutMs: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const data = Buffer.from(JSON.stringify(body))
    const r = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v2/pipeline',
        headers: { 'content-type': 'application/json', 'content-length': data.length },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')))
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)))
          }
        })
        res.on('error', reject)
      },
    )
    r.on('timeout', () => r.destroy(new Error('tursodb did not answer')))
    r.on('error', reject)
    r.end(data)
  })
}

interface PipelineAnswer {
  results?: {
    type?: string
    response?: {
      result?: { step_errors?: unknown[]; step_results: { rows?: { value?: unknown }[][] }[] }
    }
  }[]
}

/** One read-only statement on tursodb; its first column of its first row as a number. */
async function count(port: number, sql: string, timeoutMs: number): Promise<number> {
  const answer = (await upstreamJson(
    port,
    {
      baton: null,
      requests: [{ type: 'batch', batch: { steps: [{ condition: null, stmt: { sql, args: [], want_rows: true } }] } }],
    },
    timeoutMs,
  )) as PipelineAnswer | null
  const result = answer?.results?.[0]
  const step = result?.response?.result
  if (result?.type !== 'ok' || !step || step.step_errors?.[0]) throw new Error('tursodb did not answer the club check')
  return Number(step.step_results[0]?.rows?.[0]?.[0]?.value ?? 0)
}

/** Whether tursodb's file holds a club (a club_info table with rows). */
export async function holdsClub(port: number, timeoutMs: number): Promise<boolean> {
  // Asked in two steps: counting rows of a table that is not there would make tursodb log an error.
  if (
    (await count(port, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'club_info'", timeoutMs)) ===
    0
  )
    return false
  return (await count(port, 'SELECT count(*) FROM club_info', timeoutMs)) > 0
}
