import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { AppProvider } from '@/app/provider'
import { AppRoutes } from '@/app/router'
import { PrerenderingContext } from '@/lib/prerendering'
import { createQueryClient } from '@/lib/query-client'

/**
 * The first screen of the page at `url` as HTML, with its styles inline, as a visitor sees it before
 * the app's code has run: the session is still being checked and nothing below the fold is loaded.
 * The build puts the home page's into home.html (scripts/prerender.mjs).
 */
export function render(url: string): string {
  return renderToString(
    <StrictMode>
      <PrerenderingContext value>
        <AppProvider queryClient={createQueryClient()}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </PrerenderingContext>
    </StrictMode>,
  )
}
