import { AccountPlaceholderPage, PLACEHOLDERS } from '@/features/account/components/account-placeholder'

export function Component() {
  return <AccountPlaceholderPage title="My Wallet" message={PLACEHOLDERS.wallet} />
}
