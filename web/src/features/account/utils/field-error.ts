import type { FieldErrors, FieldValues } from 'react-hook-form'

/** The message react-hook-form holds for a dotted field name such as "passport.expiry". */
export function fieldError<T extends FieldValues>(errors: FieldErrors<T>, name: string): string | undefined {
  let node: unknown = errors
  for (const part of name.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
  }
  const message = node && typeof node === 'object' ? (node as { message?: unknown }).message : undefined
  return typeof message === 'string' ? message : undefined
}
