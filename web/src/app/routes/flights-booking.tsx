import { useParams, useSearchParams } from 'react-router'
import { BookingPage } from '@/features/flights/components/payment/booking-page'

/** /flights/booking/:id (inside RequireAuth): where the payment gateway returns the traveller. */
export function Component() {
  const { id = '' } = useParams()
  const [query] = useSearchParams()
  return <BookingPage key={id} id={id} paymentReturn={query.get('payment')} />
}
