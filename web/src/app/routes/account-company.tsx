import { CompanyPage } from '@/features/account/components/company-page'
import { useSession } from '@/features/auth/hooks/use-session'

/** Company & GST, for MyBiz accounts; a personal account is told what it takes. */
export function Component() {
  const { user } = useSession()
  return <CompanyPage business={user?.accountType === 'biz'} />
}
