#!/usr/bin/env node
// `npm run dist`: packages for the current OS. Needs Electron's binary and network access for
// Electron's headers; native modules are built by our own checked step, never by electron-builder.
import { join } from 'node:path'
import { bin, buildApp, ROOT, run, tryDownloadElectron } from './lib.mjs'

if (!tryDownloadElectron()) {
  console.error('npm run dist: the Electron binary is not installed and could not be downloaded; packaging needs it.')
  process.exit(1)
}
if ((await run(process.execPath, [join(ROOT, 'scripts/build-electron-native.mjs')])) !== 0) process.exit(1)
await buildApp()
process.exit(await run(bin('electron-builder'), ['--publish', 'never', ...process.argv.slice(2)]))
