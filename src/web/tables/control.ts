/**
 * The organiser's control of the table units (Settings → Club night; docs/TABLES.md): opens the
 * evening and the phones' listener on the interface picked, closes both (by hand, or at the closing
 * time, 06:00 local by default), adds a phone to a running match (a one-time code and its QR code)
 * and revokes one. A laptop started again before the closing time serves the same address again.
 */
import { readFileSync } from 'node:fs'
import { networkInterfaces } from 'node:os'
import { renderSVG } from 'uqr'
import type { AddedPhone, TablesControl, TablesStatus } from '../../shared/ipc/tables'
import { err, ok, type Result } from '../../shared/result'
import { startTablesServer, type TablesServer } from './server'
import { TablesService, type TablesDeps } from './service'

/** The phones' port unless the organiser picks another (the web bridge is 4178). */
export const DEFAULT_TABLES_PORT = 4180
/** The evening ends at this local hour unless the organiser says otherwise. */
export const CLOSING_HOUR = 6
const DAY_MS = 24 * 60 * 60 * 1000

export interface TableUnitsOptions {
  /** The built renderer folder (phone.html and its assets). */
  rendererDir: string
  /** The club's certificate and key (PEM): the listener serves HTTPS. */
  tls?: { cert: string | Buffer; key: string | Buffer }
  log?: (message: string, error?: unknown) => void
}

/** The next CLOSING_HOUR:00 local time after `now`. */
export function nextClosing(now: Date): Date {
  const at = new Date(now)
  at.setHours(CLOSING_HOUR, 0, 0, 0)
  if (at.getTime() <= now.getTime()) at.setDate(at.getDate() + 1)
  return at
}

/** A core's table units: give the result to createCore as `tables`. */
export function tableUnits(options: TableUnitsOptions): (deps: TablesDeps) => TablesControl {
  return (deps) => new TableUnits(new TablesService(deps), deps.now, options)
}

export class TableUnits implements TablesControl {
  private server: TablesServer | null = null
  private timer: ReturnType<typeof setTimeout> | null = null
  private readonly log: (message: string, error?: unknown) => void
  private readonly restoring: Promise<void>

  constructor(
    readonly service: TablesService,
    private readonly now: () => Date,
    private readonly options: TableUnitsOptions,
  ) {
    this.log = options.log ?? ((m, e) => console.error(m, e ?? ''))
    // Started again before the closing time: the same address again, so the phones keep going.
    const where = service.store.where()
    this.restoring = where
      ? this.listen(where.host, where.port, readPem(where.tlsCert, where.tlsKey)).catch((e: unknown) =>
          this.log(`the table units could not listen on ${where.host}:${where.port} again`, e),
        )
      : Promise.resolve()
  }

  restored(): Promise<void> {
    return this.restoring
  }

  status(): TablesStatus {
    const closes = this.service.store.closesAt()
    if (!closes && this.server) void this.stop()
    return {
      open: closes !== null && this.server !== null,
      closesAt: closes?.toISOString() ?? null,
      origin: closes ? (this.server?.origin ?? null) : null,
      https: this.server?.origin.startsWith('https:') ?? this.options.tls !== undefined,
      interfaces: interfaces(),
      units: this.service.store.units(),
    }
  }

  async open(input: {
    host: string
    port?: number | undefined
    closesAt?: string | undefined
    tlsCert?: string | undefined
    tlsKey?: string | undefined
  }): Promise<Result<TablesStatus>> {
    const now = this.now()
    const closes = input.closesAt ? new Date(input.closesAt) : nextClosing(now)
    if (closes.getTime() <= now.getTime() || closes.getTime() > now.getTime() + DAY_MS)
      return err('invalid-input', 'The closing time must be later today or tonight (within 24 hours).', 'closesAt')
    if (!interfaces().some((i) => i.address === input.host) && !input.host.startsWith('127.'))
      return err('invalid-input', `${input.host} is not one of this laptop's addresses.`, 'host')
    if ((input.tlsCert === undefined) !== (input.tlsKey === undefined))
      return err(
        'invalid-input',
        'Give both the certificate and its key (PEM files), or neither.',
        input.tlsCert === undefined ? 'tlsCert' : 'tlsKey',
      )
    let tls: TableUnitsOptions['tls']
    try {
      tls = readPem(input.tlsCert, input.tlsKey)
    } catch (e) {
      return err('invalid-input', `Cannot read the certificate or its key: ${(e as Error).message}`, 'tlsCert')
    }
    await this.stop()
    try {
      await this.listen(input.host, input.port ?? DEFAULT_TABLES_PORT, tls)
    } catch (e) {
      const code = (e as { code?: string }).code
      return err(
        'not-supported',
        code === 'EADDRINUSE'
          ? `Port ${input.port ?? DEFAULT_TABLES_PORT} on ${input.host} is in use; pick another port.`
          : `The table units could not listen on ${input.host}: ${(e as Error).message}`,
      )
    }
    this.service.store.open(closes, {
      host: input.host,
      port: this.server?.port as number,
      tlsCert: input.tlsCert ?? null,
      tlsKey: input.tlsKey ?? null,
    })
    this.schedule(closes)
    return ok(this.status())
  }

  async close(): Promise<Result<TablesStatus>> {
    this.service.store.close()
    await this.stop()
    return ok(this.status())
  }

  addPhone(input: { matchId: string; label: string }): Result<AddedPhone> {
    if (!this.server || !this.service.store.closesAt())
      return err('not-supported', 'Open the table units first (Settings → Club night).')
    const m = this.service.matchView(input.matchId)
    if (!m.ok) return m
    if (m.value.status !== 'in-progress')
      return err('match-closed', 'Only a running match can have a phone at its table.', 'matchId')
    const added = this.service.store.addPhone(input.matchId, input.label)
    const url = this.server.pairingUrl(added.code)
    return ok({
      unit: added.unit,
      code: added.code.replace(/(.{5})(?=.)/g, '$1-'),
      url,
      qrSvg: renderSVG(url, { border: 2 }),
      expiresAt: added.expiresAt,
    })
  }

  revoke(input: { unitId: string }): Result<TablesStatus> {
    if (!this.service.store.revoke(input.unitId))
      return err('not-found', 'There is no such phone, or it was removed already.', 'unitId')
    return ok(this.status())
  }

  sources(matchId: string): Record<string, string> {
    return this.service.store.sources(matchId)
  }

  async shutdown(): Promise<void> {
    await this.stop()
  }

  /** Listens on host:port, with `tls` (a certificate given in Club night) or else the one the app was started with. */
  private async listen(host: string, port: number, tls?: TableUnitsOptions['tls']): Promise<void> {
    const certificate = tls ?? this.options.tls
    this.server = await startTablesServer({
      tables: this.service,
      host,
      port,
      rendererDir: this.options.rendererDir,
      ...(certificate ? { tls: certificate } : {}),
    })
    const closes = this.service.store.closesAt()
    if (closes) this.schedule(closes)
  }

  private schedule(closes: Date): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(
      () => void this.close(),
      Math.max(0, Math.min(closes.getTime() - this.now().getTime(), DAY_MS)),
    )
    this.timer.unref()
  }

  private async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const s = this.server
    this.server = null
    if (s) await s.close()
  }
}

/** The certificate and key read from their files (PEM), or undefined when no files are named. */
function readPem(cert: string | null | undefined, key: string | null | undefined): TableUnitsOptions['tls'] {
  return cert && key ? { cert: readFileSync(cert), key: readFileSync(key) } : undefined
}

/** The laptop's IPv4 addresses a phone could reach (loopback last: only for trying it on this laptop). */
function interfaces(): { name: string; address: string }[] {
  const out: { name: string; address: string }[] = []
  for (const [name, list] of Object.entries(networkInterfaces()))
    for (const i of list ?? []) if (i.family === 'IPv4') out.push({ name, address: i.address })
  return out.sort((a, b) => Number(a.address.startsWith('127.')) - Number(b.address.startsWith('127.')))
}
