import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProvider } from '@/app/provider'
import { RouteError } from '@/app/routes/route-error'
import { AppRouter } from '@/app/router'
import { ErrorBoundary } from '@/components/error-boundary'
import { installImageFallback } from '@/lib/image-fallback'
import { keyThisEntry } from '@/app/scroll-restoration'
import { startEarlyCalls } from '@/features/flights/api/early'

installImageFallback()
keyThisEntry()
startEarlyCalls(new URL(window.location.href))

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      {/* The pages have a boundary of their own, inside the layout; this one catches the shell. */}
      <ErrorBoundary fallback={<RouteError />}>
        <AppRouter />
      </ErrorBoundary>
    </AppProvider>
  </StrictMode>,
)
