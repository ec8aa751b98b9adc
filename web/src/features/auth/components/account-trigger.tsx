import { Box } from '@chakra-ui/react/box'
import { Button, type ButtonProps } from '@chakra-ui/react/button'
import { initialOf } from '../utils/display-name'

/**
 * The signed-in traveller's button in the header: their initial in a circle and "Hi, {name}". The
 * header shows it at once; the menu it opens (user-menu.tsx, with the menu machinery) is fetched on
 * the first press, so a signed-in page does not carry the menu's code until it is wanted. The menu
 * then renders this same button as its trigger.
 */
export function AccountTrigger({ name, ...props }: ButtonProps & { name: string }) {
  return (
    <Button variant="ghost" color="fg.onDark" _hover={{ bg: 'whiteAlpha.200' }} px="2" aria-haspopup="menu" {...props}>
      <Box
        as="span"
        aria-hidden="true"
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        boxSize="6"
        flexShrink="0"
        rounded="full"
        bg="accent.solid"
        color="accent.contrast"
        fontSize="xs"
        fontWeight="medium"
      >
        {initialOf(name)}
      </Box>
      {/* A long name is cut short on screen; the button's name stays whole for assistive technology. */}
      <Box as="span" truncate maxW={{ base: '40', xl: '24', '2xl': '48' }}>
        Hi, {name}
      </Box>
    </Button>
  )
}
