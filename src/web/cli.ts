/**
 * `npm run web` (and `npm start` where Electron is missing): the real app over the loopback bridge.
 * Built by electron-vite into out/main/web.js; runs in plain Node.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createCore } from '../core/core'
import { resolveDataDir } from '../core/paths'
import { startWebServer } from './server'
import { tableUnits } from './tables/control'
import { version } from '../../package.json'

const DEFAULT_PORT = 4178
const USAGE = 'npm run web -- [--port N] [--data-dir DIR] [--label NAME] [--tls-cert FILE --tls-key FILE]'

async function main(): Promise<void> {
  let args
  try {
    args = parseArgs({
      options: {
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        label: { type: 'string' },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }).values
  } catch (e) {
    fail(`${(e as Error).message}\nUsage: ${USAGE}`)
  }
  if (args.help) {
    console.log(
      `Usage: ${USAGE}\nData dir also from NINEKEEPER_DATA_DIR. --label names this laptop in its club (default: the computer's name).\n--tls-cert and --tls-key (PEM files, both or neither): the table units serve phones over HTTPS (docs/TABLES.md).`,
    )
    return
  }
  const requested = args.port === undefined ? DEFAULT_PORT : Number(args.port)
  if (!Number.isInteger(requested) || requested < 0 || requested > 65535)
    fail(`--port must be a whole number from 0 to 65535, not "${args.port}".`)

  const label = args.label?.trim()
  if (label !== undefined && (label.length === 0 || label.length > 40))
    fail('--label must be 1 to 40 characters: how this laptop is named in its club.')
  if ((args['tls-cert'] === undefined) !== (args['tls-key'] === undefined))
    fail('--tls-cert and --tls-key go together: the certificate and its private key, as PEM files.')
  let tls: { cert: Buffer; key: Buffer } | undefined
  if (args['tls-cert'] && args['tls-key']) {
    try {
      tls = { cert: readFileSync(args['tls-cert']), key: readFileSync(args['tls-key']) }
    } catch (e) {
      fail(`Cannot read the certificate or its key: ${(e as Error).message}`)
    }
  }
  const dataDir = resolveDataDir(args['data-dir'])
  const rendererDir = join(__dirname, '../renderer')
  let core
  try {
    core = createCore({
      dataDir,
      mode: 'web',
      version,
      ...(label ? { sync: { label } } : {}),
      // Phones at the tables (Settings → Club night; docs/TABLES.md): closed until the organiser opens them.
      tables: tableUnits({ rendererDir, ...(tls ? { tls } : {}) }),
    })
  } catch (e) {
    fail(`Cannot open the data file in ${dataDir}: ${(e as Error).message}`)
  }
  let web
  try {
    web = await startWebServer({
      dispatch: core.dispatch,
      downloads: core.downloads,
      changes: core.changes,
      rendererDir,
      port: requested,
    })
  } catch (e) {
    const code = (e as { code?: string }).code
    if (code === 'EADDRINUSE' && args.port === undefined) {
      web = await startWebServer({
        dispatch: core.dispatch,
        downloads: core.downloads,
        changes: core.changes,
        rendererDir,
        port: 0,
      })
    } else {
      core.close()
      fail(
        code === 'EADDRINUSE' ? `Port ${requested} is already in use; pick another with --port.` : (e as Error).message,
      )
    }
  }
  // The address carries this start's secret: only who can read this terminal can open the app.
  console.log(`Ninekeeper is running at ${web.openUrl}`)
  console.log('Open that whole address in your browser (the key in it changes at every start).')
  console.log(`Data file: ${core.opened.file}`)

  const shutdown = () => {
    void web.close().then(() => {
      core.close()
      process.exit(0)
    })
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

function fail(message: string): never {
  console.error(`ninekeeper: ${message}`)
  process.exit(1)
}

void main()
