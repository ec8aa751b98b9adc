import { useContext } from 'react'
import { SignInContext, type SignInController } from '../sign-in-context'

export function useSignIn(): SignInController {
  const controller = useContext(SignInContext)
  if (!controller) throw new Error('useSignIn must be used inside SignInProvider')
  return controller
}
