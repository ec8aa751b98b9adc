import { z } from '@/lib/zod'
import { checkEmail, checkPhone, EMAIL_MESSAGE, type Checked } from '@/lib/validation'
import type { EnquiryInput, FormUser } from '../types'
import { mailDraft, type MailDraft } from './mailto'

/** MICE event types (spec 9); Meetings is the default. */
export const EVENT_TYPES = ['Meetings', 'Incentives', 'Conferences', 'Exhibitions'] as const
export type EventType = (typeof EVENT_TYPES)[number]

export const PROPOSAL_THANKS = 'Thanks! Our MICE team will contact you shortly.'

/** The event type a value names (any case), else Meetings. */
export function eventTypeOf(value: string | null | undefined): EventType {
  return EVENT_TYPES.find((t) => t.toLowerCase() === value?.trim().toLowerCase()) ?? 'Meetings'
}

const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message))

/** Required, then judged by a rule of lib/validation (the API's rule). */
function byRule(emptyMessage: string, rule: (value: string) => Checked) {
  return z.string().check(
    z.superRefine((value, ctx) => {
      if (!value.trim()) ctx.addIssue({ code: 'custom', message: emptyMessage })
      else {
        const { message } = rule(value)
        if (message) ctx.addIssue({ code: 'custom', message })
      }
    }),
  )
}

/**
 * Spec 5: Full Name, Company, Email (e-mail format) and Phone are required,
 * the rest optional. Messages as the API words them.
 */
export const proposalSchema = z.object({
  name: required('Please enter your full name.'),
  company: required('Please enter your company.'),
  email: byRule(EMAIL_MESSAGE, checkEmail),
  phone: byRule('Please enter a phone number.', checkPhone),
  eventType: z.enum(EVENT_TYPES),
  groupSize: z.string(),
  dates: z.string(),
  destination: z.string(),
  budget: z.string(),
  notes: z.string(),
})

export type ProposalValues = z.input<typeof proposalSchema>

/** The form's field names, which are the API's. */
export const PROPOSAL_FIELDS = Object.keys(proposalSchema.shape) as (keyof ProposalValues)[]

/** An empty request for an event type, with the signed-in traveller's name, e-mail and phone. */
export function proposalDefaults(eventType: EventType, user?: FormUser | null): ProposalValues {
  return {
    name: user?.fullName ?? '',
    company: '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    eventType,
    groupSize: '',
    dates: '',
    destination: '',
    budget: '',
    notes: '',
  }
}

const trimmed = (s: string) => s.trim() || undefined

export function proposalInput(v: ProposalValues): EnquiryInput {
  return {
    kind: 'proposal',
    name: v.name.trim(),
    company: v.company.trim(),
    email: v.email.trim(),
    phone: v.phone.trim(),
    eventType: v.eventType,
    groupSize: trimmed(v.groupSize),
    dates: trimmed(v.dates),
    destination: trimmed(v.destination),
    budget: trimmed(v.budget),
    notes: trimmed(v.notes),
  }
}

export function proposalMail(v: ProposalValues): MailDraft {
  return mailDraft('mice', `MICE proposal request from ${v.name.trim() || 'a visitor'}`, [
    ['Name', v.name],
    ['Company', v.company],
    ['E-mail', v.email],
    ['Phone', v.phone],
    ['Event type', v.eventType],
    ['Group size', v.groupSize],
    ['Dates', v.dates],
    ['Destination', v.destination],
    ['Budget', v.budget],
    ['Notes', v.notes],
  ])
}
