import { setupServer } from 'msw/node'
import { handlers } from './handlers'

/** The API as the unit tests see it (Mock Service Worker on Node): started in setup.ts. */
export const server = setupServer(...handlers)
