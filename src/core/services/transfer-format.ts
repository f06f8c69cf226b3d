/**
 * The export file's identity: its format tag and the version this Ninekeeper writes. A module of its
 * own so the writers (transfer.ts, export-stream.ts) and the first format's reader (transfer-v1.ts)
 * share them without importing one another.
 */
export const EXPORT_FORMAT = 'ninekeeper-export'
/** 2: the event log. 1 (still read): players, matches and per-match logs as rows. */
export const EXPORT_VERSION = 2
