import { StrictMode, use, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { Route, Routes, StaticRouter } from 'react-router'
import { AppProvider } from '@/app/provider'
import { AppRoutes } from '@/app/router'
import { RootLayout } from '@/app/routes/root-layout'
import { ROUTES } from '@/config/paths'
import { FarePage, type FarePageProps } from '@/features/flights/components/fare/fare-page'
import { FlightResultsPage } from '@/features/flights/components/results/flight-results-page'
import { PrerenderingContext } from '@/lib/prerendering'
import { createQueryClient } from '@/lib/query-client'

/**
 * The first screen of the page at `url` as HTML, with its styles inline, as a visitor sees it before
 * the app's code has run: the session is still being checked and nothing below the fold is loaded.
 * The build puts the home page's into home.html (scripts/prerender.mjs).
 */
export function render(url: string): string {
  return renderPage(url, <AppRoutes />)
}

/** Never settles: the page it stands for is still on its way. */
const onItsWay = new Promise<never>(() => undefined)

function PageOnItsWay(): ReactNode {
  return use(onItsWay)
}

/**
 * Every other page's first screen as HTML: the site's header over the loading page, which is what
 * the app shows while a page's code is on its way. The build puts it into index.html
 * (scripts/prerender.mjs), so that a page loaded afresh (a deep link, a return from the payment
 * gateway, a reload) paints its frame as the HTML arrives, not a blank screen until the scripts run.
 */
export function renderFrame(): string {
  return renderPage(
    '/',
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<PageOnItsWay />} />
      </Route>
    </Routes>,
  )
}

/**
 * The results page's first screen as HTML: the heading, the search banner, the bar with the sort and
 * the Filters button, and the list still loading, laid out as on a phone. What depends on the address
 * (the banner's line) is laid out hidden, and src/boot.ts writes it as the page loads. The build puts
 * it into pages/flights.html (scripts/prerender.mjs), which the server sends for /flights: the page
 * paints itself, the search's own line included, before the app has loaded.
 */
export function renderFlightResults(): string {
  // Any search with a date: a page whose search is under way. Its words are not shown.
  return renderPage(
    `${ROUTES.flights}?from=BOM&to=DEL&date=2000-01-01`,
    <Routes>
      <Route element={<RootLayout />}>
        <Route path={ROUTES.flights} element={<FlightResultsPage />} />
      </Route>
    </Routes>,
  )
}

/**
 * The fare page's first screen as HTML: the heading, the time the fares are held for and the itinerary,
 * laid out hidden, with "Loading fare…" in their place. src/boot.ts writes the time from the visit's
 * search and draws the itinerary from the quote it asks for, as soon as it is in: the page shows the
 * flight before the app has loaded. The build puts it into pages/flights/fare.html, which the server
 * sends for /flights/fare.
 */
export function renderFlightFare(): string {
  return renderPage(
    `${ROUTES.fare}?traceId=trace&resultIndex=result`,
    <Routes>
      <Route element={<RootLayout />}>
        <Route path={ROUTES.fare} element={<FarePage {...FARE_PAGE_PEOPLE} />} />
      </Route>
    </Routes>,
  )
}

/** Who books, still on its way as the page first renders. */
const FARE_PAGE_PEOPLE: FarePageProps = {
  prefill: undefined,
  coTravellers: undefined,
  company: undefined,
  saveCoTraveller: () => Promise.resolve(),
}

function renderPage(url: string, routes: ReactNode): string {
  const queryClient = createQueryClient()
  try {
    return renderToString(
      <StrictMode>
        <PrerenderingContext value>
          <AppProvider queryClient={queryClient}>
            <StaticRouter location={url}>{routes}</StaticRouter>
          </AppProvider>
        </PrerenderingContext>
      </StrictMode>,
    )
  } finally {
    // A query the page built holds a timer until it may be forgotten (the results' search: ten
    // minutes), which would keep the build's Node process alive that long after its pages are written.
    queryClient.clear()
  }
}
