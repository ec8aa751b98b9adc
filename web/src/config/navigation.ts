export interface NavLink {
  to: string
  label: string
}

export const mainNavLinks: readonly NavLink[] = [
  { to: '/flights', label: 'Flights' },
  { to: '/hotels', label: 'Hotels' },
  { to: '/go/visa', label: 'Visa' },
  { to: '/holidays', label: 'Holidays' },
  { to: '/mice', label: 'MICE' },
]

export const secondaryNavLinks: readonly NavLink[] = [
  { to: '/blogs', label: 'Blogs' },
  { to: '/offers', label: 'Offers' },
  { to: '/cruises', label: 'Cruises' },
]

export interface FooterGroup {
  title: string
  links: readonly NavLink[]
}

export const footerGroups: readonly FooterGroup[] = [
  {
    title: 'Travel',
    links: [
      { to: '/go/visa', label: 'Visa' },
      { to: '/cruises', label: 'Cruises' },
      { to: '/hotels', label: 'Hotels' },
      { to: '/flights', label: 'Flights' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About us' },
      { to: '/blogs', label: 'Blogs' },
      { to: '/offers', label: 'Offers' },
      { to: '/contact', label: 'Contact us' },
    ],
  },
  {
    title: 'For agents',
    links: [
      { to: '/auth/register', label: 'Sign Up' },
      { to: '/auth/login', label: 'Login' },
    ],
  },
  {
    title: 'Policies',
    links: [
      { to: '/privacy', label: 'Privacy policy' },
      { to: '/terms', label: 'Terms of use' },
      { to: '/cancellation', label: 'Cancellation policy' },
      { to: '/cookies', label: 'Cookie policy' },
      { to: '/accessibility', label: 'Accessibility' },
    ],
  },
]

export const accountMenuLinks: readonly NavLink[] = [
  { to: '/account/profile', label: 'My Profile' },
  { to: '/account/trips', label: 'My Trips' },
  { to: '/account/wallet', label: 'My Wallet' },
  { to: '/account/payments', label: 'My Payments' },
  { to: '/account/wishlist', label: 'My Wishlist' },
]

/** The account area's side navigation (product spec 2.16); Logout is shown apart from these. */
export const accountNavLinks: readonly NavLink[] = [
  { to: '/account/profile', label: 'My Profile' },
  { to: '/account/trips', label: 'My Trips' },
  { to: '/account/wallet', label: 'My Wallet' },
  { to: '/account/payments', label: 'My Payments' },
  { to: '/account/enquiries', label: 'My Enquiries' },
  { to: '/account/wishlist', label: 'My Wishlist' },
  { to: '/account/co-travellers', label: 'Co-Travellers' },
  { to: '/account/devices', label: 'Logged in Devices' },
  { to: '/account/reset-password', label: 'Reset Password' },
]

export const accountLogoutLink: NavLink = { to: '/account/logout', label: 'Logout' }
