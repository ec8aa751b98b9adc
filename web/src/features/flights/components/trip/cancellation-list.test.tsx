import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ASHA, cancellation, RAVI } from '@/testing/cancellations'
import { renderWithProviders, spokenText } from '@/testing/test-utils'
import { CancellationList } from './cancellation-list'

const amounts = () => within(screen.getByTestId('cancellation-amounts'))

describe('CancellationList', () => {
  it('shows an open cancellation in words, with its travellers and the amounts quoted', () => {
    renderWithProviders(
      <CancellationList
        cancellations={[cancellation({ status: 'with_airline', statusText: 'With the airline', fee: '200' })]}
      />,
    )
    const status = screen.getByTestId('cancellation-status')
    expect(status).toHaveAttribute('role', 'status')
    expect(status).toHaveTextContent('Status: With the airline')
    expect(screen.getByRole('heading', { level: 3, name: '1 traveller' })).toBeInTheDocument()
    const ticket = screen.getByTestId('cancellation-ticket')
    expect(ticket).toHaveTextContent('Ms Asha Rao')
    expect(ticket).toHaveTextContent('Requested')
    expect(ticket).toHaveTextContent(`Ticket number ${ASHA.ticketNumber}`)
    expect(amounts().getByText("Airline's charge (quoted)").nextElementSibling).toHaveTextContent('₹3,000')
    expect(amounts().getByText('Our fee').nextElementSibling).toHaveTextContent('₹200')
    expect(spokenText(amounts().getByText('Refund (quoted)').nextElementSibling!)).toBe('5,120 rupees 50 paise')
    expect(screen.getByText('The airline confirms the final amounts when it cancels the tickets.')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the final charge and refund once the airline has cancelled, and the credit note', () => {
    renderWithProviders(
      <CancellationList
        cancellations={[
          cancellation({
            status: 'cancelled',
            statusText: 'Cancelled',
            whole: true,
            charge: '3250',
            refundDue: '4870.5',
            doneAt: '2026-11-23T09:30:00Z',
            tickets: [
              { ...cancellation().tickets[0]!, status: 'Cancelled', creditNote: 'CN/2026-27/000001' },
              {
                ticketId: RAVI.ticketId,
                passenger: RAVI.passenger,
                name: RAVI.name,
                ticketNumber: RAVI.ticketNumber,
                status: 'Cancelled',
              },
            ],
          }),
        ]}
      />,
    )
    expect(screen.getByTestId('cancellation-status')).toHaveTextContent(
      /^Status: Cancelled\s*23 Nov 2026, 3:00 pm IST$/,
    )
    expect(screen.getByRole('heading', { level: 3, name: 'Whole booking' })).toBeInTheDocument()
    expect(screen.getAllByTestId('cancellation-ticket')).toHaveLength(2)
    expect(screen.getByText('Credit note CN/2026-27/000001')).toBeInTheDocument()
    expect(amounts().getByText("Airline's charge").nextElementSibling).toHaveTextContent('₹3,250')
    expect(amounts().getByText('Refund').nextElementSibling).toHaveTextContent('₹4,870.50')
    expect(screen.getByTestId('cancellation-refund')).toHaveTextContent(/^₹4,870\.50$/)
    expect(screen.queryByText(/quoted/)).not.toBeInTheDocument()
    expect(screen.queryByText(/confirms the final amounts/)).not.toBeInTheDocument()
  })

  it('says why the airline refused, in an alert, and shows no refund', () => {
    const failure = 'The fare of BOM-DEL is non-refundable: no refund is due, and the ticket stays as it is.'
    renderWithProviders(
      <CancellationList
        cancellations={[
          cancellation({
            status: 'refused',
            statusText: 'Cancellation refused',
            failure,
            tickets: [{ ...cancellation().tickets[0]!, status: 'Refused by the airline' }],
          }),
        ]}
      />,
    )
    expect(screen.getByTestId('cancellation-status')).toHaveTextContent('Cancellation refused')
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Cancellation refused')
    expect(alert).toHaveTextContent(failure)
    expect(screen.getByTestId('cancellation-ticket')).toHaveTextContent('Refused by the airline')
    expect(screen.queryByTestId('cancellation-amounts')).not.toBeInTheDocument()
  })

  it('lists the latest cancellation first, and nothing when there is none', () => {
    const { unmount } = renderWithProviders(
      <CancellationList
        cancellations={[
          cancellation({ _id: 'a', createdAt: '2026-11-20T10:00:00Z', statusText: 'Cancelled', status: 'cancelled' }),
          cancellation({ _id: 'b', createdAt: '2026-11-22T10:00:00Z' }),
        ]}
      />,
    )
    const statuses = screen.getAllByTestId('cancellation-status')
    expect(statuses[0]).toHaveTextContent('Cancellation requested')
    expect(statuses[1]).toHaveTextContent('Cancelled')
    expect(screen.getAllByText(/^Asked on /).map((e) => e.textContent)).toEqual([
      'Asked on 22 Nov 2026, 3:30 pm IST',
      'Asked on 20 Nov 2026, 3:30 pm IST',
    ])
    expect(screen.getByRole('list', { name: 'Cancellations' })).toBeInTheDocument()
    unmount()
    renderWithProviders(<CancellationList cancellations={[]} />)
    expect(screen.queryByRole('list', { name: 'Cancellations' })).not.toBeInTheDocument()
  })
})
