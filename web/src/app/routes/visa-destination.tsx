import { useParams } from 'react-router'
import { VisaGuidePage } from '@/features/visas/components/visa-guide-page'
import { findVisaGuide } from '@/features/visas/data/guides'
import { NotFoundRoute } from './not-found'

export function Component() {
  const { country } = useParams()
  const guide = findVisaGuide(country)
  return guide ? <VisaGuidePage key={guide.slug} guide={guide} /> : <NotFoundRoute />
}
