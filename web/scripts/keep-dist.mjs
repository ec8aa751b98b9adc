// `vite build` empties dist/, but dist/.gitkeep is committed so that the Go
// embed directive always finds the directory, even before a first build.
import { writeFileSync } from 'node:fs'

writeFileSync(new URL('../dist/.gitkeep', import.meta.url), '')
