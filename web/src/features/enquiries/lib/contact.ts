import type { Team } from '@/config/company'
import type { EnquiryInput } from '../types'
import { mailDraft, type MailDraft } from './mailto'

/** Contact topics (spec 3, 9); General is the default. */
export const CONTACT_TOPICS = ['General', 'Holidays', 'MICE', 'Flights', 'Hotels', 'Cruises', 'Visa'] as const
export type ContactTopic = (typeof CONTACT_TOPICS)[number]

export const CONTACT_THANKS = 'Thanks! Your message has reached us.'

export interface ContactValues {
  topic: ContactTopic
  name: string
  email: string
  phone: string
  message: string
}

/** The team a topic goes to, as the API routes it: holidays, MICE, or support. */
export function teamForTopic(topic: string): Team {
  switch (topic) {
    case 'Holidays':
    case 'Cruises':
      return 'holidays'
    case 'MICE':
      return 'mice'
    default:
      return 'support'
  }
}

/** The topic a value names (any case), else General. */
export function topicOf(value: string | null | undefined): ContactTopic {
  return CONTACT_TOPICS.find((t) => t.toLowerCase() === value?.trim().toLowerCase()) ?? 'General'
}

/** Spec 5: name, e-mail and message must be non-empty after trimming. */
export function contactComplete(v: Pick<ContactValues, 'name' | 'email' | 'message'>): boolean {
  return [v.name, v.email, v.message].every((s) => s.trim() !== '')
}

/** Spec 4: Send is disabled while the form is incomplete, while sending, and once sent. */
export function canSend(
  v: Pick<ContactValues, 'name' | 'email' | 'message'>,
  sending: boolean,
  sent: boolean,
): boolean {
  return contactComplete(v) && !sending && !sent
}

export function contactInput(v: ContactValues): EnquiryInput {
  return {
    kind: 'contact',
    topic: v.topic,
    name: v.name.trim(),
    email: v.email.trim(),
    phone: v.phone.trim() || undefined,
    message: v.message.trim(),
  }
}

export function contactMail(v: ContactValues): MailDraft {
  return mailDraft(teamForTopic(v.topic), `${v.topic}: message from ${v.name.trim() || 'a traveller'}`, [
    ['Topic', v.topic],
    ['Name', v.name],
    ['E-mail', v.email],
    ['Phone', v.phone],
    ['Message', v.message],
  ])
}
