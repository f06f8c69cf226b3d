/** Merging what the hub sent (docs/SYNC.md § How it works): as an import does, the pull cursor in the same transaction. */
import type { DomainEvent } from '../../shared/events/types'
import type { RefusedEvent } from '../../shared/model/sync'
import type { SyncContext } from './context'

/** Merges a batch; an event the merge refuses (it points outside its match, say) is listed and the rest still go in. */
export function mergeBatch(
  ctx: SyncContext,
  checked: DomainEvent[],
  refused: RefusedEvent[],
  lastN: number,
  rows: { id: string; n: number }[],
  sigs: ReadonlyMap<string, string> = new Map(),
): void {
  // Nothing of this laptop's own was waiting: what the hub sent is on the hub, so it is not "waiting to go up".
  // (Synchronous up to the merge's transaction: no write of this laptop can come in between.)
  const upToDate = (ctx.maxRowid.get()?.n ?? 0) === ctx.m.num('sync.pushed')
  const commit = (added: number, more: RefusedEvent[]): void => {
    ctx.m.keepSigs(sigs)
    ctx.m.recordPull({
      pushedTo: upToDate ? (ctx.maxRowid.get()?.n ?? 0) : null,
      pulledTo: lastN,
      added,
      refused: [...more, ...refused],
    })
  }
  const listConflicts = (report: { conflicts: { id: string; kind: string }[] } | null): RefusedEvent[] =>
    (report?.conflicts ?? [])
      .filter((c) => c.kind === 'event')
      .map((c) => ({
        id: c.id.slice(0, 64),
        deviceId: (checked.find((e) => e.id === c.id)?.deviceId ?? '').slice(0, 64),
        hubRow: rows.find((r) => r.id === c.id)?.n ?? 0,
        reason: 'this laptop holds an event with the same id and other content; its own copy is kept',
        at: ctx.o.clock().toISOString(),
      }))
  const whole = ctx.o.merger.mergeSynced(checked, (report) => commit(report?.eventsAdded ?? 0, listConflicts(report)))
  if (whole.ok) return
  // Halves until each refused event stands alone: each other event goes in, each refused one is listed.
  const more: RefusedEvent[] = []
  let added = 0
  const at = ctx.o.clock().toISOString()
  const tryPart = (part: DomainEvent[]): void => {
    if (part.length === 0) return
    const r = ctx.o.merger.mergeSynced(part, (report) => {
      added += report?.eventsAdded ?? 0
      more.push(...listConflicts(report))
    })
    if (r.ok) return
    if (part.length === 1) {
      const e = part[0] as DomainEvent
      more.push({
        id: e.id,
        deviceId: e.deviceId,
        hubRow: rows.find((x) => x.id === e.id)?.n ?? 0,
        reason: r.error.message,
        at,
      })
      return
    }
    const mid = Math.ceil(part.length / 2)
    tryPart(part.slice(0, mid))
    tryPart(part.slice(mid))
  }
  tryPart(checked)
  ctx.o.merger.mergeSynced([], () => commit(added, more))
}
