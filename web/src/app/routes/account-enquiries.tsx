import { MyEnquiriesPage } from '@/features/enquiries/components/my-enquiries-page'

export function Component() {
  return <MyEnquiriesPage />
}
