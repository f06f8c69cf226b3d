/// <reference types="svelte" />
/// <reference types="vite/client" />

interface Window {
  /** Set by the Electron preload; absent in a browser, where the web bridge is used instead. */
  ninekeeper?: { invoke(channel: string, input: unknown): Promise<unknown> }
}
