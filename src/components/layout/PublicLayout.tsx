import type { ReactNode } from 'react';
import { Box, Flex, Heading, HStack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

/** The public layout: the product's name, language and theme switches, and a centred card. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <Flex direction="column" minH="100vh" bg="bg.subtle">
      <HStack as="header" justify="space-between" px="6" py="3">
        <Heading as="p" size="md" color="blue.fg">{intl.formatMessage({ id: 'app.title' })}</Heading>
        <HStack gap="2">
          <LanguageSwitcher />
          <ThemeToggle />
        </HStack>
      </HStack>
      <Flex as="main" id="content" flex="1" align="center" justify="center" p="4">
        <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" boxShadow="sm" p={{ base: '6', md: '8' }} w="full" maxW="md">
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
