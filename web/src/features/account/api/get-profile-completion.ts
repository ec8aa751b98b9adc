import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CompletionBand, ProfileCompletion } from '../types'

export const PROFILE_COMPLETION_PATH = '/api/v1/me/profile-completion'

const BANDS: readonly CompletionBand[] = ['start', 'good', 'half', 'almost', 'complete']

/** The band of a score, as the server draws them (docs/profile-completion.md), for an answer without one. */
function bandOf(score: number): CompletionBand {
  if (score >= 100) return 'complete'
  if (score >= 75) return 'almost'
  if (score >= 50) return 'half'
  if (score >= 25) return 'good'
  return 'start'
}

/** How complete the profile is; `ts` keeps any cache between here and the server out of the way. */
export async function getProfileCompletion(): Promise<ProfileCompletion> {
  const body = await api.get<Partial<ProfileCompletion> | null>(`${PROFILE_COMPLETION_PATH}?ts=${Date.now()}`)
  const score = typeof body?.score === 'number' ? body.score : 0
  return {
    score,
    band: body?.band && BANDS.includes(body.band) ? body.band : bandOf(score),
    breakdown: Array.isArray(body?.breakdown) ? body.breakdown : [],
    nextStep: body?.nextStep ?? null,
  }
}

export const profileCompletionQueryKey = ['account', 'profile-completion'] as const

export function profileCompletionQueryOptions() {
  return queryOptions({ queryKey: profileCompletionQueryKey, queryFn: getProfileCompletion, staleTime: 0 })
}

export function useProfileCompletion() {
  return useQuery(profileCompletionQueryOptions())
}
