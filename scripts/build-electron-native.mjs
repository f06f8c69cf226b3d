#!/usr/bin/env node
// Builds better-sqlite3 for Electron's ABI into .native/electron-abi<N>/ and verifies what it
// produced. The Node-ABI build in node_modules stays as it is, for tests and the web bridge, so
// `npm start`, `npm run build` and `npm test` work in any order.
//
// Why not @electron/rebuild or `electron-builder install-app-deps`: with this machine's npm config
// (nodedir=/usr) they compile against Node's headers and label the result as Electron's. Here we
// drop nodedir, point node-gyp at Electron's headers, and refuse any binary whose registered ABI
// is not Electron's.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addonAbi, electronAbi, electronVersion, ROOT, run } from './lib.mjs'

const require = createRequire(import.meta.url)
const abi = electronAbi()
const version = electronVersion()
const sqliteVersion = JSON.parse(readFileSync(join(ROOT, 'node_modules/better-sqlite3/package.json'), 'utf8')).version
const outDir = join(ROOT, '.native', `electron-abi${abi}`)
const target = join(outDir, 'better_sqlite3.node')
const stampFile = join(outDir, 'stamp.json')
const stamp = JSON.stringify({ electron: version, betterSqlite3: sqliteVersion, abi })

if (
  existsSync(target) &&
  existsSync(stampFile) &&
  readFileSync(stampFile, 'utf8') === stamp &&
  addonAbi(target) === abi
) {
  console.log(`better-sqlite3 for Electron ${version} (ABI ${abi}) is up to date: ${target}`)
  process.exit(0)
}

const work = mkdtempSync(join(tmpdir(), 'ninekeeper-native-'))
try {
  cpSync(join(ROOT, 'node_modules/better-sqlite3'), work, {
    recursive: true,
    filter: (src) => !src.includes(`${join('better-sqlite3', 'build')}`),
  })
  const env = { ...process.env }
  for (const key of Object.keys(env))
    if (/^npm_config_(nodedir|target|runtime|disturl|dist_url)$/i.test(key)) delete env[key]
  console.log(`Building better-sqlite3 ${sqliteVersion} for Electron ${version} (ABI ${abi})…`)
  const code = await run(
    process.execPath,
    [
      require.resolve('node-gyp/bin/node-gyp.js'),
      'rebuild',
      '--release',
      `--target=${version}`,
      '--runtime=electron',
      '--dist-url=https://electronjs.org/headers',
    ],
    { cwd: work, env },
  )
  const built = join(work, 'build', 'Release', 'better_sqlite3.node')
  if (code !== 0 || !existsSync(built)) {
    console.error(
      `Could not build better-sqlite3 for Electron ${version}: node-gyp needs Electron's headers from electronjs.org (is there network access?).`,
    )
    process.exit(1)
  }
  const got = addonAbi(built)
  if (got !== abi) {
    console.error(
      `Refusing the build: it registers ABI ${got}, but Electron ${version} needs ABI ${abi}. It was compiled against the wrong headers (check npm's nodedir setting).`,
    )
    process.exit(1)
  }
  mkdirSync(outDir, { recursive: true })
  cpSync(built, target)
  writeFileSync(stampFile, stamp)
  console.log(`Built and verified ABI ${abi}: ${target}`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
