#!/usr/bin/env node
// `npm run web -- [--port N] [--data-dir DIR]`: builds, then serves the real app on 127.0.0.1.
import { join } from 'node:path'
import { buildApp, ROOT, run } from './lib.mjs'

await buildApp()
process.exit(await run(process.execPath, [join(ROOT, 'out/main/web.js'), ...process.argv.slice(2)]))
