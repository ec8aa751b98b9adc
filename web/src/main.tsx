import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProvider } from '@/app/provider'
import { RouteError } from '@/app/routes/route-error'
import { AppRouter } from '@/app/router'
import { ErrorBoundary } from '@/components/error-boundary'
import { installImageFallback } from '@/lib/image-fallback'
import { keyThisEntry } from '@/app/scroll-restoration'

installImageFallback()
keyThisEntry()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

const root = createRoot(container)
// The first render is a transition, so React renders it in slices of a few milliseconds and lets
// the browser in between: a tap while the app boots is answered sooner (INP), and the main thread
// has no single long task for the whole page. What #root held (the prerendered home) stays on
// screen until the one commit, which may come after the load event.
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProvider>
        {/* The pages have a boundary of their own, inside the layout; this one catches the shell. */}
        <ErrorBoundary fallback={<RouteError />}>
          <AppRouter />
        </ErrorBoundary>
      </AppProvider>
    </StrictMode>,
  ),
)
