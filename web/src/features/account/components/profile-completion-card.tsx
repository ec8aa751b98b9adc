import { AbsoluteCenter } from '@chakra-ui/react/absolute-center'
import { Alert } from '@chakra-ui/react/alert'
import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Flex } from '@chakra-ui/react/flex'
import { Heading } from '@chakra-ui/react/heading'
import { ProgressCircle } from '@chakra-ui/react/progress-circle'
import { Skeleton } from '@chakra-ui/react/skeleton'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { ApiError } from '@/lib/api-client'
import { useProfileCompletion } from '../api/get-profile-completion'
import { useSnoozeProfileStep } from '../api/snooze-profile-step'
import { useNextStepAction } from '../hooks/use-next-step-action'
import type { NextStep } from '../types'
import { bandMessage, clampScore, whatsLeft } from '../utils/completion'

export const PROGRESS_LOAD_FAILED = "Couldn't load your progress."
export const SOMETHING_WENT_WRONG = 'Something went wrong.'
export const PROFILE_COMPLETE = 'All set—your profile is complete.'

/** The server's own words for a failure, when it gave any. */
function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return undefined
  const { message } = error.body as { message?: unknown }
  return typeof message === 'string' && message.trim() ? message : undefined
}

function NextStepBox({ step, onOpenOtp }: { step: NextStep; onOpenOtp: () => void }) {
  const { follow, sending } = useNextStepAction(onOpenOtp)
  const snooze = useSnoozeProfileStep()
  return (
    <Box
      as="section"
      aria-labelledby="next-step-heading"
      bg="brand.subtle"
      borderWidth="1px"
      borderColor="brand.muted"
      rounded="l2"
      p="4"
      data-testid="next-step"
    >
      <Text
        id="next-step-heading"
        fontSize="xs"
        fontWeight="bold"
        textTransform="uppercase"
        letterSpacing="wide"
        color="fg.muted"
      >
        Next step
      </Text>
      <Text mt="1" fontWeight="semibold" color="brand.fg" data-testid="next-step-label">
        {step.label}
      </Text>
      <Text mt="1" fontSize="sm" color="fg.muted">
        {step.reason}
      </Text>
      <HStack mt="3" gap="2" wrap="wrap">
        <Button size="sm" colorPalette="terracotta" onClick={() => follow(step.target)} loading={sending}>
          {step.ctaText}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => snooze.mutate(step.key)} disabled={snooze.isPending}>
          I&apos;ll do this later
        </Button>
      </HStack>
    </Box>
  )
}

interface ProfileCompletionCardProps {
  /** Opens the mobile OTP dialog (the 'action:openOtp' target). */
  onOpenOtp: () => void
}

/** How complete the profile is, what to do next and what is left (product spec 2.16). */
export function ProfileCompletionCard({ onOpenOtp }: ProfileCompletionCardProps) {
  const { data, error, isPending, isError } = useProfileCompletion()

  let body
  if (isPending) {
    body = <Skeleton height="24" data-testid="completion-loading" />
  } else if (isError) {
    body = (
      <Alert.Root status="error" variant="subtle" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{PROGRESS_LOAD_FAILED}</Alert.Title>
          <Alert.Description>{serverMessage(error) ?? SOMETHING_WENT_WRONG}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    )
  } else {
    const score = clampScore(data.score)
    const complete = data.band === 'complete'
    const left = complete ? [] : whatsLeft(data.breakdown)
    body = (
      <Stack gap="5">
        <Flex gap="4" align="center">
          <ProgressCircle.Root value={score} size="xl" colorPalette="terracotta" aria-label="Profile completion">
            <ProgressCircle.Circle>
              <ProgressCircle.Track />
              <ProgressCircle.Range strokeLinecap="round" />
            </ProgressCircle.Circle>
            <AbsoluteCenter>
              <ProgressCircle.ValueText data-testid="completion-score" fontWeight="bold">
                {score}%
              </ProgressCircle.ValueText>
            </AbsoluteCenter>
          </ProgressCircle.Root>
          <Text fontWeight="medium" data-testid="completion-message">
            {bandMessage(data.band, score)}
          </Text>
        </Flex>

        {complete ? (
          <Text color="fg.success" fontWeight="semibold">
            {PROFILE_COMPLETE}
          </Text>
        ) : null}

        {!complete && data.nextStep ? <NextStepBox step={data.nextStep} onOpenOtp={onOpenOtp} /> : null}

        {left.length > 0 ? (
          <Stack gap="2" as="section" aria-labelledby="whats-left-heading">
            <Heading as="h3" id="whats-left-heading" size="sm" color="brand.fg">
              What&apos;s left
            </Heading>
            <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" data-testid="whats-left">
              {left.map((item) => (
                <HStack as="li" key={item.key} justify="space-between" fontSize="sm" gap="3">
                  <Text>{item.label}</Text>
                  <Text fontWeight="semibold" color="accent.fg" flexShrink={0}>
                    +{item.weight}
                  </Text>
                </HStack>
              ))}
            </Stack>
          </Stack>
        ) : null}
      </Stack>
    )
  }

  return (
    <Card.Root variant="outline" bg="bg.card" aria-labelledby="completion-heading" as="section">
      <Card.Body gap="4">
        <Heading as="h2" id="completion-heading" size="md" color="brand.fg">
          Profile completion
        </Heading>
        {body}
      </Card.Body>
    </Card.Root>
  )
}
