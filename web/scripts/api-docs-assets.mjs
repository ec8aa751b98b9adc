// Copies the API reference's viewer (Swagger UI, from its npm package) into
// api/docs/vendor, which the API server embeds and serves at /api/docs in
// local mode. It is no part of the web app's bundle.
import { copyFileSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const from = dirname(require.resolve('swagger-ui-dist/package.json'))
const to = fileURLToPath(new URL('../../api/docs/vendor/', import.meta.url))

mkdirSync(to, { recursive: true })
for (const name of ['swagger-ui-bundle.js', 'swagger-ui.css', 'LICENSE', 'NOTICE']) {
  copyFileSync(join(from, name), join(to, name))
}
