import { Link } from '@chakra-ui/react/link'
import { NavLink } from 'react-router'
import type { NavLink as NavItem } from '@/config/navigation'

/** A navigation link of the header bar or its menu, underlined in the accent colour on the current page. */
export function HeaderLink({
  link,
  onClick,
  size = 'md',
}: {
  link: NavItem
  onClick?: () => void
  size?: 'sm' | 'md'
}) {
  return (
    <Link
      asChild
      color={size === 'sm' ? 'fg.onDarkMuted' : 'fg.headerLink'}
      fontSize={size === 'sm' ? 'sm' : 'md'}
      fontWeight={size === 'sm' ? 'medium' : 'semibold'}
      px="1"
      py="1"
      borderBottomWidth="2px"
      borderColor="transparent"
      _hover={{ color: 'fg.onDark', textDecoration: 'none', borderColor: 'accent.solid' }}
      _currentPage={{ color: 'fg.onDark', borderColor: 'accent.solid' }}
    >
      <NavLink to={link.to} onClick={onClick}>
        {link.label}
      </NavLink>
    </Link>
  )
}
