import { Link as ChakraLink, type LinkProps as ChakraLinkProps } from '@chakra-ui/react/link'
import type { Ref } from 'react'
import { Link, type LinkProps } from 'react-router'

export type RouterLinkProps = Omit<ChakraLinkProps, 'href' | 'asChild'> &
  Pick<LinkProps, 'to' | 'replace' | 'state'> & { ref?: Ref<HTMLAnchorElement> }

/** A Chakra-styled link that navigates inside the app. */
export function RouterLink({ to, replace, state, children, ref, ...rest }: RouterLinkProps) {
  return (
    <ChakraLink asChild {...rest}>
      <Link ref={ref} to={to} replace={replace} state={state}>
        {children}
      </Link>
    </ChakraLink>
  )
}
