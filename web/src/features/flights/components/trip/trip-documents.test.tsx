import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DOCUMENTS } from '@/testing/cancellations'
import { BOOKING_ID } from '@/testing/payments'
import { renderWithProviders } from '@/testing/test-utils'
import { TripDocuments } from './trip-documents'

describe('TripDocuments', () => {
  it('links every document as a PDF to download', () => {
    const credit = {
      kind: 'credit-note' as const,
      title: 'Credit note CN/2026-27/000001',
      href: `/api/v1/me/bookings/${BOOKING_ID}/documents/credit-notes/CN-2026-27-000001`,
    }
    renderWithProviders(<TripDocuments documents={[...DOCUMENTS, credit]} />)
    expect(screen.getByRole('region', { name: 'Documents' })).toBeInTheDocument()
    const links = screen.getAllByRole('link')
    expect(links.map((a) => a.textContent)).toEqual([
      'E-ticket (PDF)',
      'GST invoice (PDF)',
      'Credit note CN/2026-27/000001 (PDF)',
    ])
    expect(screen.getByRole('link', { name: 'E-ticket (PDF)' })).toHaveAttribute(
      'href',
      `/api/v1/me/bookings/${BOOKING_ID}/documents/e-ticket`,
    )
    for (const a of links) expect(a).toHaveAttribute('download')
  })

  it('is not there when the booking has no documents', () => {
    renderWithProviders(<TripDocuments documents={[]} />)
    expect(screen.queryByRole('region', { name: 'Documents' })).not.toBeInTheDocument()
  })
})
