import type { ComponentType } from 'react';
import { Badge, Button, HStack } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';

interface Props {
  /** The screen's path under /app. */
  path: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  /** Undefined until the server has said: the button then claims no count at all rather than a wrong zero. */
  count: number | undefined;
  /** The button's name for screen readers, with the count in words. */
  label: string;
  palette: 'orange' | 'red';
  testId: string;
}

/**
 * A header button to a screen with how many things wait there (unread messages, pending announcements); on a phone
 * too, even at zero, so the screen is always one tap away (issue 28 item 14).
 */
export function HeaderCountLink({ path, icon: Icon, count, label, palette, testId }: Props) {
  const [location] = useLocation();
  const waiting = count ?? 0;
  return (
    <Button
      asChild
      size="sm"
      variant="ghost"
      px="2"
      aria-label={label}
      data-testid={testId}
      data-count={count}
    >
      <Link href={`~/app${path}`} aria-current={location.includes(path) ? 'page' : undefined}>
        <HStack gap="1">
          <Icon aria-hidden size={18} />
          {waiting > 0 && (
            <Badge aria-hidden colorPalette={palette} variant="solid" size="xs" borderRadius="full">
              {waiting > 99 ? '99+' : waiting}
            </Badge>
          )}
        </HStack>
      </Link>
    </Button>
  );
}
