import { HttpResponse } from 'msw'
import { api, errorReply } from '@/testing/handlers'
import type { Enquiry, EnquiryInput } from '../types'

/** A stored enquiry as the API answers it. */
export function testEnquiry(overrides: Partial<Enquiry> = {}): Enquiry {
  return {
    reference: 'PY-7K3Q9D',
    kind: 'proposal',
    team: 'mice',
    summary: 'Meetings for Acme Pharma',
    createdAt: '2026-11-23T13:11:00Z',
    ...overrides,
  }
}

const TEAMS = { proposal: 'mice', concierge: 'holidays', contact: 'support' } as const

/**
 * POST /api/v1/enquiries storing every enquiry under `reference`; the bodies
 * sent are collected. The answer waits for `hold` when given.
 */
export function acceptEnquiries(reference = 'PY-7K3Q9D', hold?: Promise<unknown>) {
  const sent: EnquiryInput[] = []
  const handler = api.createEnquiry(async ({ request }) => {
    const input = await request.json()
    sent.push(input)
    await hold
    return HttpResponse.json(
      {
        ok: true as const,
        enquiry: testEnquiry({ reference, kind: input.kind, team: TEAMS[input.kind], summary: 'x' }),
      },
      { status: 201 },
    )
  })
  return { handler, sent }
}

/** The API refusing a field, as apierr.Invalid writes it. */
export function refuseField(field: string, message: string) {
  return api.createEnquiry(() => errorReply(400, { ok: false, error: 'invalid_field', field, message }))
}

export const unreachable = () => api.createEnquiry(() => HttpResponse.error())

export function rateLimited(retryAfter = '1800') {
  return api.createEnquiry(() =>
    errorReply(
      429,
      {
        ok: false,
        error: 'rate_limited',
        message: 'Too many enquiries from here in the last hour. Please try again later, or call us.',
      },
      { headers: { 'Retry-After': retryAfter } },
    ),
  )
}
