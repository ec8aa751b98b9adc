import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProvider } from '@/app/provider'
import { RouteError } from '@/app/routes/route-error'
import { AppRouter } from '@/app/router'
import { ErrorBoundary } from '@/components/error-boundary'
import { installImageFallback } from '@/lib/image-fallback'
import { keyThisEntry } from '@/app/scroll-restoration'
import { nextTask } from '@/lib/next-task'
import { appSystem } from '@/theme'

installImageFallback()
keyThisEntry()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

const root = createRoot(container)
// The app starts in three tasks rather than one, so that a tap while it boots waits for none of them
// long: evaluating its modules, making the theme's system (about half of what evaluating them took),
// then the first render. That render is a transition, so React renders it in slices of a few
// milliseconds and lets the browser in between (INP), with no single long task for the whole page.
// What #root held (the page rendered at build time) stays on screen until the one commit, which may
// come after the load event.
void nextTask()
  .then(() => {
    appSystem()
    return nextTask()
  })
  .then(() =>
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
    ),
  )
