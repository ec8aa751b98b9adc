import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '@/testing/test-utils'
import { findHolidayDestination, HOLIDAY_DESTINATIONS } from '../data/destinations'
import { DestinationPage } from './destination-page'

describe('the holiday destination pages', () => {
  it('are the six fixed slugs, and nothing else', () => {
    expect(HOLIDAY_DESTINATIONS.map((d) => d.slug)).toEqual([
      'qatar',
      'hong-kong',
      'group-departures',
      'dubai-stopover',
      'saudi',
      'qatar-stopover',
    ])
    expect(findHolidayDestination('paris')).toBeUndefined()
    expect(findHolidayDestination(undefined)).toBeUndefined()
  })

  it.each(HOLIDAY_DESTINATIONS.map((d) => [d.slug, d] as const))(
    '%s shows its heading, sections, price and concierge link',
    (_slug, destination) => {
      renderRoutes({ routes: [{ path: '/', element: <DestinationPage destination={destination} /> }] })
      expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([destination.title])
      expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(destination.description)
      for (const section of ['Highlights', 'Best time to visit', 'Visa for Indian passport holders']) {
        expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument()
      }
      expect(screen.getByRole('heading', { level: 2, name: /^Typical itinerary: / })).toBeInTheDocument()
      expect(
        within(screen.getByRole('region', { name: 'Highlights' })).getAllByRole('listitem').length,
      ).toBeGreaterThan(2)
      expect(screen.getByText(destination.visaNote)).toBeInTheDocument()
      const aside = screen.getByRole('complementary', { name: 'Price and enquiry' })
      expect(aside).toHaveTextContent(/From ₹\d{1,2}(,\d\d)*,\d{3}/)
      const cta = within(aside).getByRole('link', { name: 'Plan this trip with a concierge' })
      const query = new URL(cta.getAttribute('href') ?? '', 'https://x')
      expect(query.pathname).toBe('/go/concierge')
      expect(Object.fromEntries(query.searchParams)).toEqual({
        from: 'holidays',
        topic: 'holidays',
        card: destination.title,
      })
      expect(screen.getByRole('link', { name: '← All holidays' })).toHaveAttribute('href', '/holidays')
    },
  )
})
