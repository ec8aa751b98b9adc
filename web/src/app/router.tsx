import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router'
import { RequireAuth } from '@/features/auth/components/require-auth'
import { lazyRoute, preloadRoutes } from './lazy-route'
import { HomeRoute } from './routes/home'
import { NotFoundRoute } from './routes/not-found'
import { Redirect } from './routes/redirect'
import { RootLayout } from './routes/root-layout'

// Pages with two addresses: one component each, so moving between the addresses keeps the page's state.
const flightsFare = lazyRoute(() => import('./routes/flights-fare'))
const visa = lazyRoute(() => import('./routes/visa'))
const blogPost = lazyRoute(() => import('./routes/blog-post'))

/** The whole route table (product spec 2.1), redirects included. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomeRoute /> },

      // The flight pages load their code when first visited.
      { path: 'flights', ...lazyRoute(() => import('./routes/flights-results')) },
      { path: 'flights/form', ...lazyRoute(() => import('./routes/flights-form')) },
      {
        element: <RequireAuth />,
        children: [
          { path: 'flights/fare', ...flightsFare },
          { path: 'flights/review', ...flightsFare },
          { path: 'flights/booking/:id', ...lazyRoute(() => import('./routes/flights-booking')) },
        ],
      },
      { path: 'flights/search', element: <Redirect to="/flights" keepQuery /> },
      { path: 'flight', element: <Redirect to="/flights/fare" keepQuery /> },

      // Content pages load their code when first visited.
      { path: 'holidays', ...lazyRoute(() => import('./routes/holidays')) },
      { path: 'holidays/:slug', ...lazyRoute(() => import('./routes/holiday-destination')) },
      { path: 'mice', ...lazyRoute(() => import('./routes/mice')) },
      { path: 'support', ...lazyRoute(() => import('./routes/support').then((m) => ({ Component: m.SupportRoute }))) },
      { path: 'hotels', ...lazyRoute(() => import('./routes/hotels').then((m) => ({ Component: m.HotelsRoute }))) },
      { path: 'cruises', ...lazyRoute(() => import('./routes/cruises')) },
      { path: 'contact', ...lazyRoute(() => import('./routes/contact')) },
      { path: 'offers', ...lazyRoute(() => import('./routes/offers')) },

      // The visa page asks for sign-in itself, and waits for it (product spec 2.10).
      { path: 'go/visa', ...visa },
      { path: 'go-for-visa', ...visa },
      { path: 'visa', element: <Redirect to="/go/visa" /> },
      { path: 'visas', element: <Redirect to="/go/visa" /> },
      { path: 'visas/:country', ...lazyRoute(() => import('./routes/visa-destination')) },
      { path: 'go/concierge', ...lazyRoute(() => import('./routes/concierge')) },
      { path: 'concierge', element: <Redirect to="/go/concierge" keepQuery /> },

      { path: 'careers', ...lazyRoute(() => import('./routes/careers')) },
      { path: 'blogs', ...lazyRoute(() => import('./routes/blogs')) },
      { path: 'blogs/:slug', ...blogPost },
      { path: 'blog/:slug', ...blogPost },
      { path: 'blog', element: <Redirect to="/blogs" /> },

      // The pages the footer and the home page link to.
      { path: 'about', ...lazyRoute(() => import('./routes/about')) },
      { path: 'privacy', ...lazyRoute(() => import('./routes/privacy')) },
      { path: 'terms', ...lazyRoute(() => import('./routes/terms')) },
      { path: 'cancellation', ...lazyRoute(() => import('./routes/cancellation')) },
      { path: 'cookies', ...lazyRoute(() => import('./routes/cookies')) },
      { path: 'accessibility', ...lazyRoute(() => import('./routes/accessibility')) },
      { path: 'info', ...lazyRoute(() => import('./routes/info')) },
      { path: 'faq', ...lazyRoute(() => import('./routes/faq')) },
      { path: 'checkin', ...lazyRoute(() => import('./routes/checkin')) },

      {
        path: 'sso/consume',
        ...lazyRoute(() => import('./routes/sso-consume').then((m) => ({ Component: m.SsoConsumeRoute }))),
      },

      // Outside the sign-in-required tree: it also answers a visitor who is signed out already.
      {
        path: 'account/logout',
        ...lazyRoute(() => import('./routes/account-logout').then((m) => ({ Component: m.AccountLogoutRoute }))),
      },
      {
        path: 'account',
        element: <RequireAuth />,
        children: [
          {
            ...lazyRoute(() => import('./routes/account-layout')),
            children: [
              { index: true, ...lazyRoute(() => import('./routes/account-profile')) },
              { path: 'profile', ...lazyRoute(() => import('./routes/account-profile')) },
              { path: 'co-travellers', ...lazyRoute(() => import('./routes/account-co-travellers')) },
              { path: 'company', ...lazyRoute(() => import('./routes/account-company')) },
              { path: 'devices', ...lazyRoute(() => import('./routes/account-devices')) },
              { path: 'reset-password', ...lazyRoute(() => import('./routes/account-reset-password')) },
              { path: 'trips', ...lazyRoute(() => import('./routes/account-trips')) },
              { path: 'trips/:id', ...lazyRoute(() => import('./routes/account-trip')) },
              { path: 'wallet', ...lazyRoute(() => import('./routes/account-wallet')) },
              { path: 'payments', ...lazyRoute(() => import('./routes/account-payments')) },
              { path: 'wishlist', ...lazyRoute(() => import('./routes/account-wishlist')) },
              { path: 'enquiries', ...lazyRoute(() => import('./routes/account-enquiries')) },
            ],
          },
        ],
      },
      { path: 'my-trips', element: <Redirect to="/account/trips" /> },

      {
        path: 'auth/login',
        ...lazyRoute(() => import('./routes/auth-login').then((m) => ({ Component: m.AuthLoginRoute }))),
      },
      {
        path: 'auth/register',
        ...lazyRoute(() => import('./routes/auth-register').then((m) => ({ Component: m.AuthRegisterRoute }))),
      },
      { path: 'signin', element: <Redirect to="/auth/login" keepQuery /> },

      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]

/** The app's router: the address bar's history and the route table. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}

/** The page the address names, in the app's layout: the route table rendered. */
export function AppRoutes() {
  const { pathname } = useLocation()
  preloadRoutes(routes, pathname)
  return useRoutes(routes)
}
