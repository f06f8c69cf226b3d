// The hello-world baseline's build: the renderer section of the project's electron.vite.config.ts
// (same plugin, Svelte config and build options), for bench/renderer-size.ts.
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'electron-vite'
import { resolve } from 'node:path'

export default defineConfig({
  renderer: {
    root: __dirname,
    plugins: [svelte({ configFile: resolve(__dirname, '../../svelte.config.mjs') })],
    build: {
      outDir: process.env.NINEKEEPER_HELLO_OUT_DIR ?? resolve(__dirname, '../../.out-hello'),
      minify: true,
      cssMinify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'index.html') } },
    },
  },
})
