import { Alert } from '@chakra-ui/react/alert'

/** The red banner that states why something the user asked for failed. */
export function ErrorBanner({ message }: { message: string }) {
  return (
    <Alert.Root status="error" variant="subtle" role="alert" data-testid="error-banner">
      <Alert.Indicator />
      <Alert.Title fontWeight="medium">{message}</Alert.Title>
    </Alert.Root>
  )
}
