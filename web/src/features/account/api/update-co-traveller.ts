import { api } from '@/lib/api-client'
import type { CoTraveller } from '../types'
import { coTravellerPath } from './get-co-travellers'

/** Replaces the co-traveller `id`; another user's id answers 404. */
export function updateCoTraveller(id: string, coTraveller: Omit<CoTraveller, '_id'>): Promise<CoTraveller> {
  return api.put<CoTraveller>(coTravellerPath(id), coTraveller)
}
