import { Alert } from '@chakra-ui/react';

/**
 * A confirmation said on the page: its live region is there from the start, so the message is
 * announced when it appears, and rendered in the current language (a toast would keep the old one).
 */
export function SavedNotice({ message }: { message: string | null }) {
  return (
    <div role="status">
      {message && (
        <Alert.Root status="success" role="presentation">
          <Alert.Indicator />
          <Alert.Title>
            <bdi>{message}</bdi>
          </Alert.Title>
        </Alert.Root>
      )}
    </div>
  );
}
