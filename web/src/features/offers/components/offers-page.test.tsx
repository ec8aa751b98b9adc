import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderRoutes } from '@/testing/test-utils'
import { OffersPage } from './offers-page'

function renderOffers(onBusinessSignIn?: () => void) {
  return renderRoutes({
    routes: [
      { path: '/offers', element: <OffersPage onBusinessSignIn={onBusinessSignIn} /> },
      { path: '*', element: <h1>Elsewhere</h1> },
    ],
    initialEntries: ['/offers'],
  })
}

const titles = () => screen.getAllByTestId('offer-card').map((card) => within(card).getByRole('heading').textContent)

describe('OffersPage', () => {
  it('shows the six offers under All, with the spec’s promo texts and codes', () => {
    renderOffers()
    expect(screen.getByRole('heading', { level: 1, name: 'Offers' })).toBeInTheDocument()
    expect(document.title).toBe('Offers · Paryatan')
    const filter = screen.getByRole('group', { name: 'Filter offers' })
    expect(
      within(filter)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Holiday', 'Flight', 'Hotel'])
    expect(within(filter).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true')
    expect(titles()).toEqual([
      'Up to 100% Refund on Visa Rejection',
      'Free Seat with VISA Card*',
      'Flat ₹175 off on domestic flights',
      'Flat ₹500 off on hotel stays',
      'Kerala monsoon holidays',
      'Business hotels with GST invoices',
    ])
    expect(screen.getByText('PTFLY175')).toBeInTheDocument()
    expect(screen.getByText('PTSTAY500')).toBeInTheDocument()
  })

  it('filters by type with pressed toggle buttons', async () => {
    const user = userEvent.setup()
    renderOffers()
    const filter = screen.getByRole('group', { name: 'Filter offers' })
    await user.click(within(filter).getByRole('button', { name: 'Hotel' }))
    expect(within(filter).getByRole('button', { name: 'Hotel' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(filter).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false')
    expect(titles()).toEqual(['Flat ₹500 off on hotel stays', 'Business hotels with GST invoices'])
    expect(screen.getByText('2 offers shown')).toBeInTheDocument()
    await user.click(within(filter).getByRole('button', { name: 'Flight' }))
    expect(titles()).toEqual(['Free Seat with VISA Card*', 'Flat ₹175 off on domestic flights'])
    await user.click(within(filter).getByRole('button', { name: 'Holiday' }))
    expect(titles()).toEqual(['Up to 100% Refund on Visa Rejection', 'Kerala monsoon holidays'])
    await user.click(within(filter).getByRole('button', { name: 'All' }))
    expect(titles()).toHaveLength(6)
  })

  it('hands each offer and the explainer to the concierge', async () => {
    const user = userEvent.setup()
    const { router } = renderOffers()
    for (const card of screen.getAllByTestId('offer-card')) {
      const link = within(card).getByRole('link')
      const url = new URL(link.getAttribute('href') ?? '', 'https://paryatan.in')
      expect(url.pathname).toBe('/go/concierge')
      expect(url.searchParams.get('from')).toBe('offers')
      expect(url.searchParams.get('card')).toBe(link.textContent)
    }
    const explainer = screen.getByRole('region', { name: 'Corporate travel with MyBiz' })
    for (const point of ['GST invoices', 'Central billing', 'Travel policy']) {
      expect(within(explainer).getByRole('heading', { name: point })).toBeInTheDocument()
    }
    await user.click(within(explainer).getByRole('link', { name: 'Speak to a Concierge' }))
    expect(router.state.location.pathname + router.state.location.search).toBe('/go/concierge?from=offers')
  })

  it('offers the MyBiz sign-in only when the page is given a way to open it', async () => {
    const user = userEvent.setup()
    const onBusinessSignIn = vi.fn()
    const first = renderOffers(onBusinessSignIn)
    await user.click(screen.getByRole('button', { name: 'Sign in to MyBiz' }))
    expect(onBusinessSignIn).toHaveBeenCalledOnce()
    first.unmount()
    renderOffers()
    expect(screen.queryByRole('button', { name: 'Sign in to MyBiz' })).not.toBeInTheDocument()
  })
})
