import { Navigate, useLocation } from 'react-router'

interface RedirectProps {
  to: string
  /** Carry the query string (and hash) over to the new address. */
  keepQuery?: boolean
}

/** A client-side redirect that replaces the old address in history. */
export function Redirect({ to, keepQuery = false }: RedirectProps) {
  const { search, hash } = useLocation()
  return <Navigate replace to={keepQuery ? { pathname: to, search, hash } : to} />
}
