import { useState } from 'react'
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router'
import { RequireAuth } from '@/features/auth/components/require-auth'
import { HomeRoute } from './routes/home'
import { NotFoundRoute } from './routes/not-found'
import { Redirect } from './routes/redirect'
import { RootLayout } from './routes/root-layout'
import { RouteError } from './routes/route-error'

/** The whole route table (product spec 2.1), redirects included. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: () => null,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRoute /> },

          // The flight pages load their code when first visited.
          { path: 'flights', lazy: () => import('./routes/flights-results') },
          { path: 'flights/form', lazy: () => import('./routes/flights-form') },
          {
            element: <RequireAuth />,
            children: [
              { path: 'flights/fare', lazy: () => import('./routes/flights-fare') },
              { path: 'flights/review', lazy: () => import('./routes/flights-fare') },
              { path: 'flights/booking/:id', lazy: () => import('./routes/flights-booking') },
            ],
          },
          { path: 'flights/search', element: <Redirect to="/flights" keepQuery /> },
          { path: 'flight', element: <Redirect to="/flights/fare" keepQuery /> },

          // Content pages load their code when first visited.
          { path: 'holidays', lazy: () => import('./routes/holidays') },
          { path: 'holidays/:slug', lazy: () => import('./routes/holiday-destination') },
          { path: 'mice', lazy: () => import('./routes/mice') },
          { path: 'support', lazy: () => import('./routes/support').then((m) => ({ Component: m.SupportRoute })) },
          { path: 'hotels', lazy: () => import('./routes/hotels').then((m) => ({ Component: m.HotelsRoute })) },
          { path: 'cruises', lazy: () => import('./routes/cruises') },
          { path: 'contact', lazy: () => import('./routes/contact') },
          { path: 'offers', lazy: () => import('./routes/offers') },

          // The visa page asks for sign-in itself, and waits for it (product spec 2.10).
          { path: 'go/visa', lazy: () => import('./routes/visa') },
          { path: 'go-for-visa', lazy: () => import('./routes/visa') },
          { path: 'visa', element: <Redirect to="/go/visa" /> },
          { path: 'visas', element: <Redirect to="/go/visa" /> },
          { path: 'visas/:country', lazy: () => import('./routes/visa-destination') },
          { path: 'go/concierge', lazy: () => import('./routes/concierge') },
          { path: 'concierge', element: <Redirect to="/go/concierge" keepQuery /> },

          { path: 'careers', lazy: () => import('./routes/careers') },
          { path: 'blogs', lazy: () => import('./routes/blogs') },
          { path: 'blogs/:slug', lazy: () => import('./routes/blog-post') },
          { path: 'blog/:slug', lazy: () => import('./routes/blog-post') },
          { path: 'blog', element: <Redirect to="/blogs" /> },

          // The pages the footer and the home page link to.
          { path: 'about', lazy: () => import('./routes/about') },
          { path: 'privacy', lazy: () => import('./routes/privacy') },
          { path: 'terms', lazy: () => import('./routes/terms') },
          { path: 'cancellation', lazy: () => import('./routes/cancellation') },
          { path: 'cookies', lazy: () => import('./routes/cookies') },
          { path: 'accessibility', lazy: () => import('./routes/accessibility') },
          { path: 'info', lazy: () => import('./routes/info') },
          { path: 'faq', lazy: () => import('./routes/faq') },
          { path: 'checkin', lazy: () => import('./routes/checkin') },

          {
            path: 'sso/consume',
            lazy: () => import('./routes/sso-consume').then((m) => ({ Component: m.SsoConsumeRoute })),
          },

          // Outside the sign-in-required tree: it also answers a visitor who is signed out already.
          {
            path: 'account/logout',
            lazy: () => import('./routes/account-logout').then((m) => ({ Component: m.AccountLogoutRoute })),
          },
          {
            path: 'account',
            element: <RequireAuth />,
            children: [
              {
                lazy: () => import('./routes/account-layout'),
                children: [
                  { index: true, lazy: () => import('./routes/account-profile') },
                  { path: 'profile', lazy: () => import('./routes/account-profile') },
                  { path: 'co-travellers', lazy: () => import('./routes/account-co-travellers') },
                  { path: 'company', lazy: () => import('./routes/account-company') },
                  { path: 'devices', lazy: () => import('./routes/account-devices') },
                  { path: 'reset-password', lazy: () => import('./routes/account-reset-password') },
                  { path: 'trips', lazy: () => import('./routes/account-trips') },
                  { path: 'trips/:id', lazy: () => import('./routes/account-trip') },
                  { path: 'wallet', lazy: () => import('./routes/account-wallet') },
                  { path: 'payments', lazy: () => import('./routes/account-payments') },
                  { path: 'wishlist', lazy: () => import('./routes/account-wishlist') },
                  { path: 'enquiries', lazy: () => import('./routes/account-enquiries') },
                ],
              },
            ],
          },
          { path: 'my-trips', element: <Redirect to="/account/trips" /> },

          {
            path: 'auth/login',
            lazy: () => import('./routes/auth-login').then((m) => ({ Component: m.AuthLoginRoute })),
          },
          {
            path: 'auth/register',
            lazy: () => import('./routes/auth-register').then((m) => ({ Component: m.AuthRegisterRoute })),
          },
          { path: 'signin', element: <Redirect to="/auth/login" keepQuery /> },

          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}

export function AppRouter() {
  const [router] = useState(createAppRouter)
  return <RouterProvider router={router} />
}
