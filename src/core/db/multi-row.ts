/**
 * One INSERT for many rows: `INSERT … VALUES (…), (…), …` prepared once per row count (up to
 * `max` rows a statement, larger lists in chunks). A round of a 4-player match writes its four
 * round rows and its summary rows in three statements instead of twelve; each statement run has
 * a fixed cost that showed in the commit benchmark.
 */
import type { Database, Statement } from 'better-sqlite3'

export class MultiRowInsert {
  private readonly byCount = new Map<number, Statement>()

  /**
   * @param head `INSERT INTO t (a, b, c)` (everything before VALUES)
   * @param width the number of values per row
   * @param tail what follows the VALUES list (an ON CONFLICT clause), or ''
   */
  constructor(
    private readonly db: Database,
    private readonly head: string,
    private readonly width: number,
    private readonly tail = '',
    private readonly max = 16,
  ) {}

  run(rows: readonly (readonly unknown[])[]): void {
    for (let i = 0; i < rows.length; i += this.max) {
      const chunk = rows.slice(i, i + this.max)
      const values: unknown[] = []
      for (const r of chunk) {
        if (r.length !== this.width)
          throw new Error(`MultiRowInsert: a row of ${r.length} values, expected ${this.width}`)
        values.push(...r)
      }
      this.statement(chunk.length).run(values)
    }
  }

  private statement(n: number): Statement {
    let s = this.byCount.get(n)
    if (!s) {
      const one = `(${Array.from({ length: this.width }, () => '?').join(', ')})`
      s = this.db.prepare(`${this.head} VALUES ${Array.from({ length: n }, () => one).join(', ')} ${this.tail}`)
      this.byCount.set(n, s)
    }
    return s
  }
}
