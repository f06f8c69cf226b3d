/**
 * The database worker's entry (issue 16: the main thread never stalls). Plain Node: it runs as a
 * worker_threads worker today and is written so Electron's utilityProcess can run the same file
 * (messages are plain data; the port is the only thing that differs). One request at a time, in
 * arrival order, over the worker's own connection to each data file (src/main/worker/ops.ts).
 */
import { parentPort } from 'node:worker_threads'
import { createWorkerOps, type WorkerOps } from './ops'
import type { WorkerEnvelope, WorkerReply } from './protocol'

const port = parentPort
if (!port) throw new Error('db-worker.ts runs as a worker thread only.')

/** One connection per data file, opened on its first request and closed by its `close`. */
const files = new Map<string, WorkerOps>()
let queue: Promise<void> = Promise.resolve()

port.on('message', (message: WorkerEnvelope) => {
  queue = queue.then(async () => {
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
        error: { name: error.name ?? 'Error', message: error.message ?? String(e), ...(typeof error.code === 'string' ? { code: error.code } : {}) },
      }
    }
    port.postMessage(reply)
  })
})
