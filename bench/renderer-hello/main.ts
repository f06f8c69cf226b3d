// The baseline of the renderer budget (docs/BENCHMARKS.md § Renderer): a one-component Svelte 5 app built with the
// project's own Vite, Svelte plugin and svelte.config.mjs, minified like the app.
import { mount } from 'svelte'
import App from './App.svelte'

mount(App, { target: document.getElementById('app') as HTMLElement })
