import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'electron-vite'
import { resolve } from 'node:path'

// NINEKEEPER_OUT_DIR lets parallel work build into separate folders; out/ otherwise.
const OUT = process.env.NINEKEEPER_OUT_DIR ?? 'out'

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
    plugins: [svelte({ configFile: resolve(__dirname, 'svelte.config.mjs') })],
    build: {
      outDir: `${OUT}/renderer`,
      // Minified, and split by route (App.svelte loads screens on demand): the start screen's payload
      // has a budget (issue 16), checked by bench/renderer-size.ts in npm test.
      minify: true,
      cssMinify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
})
