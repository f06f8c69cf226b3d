/**
 * The database worker's entry (issue 16: the main thread never stalls). Plain Node: it runs as a
 * worker_threads worker today and is written so Electron's utilityProcess can run the same file
 * (messages are plain data; the port is the only thing that differs). One request at a time, in
 * arrival order, over the worker's own connection (src/main/worker/ops.ts).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { createWorkerOps } from './ops'
import type { WorkerEnvelope, WorkerInit, WorkerReply } from './protocol'

const port = parentPort
if (!port) throw new Error('db-worker.ts runs as a worker thread only.')

const ops = createWorkerOps(workerData as WorkerInit)
let queue: Promise<void> = Promise.resolve()

port.on('message', (message: WorkerEnvelope) => {
  queue = queue.then(async () => {
    let reply: WorkerReply
    try {
      reply = { id: message.id, ok: true, value: await ops.run(message.request) }
    } catch (e) {
      const error = e as { name?: string; message?: string; code?: unknown }
      reply = {
        id: message.id,
        ok: false,
        error: { name: error.name ?? 'Error', message: error.message ?? String(e), ...(typeof error.code === 'string' ? { code: error.code } : {}) },
      }
    }
    port.postMessage(reply)
    if (message.request.op === 'close') {
      ops.close()
      port.close()
    }
  })
})
