import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '@/testing/test-utils'
import { SkipLink } from './skip-link'

describe('SkipLink', () => {
  it('is the first stop of the keyboard and moves focus to the main content', async () => {
    const user = userEvent.setup()
    renderRoutes({
      routes: [
        {
          path: '/',
          element: (
            <>
              <SkipLink />
              <a href="/elsewhere">Header link</a>
              <main id="main" tabIndex={-1}>
                <h1>Page</h1>
              </main>
            </>
          ),
        },
      ],
    })
    await user.tab()
    const skip = screen.getByRole('link', { name: 'Skip to main content' })
    expect(skip).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('main')).toHaveFocus()
    expect(window.location.hash).toBe('')
  })
})
