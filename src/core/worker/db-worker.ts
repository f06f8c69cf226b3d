/**
 * The database worker's entry (the main thread never stalls: docs/ARCHITECTURE.md § Threads). Plain Node: it runs as a
 * worker_threads worker today and is written so Electron's utilityProcess can run the same file
 * (messages are plain data; the port is the only thing that differs). One request at a time, in
 * arrival order (but CONCURRENT_OPS, which pause between chunks and let the others through), over the worker's own connection to each data file (src/core/worker/ops.ts).
 */
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { createWorkerOps, type WorkerOps } from './ops'
import { CONCURRENT_OPS, type WorkerEnvelope, type WorkerReply } from './protocol'

const port = parentPort
if (!port) throw new Error('db-worker.ts runs as a worker thread only.')

/**
 * The main thread answers the window and the web bridge; this thread only works through a queue.
 * On Linux a thread has its own nice value, so this one steps back (nice 10): while an import or a
 * backup keeps it busy, the main thread gets a core as soon as it wakes instead of waiting its turn
 * behind this thread (blocks of 50-100 ms on a loaded 2-core machine: docs/BENCHMARKS.md § Main thread). Elsewhere
 * setpriority would change the whole process, so it is left alone.
 */
function stepBack(): number | null {
  if (process.platform !== 'linux') return null
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (!Number.isInteger(tid) || tid === process.pid) return null
    setPriority(tid, 10)
    return tid
  } catch {
    // No /proc or not permitted: the worker runs at the process's priority.
    return null
  }
}
stepBack()

/** One connection per data file, opened on its first request and closed by its `close`. */
const files = new Map<string, WorkerOps>()
let queue: Promise<void> = Promise.resolve()

port.on('message', (message: WorkerEnvelope) => {
  const job = async (): Promise<void> => {
    const { file } = message.init
    let reply: WorkerReply
    try {
      let ops = files.get(file)
      if (message.request.op === 'close') {
        ops?.close()
        files.delete(file)
        reply = { id: message.id, ok: true, value: null }
      } else {
        if (!ops) {
          ops = createWorkerOps(message.init)
          files.set(file, ops)
        }
        reply = { id: message.id, ok: true, value: await ops.run(message.request) }
      }
    } catch (e) {
      const error = e as { name?: string; message?: string; code?: unknown }
      reply = {
        id: message.id,
        ok: false,
        error: {
          name: error.name ?? 'Error',
          message: error.message ?? String(e),
          ...(typeof error.code === 'string' ? { code: error.code } : {}),
        },
      }
    }
    port.postMessage(reply)
  }
  // A concurrent op (a long read that pauses between chunks) runs beside the queue, not in it.
  if (CONCURRENT_OPS.has(message.request.op)) void job()
  else queue = queue.then(job)
})
