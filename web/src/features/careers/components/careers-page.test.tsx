import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '@/testing/test-utils'
import { applyHref, ROLES } from '../data/roles'
import { CareersPage } from './careers-page'

const renderCareers = () => renderRoutes({ routes: [{ path: '/', element: <CareersPage /> }] })
const roleTitles = () =>
  screen.getAllByTestId('role-card').map((c) => within(c).getByRole('heading', { level: 3 }).textContent)

describe('CareersPage', () => {
  it('lists every open role with an application e-mail naming the role', () => {
    renderCareers()
    expect(screen.getByRole('heading', { level: 1, name: 'Careers' })).toBeInTheDocument()
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Open roles at Paryatan/,
    )
    expect(roleTitles()).toEqual(ROLES.map((r) => r.title))
    for (const role of ROLES) {
      const link = screen.getByRole('link', { name: `Apply by e-mail for ${role.title}` })
      const url = new URL(link.getAttribute('href') ?? '')
      expect(url.protocol).toBe('mailto:')
      expect(url.pathname).toBe('careers@paryatan.in')
      expect(url.searchParams.get('subject')).toBe(`Application: ${role.title} (${role.id})`)
    }
    expect(screen.getByRole('link', { name: 'careers@paryatan.in' })).toHaveAttribute('href', applyHref())
  })

  it('filters roles by team', async () => {
    const user = userEvent.setup()
    renderCareers()
    const filter = screen.getByRole('group', { name: 'Filter roles by team' })
    await user.click(within(filter).getByRole('button', { name: 'Engineering' }))
    expect(within(filter).getByRole('button', { name: 'Engineering' })).toHaveAttribute('aria-pressed', 'true')
    expect(roleTitles()).toEqual(ROLES.filter((r) => r.team === 'Engineering').map((r) => r.title))
    expect(screen.getByRole('status')).toHaveTextContent('2 open roles')
    await user.click(within(filter).getByRole('button', { name: 'Customer care' }))
    expect(screen.getByRole('status')).toHaveTextContent('1 open role')
    await user.click(within(filter).getByRole('button', { name: 'All teams' }))
    expect(roleTitles()).toHaveLength(ROLES.length)
  })

  it('keeps each role’s duties and requirements one click away', async () => {
    const user = userEvent.setup()
    renderCareers()
    const card = screen.getAllByTestId('role-card')[0]!
    const summary = within(card).getByText('What you will do and what you bring')
    const details = summary.closest('details')!
    expect(details.open).toBe(false)
    await user.click(summary)
    expect(details.open).toBe(true)
    expect(within(details).getByText(ROLES[0]!.responsibilities[0]!)).toBeVisible()
  })
})
