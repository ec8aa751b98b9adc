import { api } from '@/lib/api-client'
import type { CoTraveller } from '../types'
import { CO_TRAVELLERS_PATH } from './get-co-travellers'

/** Adds a co-traveller (201 with the saved one). */
export function createCoTraveller(coTraveller: Omit<CoTraveller, '_id'>): Promise<CoTraveller> {
  return api.post<CoTraveller>(CO_TRAVELLERS_PATH, coTraveller)
}
