/** The one error shape used by the rules engines, the IPC contract and the services. */
export interface AppError {
  code: string
  message: string
  field?: string
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError }

export function ok<T>(value: T): Result<T> {
  return { ok: true, value }
}

export function err<T = never>(code: string, message: string, field?: string): Result<T> {
  return field === undefined ? { ok: false, error: { code, message } } : { ok: false, error: { code, message, field } }
}
