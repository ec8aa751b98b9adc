import { AccountPlaceholderPage, PLACEHOLDERS } from '@/features/account/components/account-placeholder'

export function Component() {
  return <AccountPlaceholderPage title="My Wishlist" message={PLACEHOLDERS.wishlist} />
}
