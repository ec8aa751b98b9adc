import type { components } from '@/lib/api.gen'

/** An enquiry as the site's forms send it (POST /api/v1/enquiries). */
export type EnquiryInput = components['schemas']['EnquiryInput']
/** A stored enquiry as its sender sees it. */
export type Enquiry = components['schemas']['Enquiry']
export type EnquiryKind = EnquiryInput['kind']
export type TravelStyle = NonNullable<EnquiryInput['styles']>[number]
export type CruiseRequest = NonNullable<EnquiryInput['cruise']>

/** The signed-in traveller, as far as the forms use it. */
export interface FormUser {
  fullName: string
  email: string
  phone?: string | null
}
