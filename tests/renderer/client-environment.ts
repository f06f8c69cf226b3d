/**
 * Plain Node (no DOM) whose modules are transformed for the browser: the Svelte plugin then compiles
 * rune modules for the client runtime, so $effect and $derived run as in the page. The state classes
 * under test need no DOM; what they ask of the main process goes through the real core (see bridge.ts).
 */
import type { Environment } from 'vitest/environments'

export default {
  name: 'renderer-client',
  viteEnvironment: 'client',
  setup() {
    return { teardown() {} }
  },
} satisfies Environment
