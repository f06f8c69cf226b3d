#!/usr/bin/env node
// `npm test`: every check: types, lint, format and import cycles (side by side), build, the renderer's payload budget, Electron security
// scan, unit/db/ipc tests (vitest), browser tests (Playwright in Chromium). Runs them all, then one summary.
// On a fresh clone it first installs the dependencies (npm ci); without a Chromium it downloads Playwright's
// own (`npx playwright install chromium`), and only when that fails stops at once with one line saying what to install.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { bin, BUILD_COMMAND, ensureInstalled, inTurns, obtainChromium, ROOT, run, runHeld } from './lib.mjs'

ensureInstalled('npm test')
const chromium = obtainChromium()
if (chromium.error) {
  console.error(`npm test: ${chromium.error}`)
  process.exit(1)
}

const tmp = join(ROOT, '.tmp')
rmSync(tmp, { recursive: true, force: true })
mkdirSync(tmp, { recursive: true })
const vitestJson = join(tmp, 'vitest.json')
const playwrightJson = join(tmp, 'playwright.json')

// Steps in one group run side by side, as many at once as the machine has cores (each is one process,
// mostly on one core); the output of a step that shares its group is held and printed whole when it
// ends, so the log reads in order. Groups run one after another: the build before what reads out/,
// then the tests, each of which spreads over the cores itself.
const groups = [
  [
    ['typecheck', 'npm', ['run', '-s', 'typecheck']],
    ['lint', 'npm', ['run', '-s', 'lint']],
    ['format (prettier --check; `npm run format` fixes it)', 'npm', ['run', '-s', 'format:check']],
    // Fails on any import cycle in src/ (type-only imports count too): `npm run -s cycles` lists them.
    ['import cycles (madge --circular)', 'npm', ['run', '-s', 'cycles']],
  ],
  [['build', ...BUILD_COMMAND]],
  [
    // Fails when the JS and CSS index.html loads grow past 3× a Svelte hello world (docs/BENCHMARKS.md § Renderer).
    ['renderer payload budget', process.execPath, ['--import', 'tsx', join(ROOT, 'bench/renderer-size.ts'), '--check']],
    ['security (electronegativity)', process.execPath, [join(ROOT, 'scripts/security-scan.mjs')]],
  ],
  [
    [
      'unit, db and ipc tests (vitest)',
      bin('vitest'),
      ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    ],
  ],
  [
    [
      'browser tests (playwright, Chromium)',
      bin('playwright'),
      ['test', '--reporter=list,json'],
      { env: { ...process.env, CHROMIUM_PATH: chromium.path, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson } },
    ],
  ],
]

const outcomes = []
for (const group of groups) {
  const shared = group.length > 1
  const results = await inTurns(
    group.map(([name, cmd, args, opts]) => async () => {
      if (!shared) console.log(`\n━━ ${name}`)
      const started = Date.now()
      let code
      if (shared) {
        const held = await runHeld(cmd, args, opts)
        console.log(`\n━━ ${name}\n${held.output}`.trimEnd())
        code = held.code
      } else code = await run(cmd, args, opts)
      return { name, ok: code === 0, seconds: (Date.now() - started) / 1000 }
    }),
    Math.max(2, availableParallelism()),
  )
  outcomes.push(...results)
}

let passed = 0
let failed = 0
let skipped = 0
const skips = []
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'))
  passed += v.numPassedTests
  failed += v.numFailedTests
  skipped += v.numPendingTests + v.numTodoTests
}
if (existsSync(playwrightJson)) {
  const p = JSON.parse(readFileSync(playwrightJson, 'utf8'))
  passed += p.stats.expected + p.stats.flaky
  failed += p.stats.unexpected
  skipped += p.stats.skipped
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'skipped') skips.push(`${spec.title}: ${t.annotations.map((a) => a.description).join('; ')}`)
    for (const s of suite.suites ?? []) walk(s)
  }
  for (const s of p.suites ?? []) walk(s)
}

console.log('\n━━ summary')
for (const o of outcomes) console.log(`${o.ok ? 'ok  ' : 'FAIL'} ${o.name} (${o.seconds.toFixed(1)} s)`)
for (const s of skips) console.log(`skipped: ${s}`)
const stepsFailed = outcomes.filter((o) => !o.ok).length
if (stepsFailed > 0) failed = Math.max(failed, 1)
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(stepsFailed > 0 ? 1 : 0)
