#!/usr/bin/env node
// `npm start`: installs the dependencies first on a fresh clone (npm ci), then the desktop window where
// Electron's binary is installed (or can be downloaded); otherwise one clear line, then the same app and
// database served in the browser.
import { join } from 'node:path'
import { buildApp, electronBinary, ensureInstalled, ROOT, run, tryDownloadElectron } from './lib.mjs'

ensureInstalled('npm start')
const args = process.argv.slice(2)
if (tryDownloadElectron()) {
  const native = await run(process.execPath, [join(ROOT, 'scripts/build-electron-native.mjs')])
  if (native !== 0) {
    console.error('npm start: better-sqlite3 could not be built for Electron (see above); `npm run web` still works.')
    process.exit(native)
  }
  await buildApp()
  process.exit(await run(electronBinary(), [ROOT, ...args]))
}

console.log(
  'npm start: the Electron binary is not installed and could not be downloaded; serving Ninekeeper in your browser instead.',
)
await buildApp()
process.exit(await run(process.execPath, [join(ROOT, 'out/main/web.js'), ...args]))
