import { defineConfig, devices } from '@playwright/test'

// Browser journeys. hack/e2e.sh starts the real server and sets E2E_BASE_URL;
// without it the built app is served by `vite preview` on a fixed port, with no
// API: the journeys that need one fail there (none is ever skipped).
const PREVIEW_PORT = 4179
const externalBaseURL = process.env.E2E_BASE_URL
const baseURL = externalBaseURL ?? `http://127.0.0.1:${PREVIEW_PORT}`
// hack/e2e.sh also asks for a JSON report, to fail a run that skipped a journey.
const jsonReport = process.env.E2E_JSON_REPORT

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Two cores on the build machines: one browser at a time keeps timings stable.
  workers: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [
    ['list'],
    ...(process.env.CI ? [['html', { open: 'never', outputFolder: 'playwright-report' }] as const] : []),
    ...(jsonReport ? [['json', { outputFile: jsonReport }] as const] : []),
  ],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: externalBaseURL
    ? undefined
    : {
        command: `npm run build && npx vite preview --host 127.0.0.1 --port ${PREVIEW_PORT} --strictPort`,
        url: baseURL,
        reuseExistingServer: !process.env.CI,
        timeout: 180_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
})
