// Browser and system names read from a User-Agent header, most specific first
// (Edge and Opera also say "Chrome"; Chrome also says "Safari").
const BROWSERS: ReadonlyArray<[pattern: RegExp, name: string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const SYSTEMS: ReadonlyArray<[pattern: RegExp, name: string]> = [
  [/\b(?:iPhone|iPod)\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
]

function first(list: ReadonlyArray<[RegExp, string]>, ua: string): string | undefined {
  return list.find(([pattern]) => pattern.test(ua))?.[1]
}

/** "Chrome on Windows", "Safari on iPhone"; an unrecognised agent is shown shortened; none: "Unknown device". */
export function describeUserAgent(userAgent: string): string {
  const ua = userAgent.trim()
  if (!ua) return 'Unknown device'
  const browser = first(BROWSERS, ua)
  const system = first(SYSTEMS, ua)
  if (browser && system) return `${browser} on ${system}`
  if (browser || system) return (browser ?? system) as string
  return ua.length > 60 ? `${ua.slice(0, 57)}…` : ua
}
