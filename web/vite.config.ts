import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { blogContent } from './plugins/blog-content.ts'
import { bootScript } from './plugins/boot-script.ts'
import { jsBudget } from './plugins/js-budget.ts'
import { precompress } from './plugins/precompress.ts'
import { staticGraph } from './plugins/static-graph.ts'
import { BLOG_TAGS } from './src/features/blog/data/tags.ts'

/** A file of the app, by its path under src/: the module id the build knows it by. */
const src = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url))

// What src/boot.ts runs, which the app's entry also imports (the early calls): a chunk of their own.
const boot = staticGraph(src('boot.ts'))

// The Go API listens here during local development (`make run`).
const apiTarget = process.env.PARYATAN_API_URL ?? 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [
    react(),
    boot.plugin,
    bootScript(src('boot.ts'), '/src/boot.ts'),
    blogContent({
      dir: fileURLToPath(new URL('./content/blog', import.meta.url)),
      publicDir: fileURLToPath(new URL('./public', import.meta.url)),
      tags: Object.keys(BLOG_TAGS),
    }),
    // Compressed JavaScript a first visit to each page fetches before it is idle: 150 KB for the home
    // page, 200 KB for any other.
    jsBudget({
      home: 150 * 1024,
      route: 200 * 1024,
      routesDir: src('app/routes'),
      // Lazy code fetched only when a visitor asks for it; every other lazy chunk counts where it is
      // imported (the fare page's traveller forms, fetched as the page opens, count towards it).
      onDemand: [
        // On a press of its button (or a pointer over it, or focus).
        src('components/layout/header-menu-drawer.tsx'),
        src('features/auth/components/user-menu.tsx'),
        src('features/auth/components/sign-in-dialog.tsx'),
        src('features/auth/components/email-step.tsx'),
        src('features/auth/components/mobile-otp-dialog.tsx'),
        src('features/account/components/profile-save-dialog.tsx'),
        src('features/flights/components/results/filter-sheet.tsx'),
        // With the Hotels tab.
        src('features/hotels/components/hotel-search-form.tsx'),
        // With the fare rules' card, when it opens.
        /[\\/]node_modules[\\/]dompurify[\\/]/,
        // Below the fold, at the first scroll, key or touch (the main element is a screen tall).
        src('components/layout/footer.tsx'),
        src('features/home/components/home-more.tsx'),
        // The fare page's seats, meals and baggage, below the traveller forms.
        src('features/flights/components/fare/extras-section.tsx'),
        // What src/boot.ts writes into the fare page rendered ahead of time: a fare page's alone.
        src('app/fare-first-screen.ts'),
      ],
      eager: { 'flights-fare': [src('app/fare-first-screen.ts')] },
      // A page that needs a session shows a signed-out visitor the sign-in dialog over an empty page:
      // that first visit fetches the dialog, not the page's own lazy chunks.
      instead: Object.fromEntries(
        ['flights-fare', 'flights-booking', 'account-layout', 'visa'].map((route) => [
          route,
          [src('features/auth/components/sign-in-dialog.tsx')],
        ]),
      ),
      // An account page renders inside the account layout, whose chunk (with the toaster) comes with it.
      within: (route) => (/^account-(?!layout$|logout$)/.test(route) ? 'account-layout' : undefined),
    }),
    // zstd, Brotli and gzip forms of the built text files, for the server to send as they are.
    precompress(),
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
    // Which files each module became: scripts/prerender.mjs names a prerendered page's scripts from it.
    manifest: true,
    sourcemap: false,
    // Every asset is a real file under /assets/ (no data: URIs), which keeps the
    // server's content security policy simple and lets it cache them immutably.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // The app (index.html) and, beside it, what runs before it (src/boot.ts: the early calls and the
      // address's parts of a page rendered ahead of time), which plugins/boot-script.ts names in the
      // HTML ahead of the app's entry, so that it does not wait for the app's code.
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), boot: src('boot.ts') },
      // Chakra's `define*` helpers return their argument. Marked pure, the default theme that
      // `@chakra-ui/react/theme` assembles from every recipe is dropped when unused, leaving only
      // the recipes src/theme.ts takes. Its component factories (withProvider, withContext,
      // createIcon, the recipe contexts, forwardRef, memo …) build a part without side effects:
      // marked pure, the parts of a component the app never uses are dropped too.
      treeshake: {
        manualPureFunctions: [
          'defineConfig',
          'defineRecipe',
          'defineSlotRecipe',
          'defineTokens',
          'defineSemanticTokens',
          'withProvider',
          'withContext',
          'withRootProvider',
          'createIcon',
          'createSlotRecipeContext',
          'createRecipeContext',
          'forwardRef',
          'memo',
          'createAnatomy',
          'createContext',
          'createSplitProps',
          'chakra',
        ],
      },
      output: {
        // React and the router change far less often than the app and every page needs them: their
        // own chunk stays cached across releases. Other libraries go with the code that imports them
        // (a form library with the forms, a menu with the menu), so a page loads only what it uses.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // What src/boot.ts runs, in a small chunk of its own: the script that runs before the app
            // waits for none of the app's code (the app imports the same modules from it).
            { name: 'boot', test: (id: string) => boot.has(id) },
            // Everything the entry imports, in one chunk: a first visit fetched it as some twenty
            // small chunks (a button's, a heading's), each compressed on its own, 5 KB more in all.
            { name: 'shell', tags: ['$initial'] },
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
