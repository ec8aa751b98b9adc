import { Link } from '@chakra-ui/react/link'
import { Spinner } from '@chakra-ui/react/spinner'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { getRuntimeConfig } from '@/config/runtime'
import { consumeTarget, shouldRedirectToPartner } from '@/features/sso/utils/consume-target'

/** Hands a single-sign-on ticket to the partner visa site. */
export function SsoConsumeRoute() {
  const [params] = useSearchParams()
  const { visaPartnerOrigin } = getRuntimeConfig()
  const target = consumeTarget(params, visaPartnerOrigin)
  const redirect = shouldRedirectToPartner(visaPartnerOrigin, window.location.origin)

  useEffect(() => {
    if (redirect) window.location.replace(target)
  }, [redirect, target])

  return (
    <PageContainer>
      <Stack gap="4" align="flex-start">
        <PageHeading title="Redirecting…" documentTitle="Redirecting" />
        {redirect ? <Spinner color="accent.solid" /> : null}
        <Text color="fg.muted">
          If nothing happens,{' '}
          <Link href={target} color="accent.fg" fontWeight="semibold">
            continue to Visa
          </Link>
          .
        </Text>
      </Stack>
    </PageContainer>
  )
}
