import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { AuthPageLayout } from '@/features/auth/components/auth-page-layout'
import { RegisterForm } from '@/features/auth/components/register-form'
import { returnTarget, withReturnPath } from '@/features/auth/utils/return-path'

/** /auth/register: e-mail registration, returning to the page the user came from. */
export function AuthRegisterRoute() {
  const [params] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const target = returnTarget(params, location.state)

  return (
    <AuthPageLayout
      title="Create account"
      switchPrompt="Already have an account?"
      switchLabel="Sign in"
      switchTo={withReturnPath(paths.login, target)}
    >
      <RegisterForm onSuccess={() => void navigate(target, { replace: true })} />
    </AuthPageLayout>
  )
}
