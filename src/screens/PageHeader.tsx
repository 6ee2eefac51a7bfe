import type { ReactNode } from 'react';
import { Flex, Heading } from '@chakra-ui/react';

/** A screen's title (the page's one h1) with its actions. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap="4" wrap="wrap" mb="6">
      <Heading as="h1" size="2xl">{title}</Heading>
      {children}
    </Flex>
  );
}
