import { paths } from '@/config/paths'

export interface NavLink {
  to: string
  label: string
}

export const mainNavLinks: readonly NavLink[] = [
  { to: paths.flights(), label: 'Flights' },
  { to: paths.hotels, label: 'Hotels' },
  { to: paths.visa, label: 'Visa' },
  { to: paths.holidays, label: 'Holidays' },
  { to: paths.mice, label: 'MICE' },
]

export const secondaryNavLinks: readonly NavLink[] = [
  { to: paths.blogs(), label: 'Blogs' },
  { to: paths.offers, label: 'Offers' },
  { to: paths.cruises, label: 'Cruises' },
]

export interface FooterGroup {
  title: string
  links: readonly NavLink[]
}

export const footerGroups: readonly FooterGroup[] = [
  {
    title: 'Travel',
    links: [
      { to: paths.visa, label: 'Visa' },
      { to: paths.cruises, label: 'Cruises' },
      { to: paths.hotels, label: 'Hotels' },
      { to: paths.flights(), label: 'Flights' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: paths.about, label: 'About us' },
      { to: paths.blogs(), label: 'Blogs' },
      { to: paths.offers, label: 'Offers' },
      { to: paths.contact, label: 'Contact us' },
    ],
  },
  {
    title: 'For agents',
    links: [
      { to: paths.register, label: 'Sign Up' },
      { to: paths.login, label: 'Login' },
    ],
  },
  {
    title: 'Policies',
    links: [
      { to: paths.privacy, label: 'Privacy policy' },
      { to: paths.terms, label: 'Terms of use' },
      { to: paths.cancellation, label: 'Cancellation policy' },
      { to: paths.cookies, label: 'Cookie policy' },
      { to: paths.accessibility, label: 'Accessibility' },
    ],
  },
]

export const accountMenuLinks: readonly NavLink[] = [
  { to: paths.profile, label: 'My Profile' },
  { to: paths.trips, label: 'My Trips' },
  { to: paths.wallet, label: 'My Wallet' },
  { to: paths.payments, label: 'My Payments' },
  { to: paths.wishlist, label: 'My Wishlist' },
]

/** The account area's side navigation (product spec 2.16); Logout is shown apart from these. */
export const accountNavLinks: readonly NavLink[] = [
  { to: paths.profile, label: 'My Profile' },
  { to: paths.trips, label: 'My Trips' },
  { to: paths.wallet, label: 'My Wallet' },
  { to: paths.payments, label: 'My Payments' },
  { to: paths.enquiries, label: 'My Enquiries' },
  { to: paths.wishlist, label: 'My Wishlist' },
  { to: paths.coTravellers, label: 'Co-Travellers' },
  { to: paths.devices, label: 'Logged in Devices' },
  { to: paths.resetPassword, label: 'Reset Password' },
]

export const accountLogoutLink: NavLink = { to: paths.logout, label: 'Logout' }
