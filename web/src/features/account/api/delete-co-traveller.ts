import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { coTravellerPath, coTravellersQueryKey } from './get-co-travellers'
import { profileCompletionQueryKey } from './get-profile-completion'

export async function deleteCoTraveller(id: string): Promise<void> {
  await api.delete<void>(coTravellerPath(id))
}

/** Removes a co-traveller, then reloads the list. */
export function useDeleteCoTraveller() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteCoTraveller,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: coTravellersQueryKey })
      void queryClient.invalidateQueries({ queryKey: profileCompletionQueryKey })
    },
  })
}
