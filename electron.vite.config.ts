import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'electron-vite'
import { resolve } from 'node:path'

// NINEKEEPER_OUT_DIR lets parallel work build into separate folders; out/ otherwise.
const OUT = process.env.NINEKEEPER_OUT_DIR ?? 'out'

// Runtime libraries (better-sqlite3, valibot) stay external because they are in `dependencies`;
// bundling better-sqlite3 would break its native module.
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
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
})
