/** "Hi, {this}": the first word of the full name, else of the e-mail's local part. */
export function greetingName(fullName: string | undefined, email: string): string {
  const fromName = fullName?.trim().split(/\s+/)[0]
  if (fromName) return fromName
  const local = email.split('@')[0]?.trim() ?? ''
  return local.split(/\s+/)[0] ?? ''
}

export function initialOf(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase()
}
