/**
 * This laptop's device key (docs/SYNC.md § How it works) and the events as they go to the hub,
 * signed with it.
 */
import type { EventRow } from '../db/repos/events'
import type { SyncMeta } from './meta'
import type { SyncOptions } from './options'
import {
  deviceSignature,
  isKeyedDevice,
  loadDeviceKey,
  newDeviceKey,
  toWire,
  type DeviceKey,
  type WireEvent,
} from './sign'

export class DeviceKeys {
  private cachedKey: DeviceKey | null = null

  constructor(
    private readonly o: SyncOptions,
    private readonly m: SyncMeta,
  ) {}

  /**
   * This laptop's device key (docs/SYNC.md § How it works): made when it first creates or joins a club, kept in meta.
   * Its device id becomes the one the key gives, so that its rows can be told from anyone else's;
   * events made under the old id stay as they are (the others check them with the club key alone).
   */
  get(): DeviceKey {
    let k = this.cachedKey
    if (!k) {
      const stored = this.m.get('sync.device_key')
      k = (stored && loadDeviceKey(stored)) || null
      if (!k) {
        const fresh = newDeviceKey()
        this.o.db.transaction(() => this.m.set('sync.device_key', fresh)).immediate()
        k = loadDeviceKey(fresh) as DeviceKey
      }
      this.cachedKey = k
    }
    if (this.o.device.id() === k.deviceId) return k
    if (this.m.get('sync.device_key_for') === k.deviceId) {
      // The key was this laptop's, and the device id changed since: the data file was copied or
      // restored (Device.bindTo), so it is another laptop now and needs a key of its own.
      this.o.db
        .transaction(() => {
          this.m.del('sync.device_key')
          this.m.del('sync.device_key_for')
        })
        .immediate()
      this.cachedKey = null
      return this.get()
    }
    this.o.device.renew('club device key', k.deviceId)
    this.o.db.transaction(() => this.m.set('sync.device_key_for', k.deviceId)).immediate()
    return k
  }

  /** A local event as it goes to the hub: this laptop's own signed with its key, another keyed laptop's with the signature it came with. */
  wire(key: Buffer, clubId: string, r: EventRow): WireEvent {
    const mine = this.cachedKey
    if (mine && r.device_id === mine.deviceId) return toWire(key, clubId, r, deviceSignature(mine, clubId, r))
    return toWire(key, clubId, r, isKeyedDevice(r.device_id) ? this.m.sigOf(r.id) : null)
  }
}
