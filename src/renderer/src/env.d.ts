/// <reference types="svelte" />
/// <reference types="vite/client" />

interface Window {
  /** Set by the Electron preload; absent in a browser, where the web bridge is used instead. */
  ninekeeper?: {
    invoke(channel: string, input: unknown): Promise<unknown>
    /** The change notes (docs/ARCHITECTURE.md § Change events); the function returned stops them. */
    onChanged?(listener: (note: import('../../shared/model/changes').ChangeNote) => void): () => void
  }
}
