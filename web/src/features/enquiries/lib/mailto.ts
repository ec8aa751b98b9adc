import { teamMailboxes, type Team } from '@/config/company'

/** An e-mail the traveller can send themselves when the site cannot take the enquiry. */
export interface MailDraft {
  to: string
  subject: string
  body: string
}

/** A labelled answer of the form; empty ones are left out of the e-mail. */
export type MailField = readonly [label: string, value: string | undefined]

/** A draft to a team's mailbox: the answers one per line ("Label: value"), multi-line ones below their label. */
export function mailDraft(team: Team, subject: string, fields: readonly MailField[]): MailDraft {
  const lines = fields.flatMap(([label, raw]) => {
    const value = raw?.trim()
    if (!value) return []
    return value.includes('\n') ? [`${label}:`, value, ''] : [`${label}: ${value}`]
  })
  return { to: teamMailboxes[team], subject, body: lines.join('\n').trim() }
}

/** The draft as a mailto: link (RFC 6068: subject and body percent-encoded, line breaks as CRLF). */
export function mailtoHref({ to, subject, body }: MailDraft): string {
  const encode = (s: string) => encodeURIComponent(s.replace(/\r?\n/g, '\r\n'))
  return `mailto:${to}?subject=${encode(subject)}&body=${encode(body)}`
}
