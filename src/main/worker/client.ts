/**
 * The main thread's side of the database worker: starts it on first use, sends requests, matches
 * the replies, and keeps writes serialized: while the worker runs a write (import, backup, rating
 * replay), the main thread's own writes wait their turn (`writesSettled`), so the two connections
 * never contend for SQLite's write lock with each other. The worker is never waited on
 * synchronously: the main thread only awaits promises.
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { WRITE_OPS, type WorkerEnvelope, type WorkerInit, type WorkerReply, type WorkerRequest } from './protocol'

/** An error from the worker, with SQLite's code kept so the dispatcher maps it as it would on the main thread. */
export class WorkerError extends Error {
  constructor(
    name: string,
    message: string,
    readonly code?: string,
  ) {
    super(message)
    this.name = name
  }
}

/**
 * The worker's script: the built `db-worker.js` beside the bundle (out/main/, see electron.vite.config.ts),
 * else the TypeScript source run through tsx (tests, benchmarks and `tsx` scripts).
 */
function workerSource(): { file: string; eval: boolean } {
  // The bundle puts the core in out/main/ or in a shared chunk under out/main/chunks/.
  const candidates = [join(__dirname, 'db-worker.js'), join(__dirname, '..', 'db-worker.js')]
  for (const c of candidates) if (existsSync(c)) return { file: c, eval: false }
  const ts = [join(__dirname, 'db-worker.ts'), join(__dirname, 'worker', 'db-worker.ts')].find((c) => existsSync(c))
  if (!ts) throw new Error(`The database worker's script was not found beside ${__dirname}.`)
  const tsx = createRequire(ts).resolve('tsx/cjs')
  return { file: `require(${JSON.stringify(tsx)}); require(${JSON.stringify(ts)})`, eval: true }
}

export class DbWorker {
  private worker: Worker | null = null
  private nextId = 1
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>()
  /** Settles when every write the worker was asked for so far has finished. */
  private writes: Promise<unknown> = Promise.resolve()
  private closed = false

  constructor(private readonly init: WorkerInit) {}

  private start(): Worker {
    if (this.worker) return this.worker
    const source = workerSource()
    const worker = new Worker(source.file, { eval: source.eval, workerData: this.init })
    worker.on('message', (reply: WorkerReply) => {
      const p = this.pending.get(reply.id)
      if (!p) return
      this.pending.delete(reply.id)
      if (reply.ok) p.resolve(reply.value)
      else p.reject(new WorkerError(reply.error.name, reply.error.message, reply.error.code))
    })
    const fail = (e: unknown): void => {
      for (const p of this.pending.values()) p.reject(e)
      this.pending.clear()
      this.worker = null
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new WorkerError('WorkerExit', `The database worker stopped (exit code ${code}).`)))
    // The worker never keeps a process alive on its own; pending requests keep it referenced.
    worker.unref()
    this.worker = worker
    return worker
  }

  /** Sends one request; writes are queued behind earlier writes. */
  call<T>(request: WorkerRequest): Promise<T> {
    if (this.closed) return Promise.reject(new WorkerError('WorkerClosed', 'The database worker is closed.'))
    const send = (): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        const worker = this.start()
        const id = this.nextId++
        this.pending.set(id, {
          resolve: (v) => {
            if (this.pending.size === 0) worker.unref()
            resolve(v as T)
          },
          reject: (e) => {
            if (this.pending.size === 0) worker.unref()
            reject(e)
          },
        })
        worker.ref()
        worker.postMessage({ id, request } satisfies WorkerEnvelope)
      })
    if (!WRITE_OPS.has(request.op)) return send()
    const job = this.writes.then(send, send)
    this.writes = job.catch(() => {})
    return job
  }

  /** Resolves once no write asked of the worker is running or queued (main-thread writes await this). */
  async writesSettled(): Promise<void> {
    let seen: Promise<unknown>
    do {
      seen = this.writes
      await seen
    } while (seen !== this.writes)
  }

  get started(): boolean {
    return this.worker !== null
  }

  /** Lets the worker finish what it was asked, then close its connection and stop. */
  close(): void {
    if (this.closed) return
    this.closed = true
    const worker = this.worker
    if (!worker) return
    worker.postMessage({ id: 0, request: { op: 'close' } } satisfies WorkerEnvelope)
  }

  /** Stops the worker at once (shutdown paths that cannot wait). */
  async terminate(): Promise<void> {
    this.closed = true
    const worker = this.worker
    this.worker = null
    if (worker) await worker.terminate()
  }
}
