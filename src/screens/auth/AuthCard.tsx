import type { ReactNode } from 'react';
import { Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useIntl } from 'react-intl';

export function AuthCard({ titleId, subtitleId, links, children }: { titleId: string; subtitleId?: string; links?: { href: string; labelId: string }[]; children: ReactNode }) {
  const intl = useIntl();
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="xl">{intl.formatMessage({ id: titleId })}</Heading>
        {subtitleId && <Text color="fg.muted">{intl.formatMessage({ id: subtitleId })}</Text>}
      </Stack>
      {children}
      {links && (
        <Stack gap="1" fontSize="sm">
          {links.map((link) => (
            <Link key={link.href} href={link.href} className="text-link">
              {intl.formatMessage({ id: link.labelId })}
            </Link>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
