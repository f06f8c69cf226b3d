/**
 * The WHATWG Encoding API (TextEncoder, TextDecoder) is a global of both platforms the shared code
 * runs on, Node and the browser; this layer has neither platform's types (see tsconfig.json), so the
 * part of it the shared code uses is declared here. Only src/shared's own type check reads this file:
 * the other layers get the same names from their DOM or Node types.
 */
declare class TextEncoder {
  encode(input?: string): Uint8Array
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean })
  readonly encoding: string
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string
}
