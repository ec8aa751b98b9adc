import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { blogContent } from './plugins/blog-content.ts'
import { BLOG_TAGS } from './src/features/blog/data/tags.ts'

// The Go API listens here during local development (`make run`).
const apiTarget = process.env.PARYATAN_API_URL ?? 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [
    react(),
    blogContent({
      dir: fileURLToPath(new URL('./content/blog', import.meta.url)),
      publicDir: fileURLToPath(new URL('./public', import.meta.url)),
      tags: Object.keys(BLOG_TAGS),
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget },
      '/metrics': { target: apiTarget },
    },
  },
  // `vite preview` serves only the built files: it must not borrow the dev proxy,
  // so browser tests against it see no API at all (the signed-out case).
  preview: { proxy: {} },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every asset is a real file under /assets/ (no data: URIs), which keeps the
    // server's content security policy simple and lets it cache them immutably.
    assetsInlineLimit: 0,
    // Libraries change far less often than the app: separate chunks keep them cached across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            {
              name: 'chakra',
              test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@pandacss|@floating-ui|stylis)/,
              priority: 2,
            },
            // Libraries only a lazy page uses stay with that page, not in the chunk every page loads:
            // DOMPurify (fare rules) and TanStack Virtual (flight lists).
            {
              name: 'vendor',
              test: /node_modules[\\/](?!dompurify[\\/]|@tanstack[\\/](?:react-virtual|virtual-core)[\\/])/,
              priority: 1,
            },
          ],
        },
      },
    },
    chunkSizeWarningLimit: 600,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'plugins/**/*.test.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // The build machines have two cores shared with other jobs (Go tests, the browser
    // journeys): a page test that fills a family's four forms has taken 37 s there with
    // nothing wrong. The timeout only catches a test that hangs.
    testTimeout: 60_000,
  },
})
