import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CoTraveller } from '../types'
import { createCoTraveller } from './create-co-traveller'
import { coTravellersQueryKey } from './get-co-travellers'
import { profileCompletionQueryKey } from './get-profile-completion'
import { updateCoTraveller } from './update-co-traveller'

/** Saves the form's co-traveller: without an `_id` it is created, with one it is updated (spec 4). */
export function saveCoTraveller({ _id: id, ...fields }: CoTraveller): Promise<CoTraveller> {
  return id ? updateCoTraveller(id, fields) : createCoTraveller(fields)
}

/** Saves a co-traveller, then reloads the list (and the progress, which counts co-travellers). */
export function useSaveCoTraveller() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveCoTraveller,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: coTravellersQueryKey })
      void queryClient.invalidateQueries({ queryKey: profileCompletionQueryKey })
    },
  })
}
