/**
 * The renderer's initial payload (docs/BENCHMARKS.md § Renderer): the JS and CSS that index.html loads before
 * anything else (its module scripts, modulepreloads and stylesheets), gzip-compressed, against the same measure of a
 * one-component Svelte 5 hello world (bench/renderer-hello/) built with the project's own Vite, Svelte
 * plugin and svelte.config.mjs. Budget: at most BUDGET_RATIO times the hello world.
 *
 * `node --import tsx bench/renderer-size.ts --check` (a step of npm test, after the build) measures
 * `$NINEKEEPER_OUT_DIR/renderer` (else out/renderer) and exits 1 when the budget is exceeded.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'electron-vite'

export const ROOT = resolve(__dirname, '..')
export const BUDGET_RATIO = 3

export interface PayloadFile {
  file: string
  bytes: number
  gzip: number
}

export interface Payload {
  files: PayloadFile[]
  gzipBytes: number
}

/** Every same-origin file index.html loads up front: module scripts, modulepreloads and stylesheets. */
export function initialFiles(html: string): string[] {
  const files: string[] = []
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1]
    let ref: string | undefined
    if (/^<script/i.test(tag)) ref = attr('src')
    else if (/^(modulepreload|stylesheet|preload)$/i.test(attr('rel') ?? '')) ref = attr('href')
    if (ref && !/^(data:|[a-z]+:\/\/)/i.test(ref) && !files.includes(ref)) files.push(ref)
  }
  return files
}

export function initialPayload(dir: string): Payload {
  const html = readFileSync(join(dir, 'index.html'), 'utf8')
  const files = initialFiles(html).map((ref) => {
    const content = readFileSync(join(dir, ref.replace(/^\.?\//, '')))
    return { file: ref.replace(/^\.?\//, ''), bytes: content.length, gzip: gzipSync(content, { level: 9 }).length }
  })
  if (!files.some((f) => f.file.endsWith('.js')))
    throw new Error(`${join(dir, 'index.html')} loads no script: is it a built renderer?`)
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzip, 0) }
}

/**
 * Builds bench/renderer-hello/ into outDir with electron-vite and the renderer settings of the app's
 * electron.vite.config.ts (bench/renderer-hello/electron.vite.config.ts mirrors them), and returns outDir.
 */
export async function buildHello(outDir: string): Promise<string> {
  const root = join(ROOT, 'bench/renderer-hello')
  const previous = process.env.NINEKEEPER_HELLO_OUT_DIR
  process.env.NINEKEEPER_HELLO_OUT_DIR = outDir
  try {
    await build({ configFile: join(root, 'electron.vite.config.ts'), root, logLevel: 'error' })
  } finally {
    if (previous === undefined) delete process.env.NINEKEEPER_HELLO_OUT_DIR
    else process.env.NINEKEEPER_HELLO_OUT_DIR = previous
  }
  return outDir
}

export const kb = (bytes: number): string => (bytes / 1024).toFixed(2)

async function check(): Promise<number> {
  const appDir = join(ROOT, process.env.NINEKEEPER_OUT_DIR ?? 'out', 'renderer')
  const helloDir = mkdtempSync(join(tmpdir(), 'ninekeeper-hello-'))
  try {
    const app = initialPayload(appDir)
    const hello = initialPayload(await buildHello(helloDir))
    const ratio = app.gzipBytes / hello.gzipBytes
    const budget = hello.gzipBytes * BUDGET_RATIO
    console.log(`Initial renderer payload (gzip): ${app.files.map((f) => `${f.file} ${kb(f.gzip)} kB`).join(', ')}`)
    console.log(
      `= ${kb(app.gzipBytes)} kB, ${ratio.toFixed(2)}× the Svelte hello world (${kb(hello.gzipBytes)} kB); budget ${BUDGET_RATIO}× = ${kb(budget)} kB`,
    )
    if (app.gzipBytes > budget) {
      console.error(
        `The start screen's payload is over its budget by ${kb(app.gzipBytes - budget)} kB: load the new code on demand (a dynamic import() of the screen or library) instead of from index.html.`,
      )
      return 1
    }
    return 0
  } finally {
    rmSync(helloDir, { recursive: true, force: true })
  }
}

if (process.argv.includes('--check')) {
  check().then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(`renderer budget check failed: ${(e as Error).message}`)
      process.exit(1)
    },
  )
}
