import { accessibilityStatement } from '../data/accessibility'
import { cancellationPolicy } from '../data/cancellation'
import { cookiePolicy } from '../data/cookies'
import { privacyPolicy } from '../data/privacy'
import { termsOfUse } from '../data/terms'
import { PolicyPage } from './policy-page'

/** /privacy */
export function PrivacyPage() {
  return <PolicyPage document={privacyPolicy} />
}

/** /terms */
export function TermsPage() {
  return <PolicyPage document={termsOfUse} />
}

/** /cancellation */
export function CancellationPage() {
  return <PolicyPage document={cancellationPolicy} />
}

/** /cookies */
export function CookiesPage() {
  return <PolicyPage document={cookiePolicy} />
}

/** /accessibility */
export function AccessibilityPage() {
  return <PolicyPage document={accessibilityStatement} />
}
