import { useState } from 'react';
import { Box, Button, chakra, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { Icon } from './icons.tsx';
import { isActive, type NavItem } from './nav-items.ts';

/** The specification's side-navigation widths. */
export const SIDE_NAV_WIDTH = 250;
export const SIDE_NAV_COLLAPSED_WIDTH = 80;

const palette = {
  light: { bg: 'bg.panel', fg: 'fg', muted: 'fg.muted', activeBg: 'blue.subtle', activeFg: 'blue.fg', hover: 'bg.muted', border: 'border' },
  dark: { bg: 'gray.900', fg: 'gray.100', muted: 'gray.300', activeBg: 'blue.700', activeFg: 'white', hover: 'gray.800', border: 'gray.800' },
};

function Badge({ label, colors }: { label: string; colors: (typeof palette)['light'] }) {
  return (
    <Box as="span" aria-hidden display="inline-flex" alignItems="center" justifyContent="center" minW="8" h="8" borderRadius="md" bg={colors.hover} fontSize="xs" fontWeight="bold" color={colors.fg}>
      {label.slice(0, 2).toUpperCase()}
    </Box>
  );
}

interface Props {
  items: NavItem[];
  collapsed: boolean;
  theme: 'light' | 'dark';
  onNavigate?: () => void;
}

/** Side navigation: links with sub-menus; collapsed, it shows a short badge per entry with its name for assistive tech. */
export function SideNav({ items, collapsed, theme, onNavigate }: Props) {
  const intl = useIntl();
  const [location] = useLocation();
  const colors = palette[theme];
  const [open, setOpen] = useState<Record<string, boolean>>({});

  const renderLink = (item: NavItem, depth: number) => {
    const label = intl.formatMessage({ id: item.labelId });
    const active = isActive(item, location);
    return (
      <chakra.li key={item.key} listStyleType="none">
        <Link
          href={`~${item.href}`}
          onClick={onNavigate}
          aria-current={active ? 'page' : undefined}
          aria-label={collapsed ? label : undefined}
          title={collapsed ? label : undefined}
          className="side-nav-link"
        >
          <Box
            display="flex"
            alignItems="center"
            gap="3"
            px="3"
            py="2"
            ps={collapsed ? '3' : `${3 + depth * 8}`}
            borderRadius="md"
            bg={active && !collapsed ? colors.activeBg : undefined}
            color={active ? colors.activeFg : colors.fg}
            fontWeight={active ? 'semibold' : 'normal'}
            _hover={{ bg: active ? colors.activeBg : colors.hover }}
          >
            {collapsed ? <Badge label={label} colors={colors} /> : <Text as="span" truncate>{label}</Text>}
          </Box>
        </Link>
      </chakra.li>
    );
  };

  return (
    <Box as="nav" aria-label={intl.formatMessage({ id: 'nav.main' })} bg={colors.bg} color={colors.fg} h="full" overflowY="auto" borderEndWidth="1px" borderColor={colors.border} css={{ '& a:focus-visible': { outline: '2px solid', outlineColor: 'var(--chakra-colors-blue-500)', outlineOffset: '-2px', borderRadius: '6px' } }}>
      <Stack as="ul" gap="1" p="2" m="0">
        {items.map((item) => {
          if (!item.children) return renderLink(item, 0);
          const label = intl.formatMessage({ id: item.labelId });
          const expanded = open[item.key] ?? isActive(item, location);
          const groupId = `nav-group-${item.key}`;
          return (
            <chakra.li key={item.key} listStyleType="none">
              <Button
                variant="ghost"
                w="full"
                justifyContent={collapsed ? 'center' : 'space-between'}
                px="3"
                color={isActive(item, location) ? colors.activeFg : colors.fg}
                _hover={{ bg: colors.hover }}
                aria-expanded={expanded}
                aria-controls={groupId}
                aria-label={collapsed ? label : undefined}
                title={collapsed ? label : undefined}
                onClick={() => setOpen((o) => ({ ...o, [item.key]: !expanded }))}
              >
                {collapsed ? <Badge label={label} colors={colors} /> : <Text as="span" fontWeight="normal" fontSize="md">{label}</Text>}
                {!collapsed && <Icon name="chevronDown" size={16} style={{ transform: expanded ? 'rotate(180deg)' : undefined }} />}
              </Button>
              {expanded && (
                <Stack as="ul" id={groupId} gap="1" m="0" p="0" mt="1">
                  {item.children.map((child) => renderLink(child, collapsed ? 0 : 1))}
                </Stack>
              )}
            </chakra.li>
          );
        })}
      </Stack>
    </Box>
  );
}
