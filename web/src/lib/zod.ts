import { z } from 'zod/mini'

// The app's forms validate with zod's tree-shakable API (zod/mini), which
// leaves out what a form does not use. Unlike full zod it installs no
// messages of its own: without English ones a wrong-typed value would read
// just "Invalid input". Every schema imports z from here so they are set.
z.config(z.locales.en())

export { z }
