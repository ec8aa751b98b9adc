import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { AuthPageLayout } from '@/features/auth/components/auth-page-layout'
import { LoginForm } from '@/features/auth/components/login-form'
import { returnTarget, withReturnPath } from '@/features/auth/utils/return-path'

/** /auth/login: e-mail sign-in; also where a failed Google sign-in lands, with its reason as `oauthError`. */
export function AuthLoginRoute() {
  const [params] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const target = returnTarget(params, location.state)
  const oauthError = params.get('oauthError') ?? ''

  return (
    <AuthPageLayout
      title="Sign in"
      switchPrompt="New to Paryatan?"
      switchLabel="Create one"
      switchTo={withReturnPath(paths.register, target)}
    >
      <LoginForm
        key={oauthError}
        initialError={oauthError}
        onSuccess={() => void navigate(target, { replace: true })}
      />
    </AuthPageLayout>
  )
}
