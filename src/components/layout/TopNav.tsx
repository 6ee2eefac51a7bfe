import { Box, Button, HStack, Menu, Portal } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { Icon } from './icons.tsx';
import { isActive, type NavItem } from './nav-items.ts';

/** Top navigation (navType TOP): a bar in the top-navigation colour; groups open as menus. */
export function TopNav({ items, color }: { items: NavItem[]; color: string }) {
  const intl = useIntl();
  const [location, navigate] = useLocation();
  return (
    <Box as="nav" aria-label={intl.formatMessage({ id: 'nav.main' })} bg={color} px="4" py="1" overflowX="auto">
      <HStack as="ul" gap="1" m="0" p="0" listStyleType="none">
        {items.map((item) => (
          <Box as="li" key={item.key} listStyleType="none">
            {item.children ? (
              <Menu.Root onSelect={({ value }) => navigate(`~${value}`)}>
                <Menu.Trigger asChild>
                  <Button size="sm" variant="ghost" color="black" fontWeight={isActive(item, location) ? 'bold' : 'medium'} _hover={{ bg: 'whiteAlpha.500' }}>
                    {intl.formatMessage({ id: item.labelId })}
                    <Icon name="chevronDown" size={14} />
                  </Button>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content>
                      {item.children.map((child) => (
                        <Menu.Item key={child.key} value={child.href!}>
                          {intl.formatMessage({ id: child.labelId })}
                        </Menu.Item>
                      ))}
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
            ) : (
              <Button asChild size="sm" variant="ghost" color="black" fontWeight={isActive(item, location) ? 'bold' : 'medium'} _hover={{ bg: 'whiteAlpha.500' }}>
                <Link href={`~${item.href}`} aria-current={isActive(item, location) ? 'page' : undefined}>
                  {intl.formatMessage({ id: item.labelId })}
                </Link>
              </Button>
            )}
          </Box>
        ))}
      </HStack>
    </Box>
  );
}
