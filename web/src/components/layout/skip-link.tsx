import { Link } from '@chakra-ui/react/link'
import type { MouseEvent } from 'react'

/**
 * The first stop of the keyboard on every page: hidden until focused, it moves
 * focus past the header to the page's content (the `<main>` with id "main").
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById('main')
    if (!main) return
    // Focus, not a hash change: no history entry, and the focus really moves.
    event.preventDefault()
    main.focus()
  }
  return (
    <Link
      href="#main"
      onClick={skip}
      position="absolute"
      top="2"
      left="2"
      zIndex="skipLink"
      px="4"
      py="2"
      rounded="md"
      bg="bg.card"
      color="brand.fg"
      fontWeight="semibold"
      boxShadow="md"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'translateY(0)' }}
    >
      Skip to main content
    </Link>
  )
}
