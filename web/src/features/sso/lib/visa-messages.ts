/** The visa page's words (product spec 2.10 and 8). */
export const VISA_STATUS = {
  checking: 'Checking your session…',
  auth: 'Opening sign-in…',
  connecting: 'Connecting you to Visa…',
} as const

export const VISA_CONNECT_FAILED = 'Could not connect to Visa.'
export const VISA_NO_LOGIN = 'We couldn’t detect a login. Please finish signing in in the popup, then refresh.'
