import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'electron-vite'
import { createHash } from 'node:crypto'
import { resolve } from 'node:path'
import type { Plugin } from 'vite'
import { CONTENT_SECURITY_POLICY } from './src/core/security'

// NINEKEEPER_OUT_DIR lets parallel work build into separate folders; out/ otherwise.
const OUT = process.env.NINEKEEPER_OUT_DIR ?? 'out'

/**
 * The start screen paints from index.html alone (first contentful paint, docs/BENCHMARKS.md § Renderer): its inline
 * <style> must be the block the CSP allows by hash (the build fails otherwise), and the bundle's stylesheet
 * links move below the static frame, where they no longer hold the first paint (a stylesheet in
 * <body> is not render-blocking) but still hold the module script until they have loaded.
 */
function shellPaintsFirst(): Plugin {
  return {
    name: 'ninekeeper-shell-paints-first',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        for (const [, css] of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) {
          const hash = `'sha256-${createHash('sha256')
            .update(css ?? '', 'utf8')
            .digest('base64')}'`
          if (!CONTENT_SECURITY_POLICY.includes(hash))
            throw new Error(
              `index.html's inline <style> hashes to ${hash}, which the CSP in src/core/security.ts does not allow.`,
            )
        }
        const links = [...html.matchAll(/\n?[ \t]*<link rel="stylesheet"[^>]*>/g)].map((m) => m[0])
        if (links.length === 0) return html
        for (const link of links) html = html.replace(link, '')
        return html.replace('</body>', `${links.map((l) => `  ${l.trim()}`).join('\n')}\n  </body>`)
      },
    },
  }
}

// electron-vite leaves everything in package.json `dependencies` external to the main bundle, so only
// better-sqlite3 (a native module, loaded from .native/ in the packaged app) is listed there; the
// pure-JS libraries (openskill, valibot, chart.js) are devDependencies and bundled where they are used.
export default defineConfig({
  main: {
    build: {
      outDir: `${OUT}/main`,
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          // The web bridge's entry: plain Node, no Electron import.
          web: resolve(__dirname, 'src/web/cli.ts'),
          // The database worker (docs/ARCHITECTURE.md § Threads), started by src/core/worker/client.ts from beside
          // the bundle.
          'db-worker': resolve(__dirname, 'src/core/worker/db-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: `${OUT}/preload`,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        // A sandboxed preload must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].js' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [svelte({ configFile: resolve(__dirname, 'svelte.config.mjs') }), shellPaintsFirst()],
    build: {
      outDir: `${OUT}/renderer`,
      // Minified, and split by route (App.svelte loads screens on demand): the start screen's payload
      // has a budget (docs/BENCHMARKS.md § Renderer), checked by bench/renderer-size.ts in npm test.
      minify: true,
      cssMinify: true,
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/renderer/index.html'),
          // The phone at a table (docs/TABLES.md): its own small page, served only by the table units' listener.
          phone: resolve(__dirname, 'src/renderer/phone.html'),
        },
      },
    },
  },
})
