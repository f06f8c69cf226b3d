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

/**
 * The process's one worker thread, shared by every DbWorker (one per opened data file: one in the
 * app, many in tests). Referenced only while a request is pending, so it never keeps a process alive.
 */
class SharedThread {
  private worker: Worker | null = null
  private nextId = 1
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>()

  private start(): Worker {
    if (this.worker) return this.worker
    const source = workerSource()
    const worker = new Worker(source.file, { eval: source.eval })
    worker.on('message', (reply: WorkerReply) => {
      const p = this.pending.get(reply.id)
      if (!p) return
      this.pending.delete(reply.id)
      if (this.pending.size === 0) worker.unref()
      if (reply.ok) p.resolve(reply.value)
      else p.reject(new WorkerError(reply.error.name, reply.error.message, reply.error.code))
    })
    const fail = (e: unknown): void => {
      if (this.worker !== worker) return
      this.worker = null
      for (const p of this.pending.values()) p.reject(e)
      this.pending.clear()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new WorkerError('WorkerExit', `The database worker stopped (exit code ${code}).`)))
    worker.unref()
    this.worker = worker
    return worker
  }

  send<T>(init: WorkerInit, request: WorkerRequest): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const worker = this.start()
      const id = this.nextId++
      this.pending.set(id, { resolve: (v) => resolve(v as T), reject })
      worker.ref()
      worker.postMessage({ id, init, request } satisfies WorkerEnvelope)
    })
  }

  /** Stops the thread (every file's connection with it). */
  async terminate(): Promise<void> {
    const worker = this.worker
    this.worker = null
    // Referenced until it has stopped: an unreferenced thread would let the process end before this resolves.
    worker?.ref()
    if (worker) await worker.terminate()
  }
}

const shared = new SharedThread()

export class DbWorker {
  /** Settles when every write the worker was asked for so far has finished. */
  private writes: Promise<unknown> = Promise.resolve()
  private closed = false
  private used = false

  constructor(private readonly init: WorkerInit) {}

  /** Sends one request; writes are queued behind earlier writes to the same file. */
  call<T>(request: WorkerRequest): Promise<T> {
    if (this.closed) return Promise.reject(new WorkerError('WorkerClosed', 'The database worker is closed.'))
    this.used = true
    const send = (): Promise<T> => shared.send<T>(this.init, request)
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

  /** True once this data file has been sent to the worker. */
  get started(): boolean {
    return this.used
  }

  /** Lets the worker finish what it was asked for this file, then close its connection. */
  close(): void {
    if (this.closed) return
    this.closed = true
    if (this.used) shared.send(this.init, { op: 'close' }).catch(() => {})
  }

  /** Stops the worker thread at once (shutdown paths that cannot wait; every file's connection goes with it). */
  static async terminate(): Promise<void> {
    await shared.terminate()
  }
}
