import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '@/testing/test-utils'
import { findVisaGuide, VISA_GUIDES } from '../data/guides'
import { VisaGuidePage } from './visa-guide-page'

const SLUGS = ['dubai', 'singapore', 'thailand', 'malaysia', 'vietnam', 'schengen', 'uk', 'usa']

describe('the visa guides', () => {
  it('are the eight fixed slugs, in order, and nothing else', () => {
    expect(VISA_GUIDES.map((g) => g.slug)).toEqual(SLUGS)
    expect(findVisaGuide('nowhere')).toBeUndefined()
    expect(findVisaGuide(undefined)).toBeUndefined()
    expect(findVisaGuide('uk')?.title).toBe('UK visa for Indians')
  })

  it('each have a unique title and meta description, and say that rules change', () => {
    expect(new Set(VISA_GUIDES.map((g) => g.title)).size).toBe(VISA_GUIDES.length)
    expect(new Set(VISA_GUIDES.map((g) => g.description)).size).toBe(VISA_GUIDES.length)
    for (const g of VISA_GUIDES) {
      expect(g.rulesNote).toBe('Rules change: check the current rule with us or the embassy before you book.')
      expect(g.fee).toContain('₹')
    }
  })
})

describe('the visa guide page', () => {
  it.each(VISA_GUIDES.map((g) => [g.slug, g] as const))(
    '%s shows its heading, facts, sections and links',
    (_slug, guide) => {
      renderRoutes({ routes: [{ path: '/', element: <VisaGuidePage guide={guide} /> }] })

      expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([guide.title])
      expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(guide.description)
      expect(screen.getByText(guide.intro)).toBeInTheDocument()
      expect(screen.getByRole('link', { name: '← All visas' })).toHaveAttribute('href', '/go/visa')

      const sections = ['Key facts', 'Documents you need', 'How to apply', 'Tips from our visa desk']
      if (guide.relatedBlog) sections.push('Related reading')
      sections.push('Other visa guides')
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(sections)

      const facts = within(screen.getByRole('region', { name: 'Key facts' }))
      expect(facts.getAllByRole('term').map((dt) => dt.textContent)).toEqual([
        'Visa type',
        'Processing time',
        'Stay allowed',
        'Indicative fee',
      ])
      expect(facts.getAllByRole('definition').map((dd) => dd.textContent)).toEqual([
        guide.visaType,
        guide.processing,
        guide.stay,
        guide.fee,
      ])
      expect(facts.getByText(guide.rulesNote)).toBeInTheDocument()

      expect(
        within(screen.getByRole('region', { name: 'Documents you need' }))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(guide.documents)
      const steps = within(screen.getByRole('region', { name: 'How to apply' }))
      expect(steps.getByRole('list').tagName).toBe('OL')
      expect(steps.getAllByRole('listitem').map((li) => li.textContent)).toEqual(guide.steps)
      expect(
        within(screen.getByRole('region', { name: 'Tips from our visa desk' }))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(guide.tips)

      const aside = screen.getByRole('complementary', { name: 'Apply for this visa' })
      expect(within(aside).getByRole('link', { name: 'Apply with Paryatan Visa' })).toHaveAttribute('href', '/go/visa')
      const concierge = new URL(
        within(aside).getByRole('link', { name: 'Ask a visa expert' }).getAttribute('href') ?? '',
        'https://x',
      )
      expect(concierge.pathname).toBe('/go/concierge')
      expect([...concierge.searchParams]).toEqual([
        ['from', 'visas'],
        ['card', guide.title],
      ])

      const others = within(screen.getByRole('navigation', { name: 'Other visa guides' })).getAllByRole('link')
      expect(others.map((a) => a.getAttribute('href'))).toEqual(
        SLUGS.filter((s) => s !== guide.slug).map((s) => `/visas/${s}`),
      )
      expect(others.map((a) => a.textContent)).not.toContain(guide.title)

      const blogLinks = screen
        .getAllByRole('link')
        .filter((a) => a.getAttribute('href')?.startsWith('/blogs/'))
        .map((a) => a.getAttribute('href'))
      expect(blogLinks).toEqual(guide.relatedBlog ? [`/blogs/${guide.relatedBlog.slug}`] : [])
    },
  )

  it('links each guide to the right blog post', () => {
    expect(Object.fromEntries(VISA_GUIDES.map((g) => [g.slug, g.relatedBlog?.slug]))).toEqual({
      dubai: 'dubai-visa-for-indians',
      singapore: 'visa-on-arrival-countries-for-indians',
      thailand: 'visa-on-arrival-countries-for-indians',
      malaysia: 'visa-on-arrival-countries-for-indians',
      vietnam: 'visa-on-arrival-countries-for-indians',
      schengen: 'schengen-visa-checklist',
      uk: undefined,
      usa: undefined,
    })
  })
})
