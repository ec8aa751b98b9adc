import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router'
import { paths, REDIRECTS, ROUTES } from '@/config/paths'
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
      { path: ROUTES.flights, ...lazyRoute(() => import('./routes/flights-results')) },
      { path: ROUTES.flightForm, ...lazyRoute(() => import('./routes/flights-form')) },
      {
        element: <RequireAuth />,
        children: [
          { path: ROUTES.fare, ...flightsFare },
          { path: ROUTES.fareReview, ...flightsFare },
          { path: ROUTES.booking, ...lazyRoute(() => import('./routes/flights-booking')) },
        ],
      },
      { path: REDIRECTS.flightSearch, element: <Redirect to={paths.flights()} keepQuery /> },
      { path: REDIRECTS.flight, element: <Redirect to={paths.fare()} keepQuery /> },

      // Content pages load their code when first visited.
      { path: ROUTES.holidays, ...lazyRoute(() => import('./routes/holidays')) },
      { path: ROUTES.holiday, ...lazyRoute(() => import('./routes/holiday-destination')) },
      { path: ROUTES.mice, ...lazyRoute(() => import('./routes/mice')) },
      {
        path: ROUTES.support,
        ...lazyRoute(() => import('./routes/support').then((m) => ({ Component: m.SupportRoute }))),
      },
      {
        path: ROUTES.hotels,
        ...lazyRoute(() => import('./routes/hotels').then((m) => ({ Component: m.HotelsRoute }))),
      },
      { path: ROUTES.cruises, ...lazyRoute(() => import('./routes/cruises')) },
      { path: ROUTES.contact, ...lazyRoute(() => import('./routes/contact')) },
      { path: ROUTES.offers, ...lazyRoute(() => import('./routes/offers')) },

      // The visa page asks for sign-in itself, and waits for it (product spec 2.10).
      { path: ROUTES.visa, ...visa },
      { path: ROUTES.visaReturn, ...visa },
      { path: REDIRECTS.visa, element: <Redirect to={paths.visa} /> },
      { path: REDIRECTS.visas, element: <Redirect to={paths.visa} /> },
      { path: ROUTES.visaGuide, ...lazyRoute(() => import('./routes/visa-destination')) },
      { path: ROUTES.concierge, ...lazyRoute(() => import('./routes/concierge')) },
      { path: REDIRECTS.concierge, element: <Redirect to={paths.concierge()} keepQuery /> },

      { path: ROUTES.careers, ...lazyRoute(() => import('./routes/careers')) },
      { path: ROUTES.blogs, ...lazyRoute(() => import('./routes/blogs')) },
      { path: ROUTES.blogPost, ...blogPost },
      { path: ROUTES.blogPostOld, ...blogPost },
      { path: REDIRECTS.blog, element: <Redirect to={paths.blogs()} /> },

      // The pages the footer and the home page link to.
      { path: ROUTES.about, ...lazyRoute(() => import('./routes/about')) },
      { path: ROUTES.privacy, ...lazyRoute(() => import('./routes/privacy')) },
      { path: ROUTES.terms, ...lazyRoute(() => import('./routes/terms')) },
      { path: ROUTES.cancellation, ...lazyRoute(() => import('./routes/cancellation')) },
      { path: ROUTES.cookies, ...lazyRoute(() => import('./routes/cookies')) },
      { path: ROUTES.accessibility, ...lazyRoute(() => import('./routes/accessibility')) },
      { path: ROUTES.info, ...lazyRoute(() => import('./routes/info')) },
      { path: ROUTES.faq, ...lazyRoute(() => import('./routes/faq')) },
      { path: ROUTES.checkin, ...lazyRoute(() => import('./routes/checkin')) },

      {
        path: ROUTES.ssoConsume,
        ...lazyRoute(() => import('./routes/sso-consume').then((m) => ({ Component: m.SsoConsumeRoute }))),
      },

      // Outside the sign-in-required tree: it also answers a visitor who is signed out already.
      {
        path: ROUTES.logout,
        ...lazyRoute(() => import('./routes/account-logout').then((m) => ({ Component: m.AccountLogoutRoute }))),
      },
      {
        path: ROUTES.account,
        element: <RequireAuth />,
        children: [
          {
            ...lazyRoute(() => import('./routes/account-layout')),
            children: [
              { index: true, ...lazyRoute(() => import('./routes/account-profile')) },
              { path: ROUTES.profile, ...lazyRoute(() => import('./routes/account-profile')) },
              { path: ROUTES.coTravellers, ...lazyRoute(() => import('./routes/account-co-travellers')) },
              { path: ROUTES.company, ...lazyRoute(() => import('./routes/account-company')) },
              { path: ROUTES.devices, ...lazyRoute(() => import('./routes/account-devices')) },
              { path: ROUTES.resetPassword, ...lazyRoute(() => import('./routes/account-reset-password')) },
              { path: ROUTES.trips, ...lazyRoute(() => import('./routes/account-trips')) },
              { path: ROUTES.trip, ...lazyRoute(() => import('./routes/account-trip')) },
              { path: ROUTES.wallet, ...lazyRoute(() => import('./routes/account-wallet')) },
              { path: ROUTES.payments, ...lazyRoute(() => import('./routes/account-payments')) },
              { path: ROUTES.wishlist, ...lazyRoute(() => import('./routes/account-wishlist')) },
              { path: ROUTES.enquiries, ...lazyRoute(() => import('./routes/account-enquiries')) },
            ],
          },
        ],
      },
      { path: REDIRECTS.myTrips, element: <Redirect to={paths.trips} /> },

      {
        path: ROUTES.login,
        ...lazyRoute(() => import('./routes/auth-login').then((m) => ({ Component: m.AuthLoginRoute }))),
      },
      {
        path: ROUTES.register,
        ...lazyRoute(() => import('./routes/auth-register').then((m) => ({ Component: m.AuthRegisterRoute }))),
      },
      { path: REDIRECTS.signIn, element: <Redirect to={paths.login} keepQuery /> },

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
