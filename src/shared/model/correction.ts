/** What correcting one entry of a match would change (matches:preview-correction, which writes nothing). */

/** One entry of the log and what the correction changes in it, in words. */
export interface CorrectionChange {
  /** 1-based position in the log (the numbering of "entry 23"). */
  index: number
  eventId: string
  /** The entry in words ("Bo's pass", "Round 2 reveal"). */
  entry: string
  /** One sentence per difference ("Ana: 9 → 8 cubes, loses 1 cube (was 9 → 9, lost 0 cubes)."). */
  changes: string[]
}

/** A later entry the correction makes impossible: applied, it is left out (kept in the log, not counted). */
export interface LeftOutEntry {
  /** 1-based position in the log. */
  index: number
  eventId: string
  /** The entry in words ("Ana's stake on R1C2"). */
  entry: string
  /** Why the engine refuses it with the correction, and where the table stands just before it. */
  reason: string
}

export interface CorrectionPreview {
  /** The entry being corrected, with what the correction changes in it. */
  target: CorrectionChange
  /** The later entries whose effect changes, in log order; entries that do exactly what they did are left out. */
  later: CorrectionChange[]
  /**
   * The later entries the correction makes impossible (EN-A22): applying it leaves them out (kept in the log,
   * not counted, listed with the match's problems); undoing the correction brings them back. Empty when none.
   */
  leftOut: LeftOutEntry[]
  /** A summary sentence ("Correcting Round 1 reveal changes 3 later entries: 7, 9 and 12."). */
  message: string
  /**
   * Names this preview (the match's head, the correction and what it changes). Sent back as `confirmed` with
   * matches:correct, it makes the core apply the correction only if it still changes exactly this.
   */
  token: string
}
