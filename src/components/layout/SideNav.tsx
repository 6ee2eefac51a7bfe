import { useId, useState, type ReactNode } from 'react';
import { Box, Button, chakra, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { isActive, type NavItem } from './nav-items.ts';
import { NavTooltip } from './NavTooltip.tsx';

/** The specification's side-navigation widths. */
export const SIDE_NAV_WIDTH = 250;
export const SIDE_NAV_COLLAPSED_WIDTH = 80;

const palette = {
  light: { bg: 'bg.panel', fg: 'fg', activeBg: 'blue.subtle', activeFg: 'blue.fg', hover: 'bg.muted', border: 'border', bar: 'blue.solid' },
  dark: { bg: 'gray.900', fg: 'gray.100', activeBg: 'blue.700', activeFg: 'white', hover: 'gray.800', border: 'gray.800', bar: 'blue.300' },
};
type Colors = (typeof palette)['light'];

interface Props {
  items: NavItem[];
  collapsed: boolean;
  theme: 'light' | 'dark';
  onNavigate?: () => void;
}

/** An entry's look: its icon, its name unless collapsed, and the current screen marked by colour and a bar on the start edge. */
function entryStyle(colors: Colors, active: boolean, collapsed: boolean) {
  return {
    display: 'flex',
    alignItems: 'center',
    justifyContent: collapsed ? 'center' : 'flex-start',
    gap: '3',
    px: '3',
    py: '2',
    minH: '10',
    borderRadius: 'md',
    position: 'relative' as const,
    bg: active ? colors.activeBg : undefined,
    color: active ? colors.activeFg : colors.fg,
    fontWeight: active ? 'semibold' : 'normal',
    _hover: { bg: active ? colors.activeBg : colors.hover },
    _before: active ? { content: '""', position: 'absolute', insetInlineStart: '0', top: '2', bottom: '2', w: '3px', borderRadius: 'full', bg: colors.bar } : undefined,
  };
}

interface GroupProps {
  item: NavItem;
  collapsed: boolean;
  colors: Colors;
  expanded: boolean;
  onToggle: () => void;
  renderLink: (item: NavItem, depth: number) => ReactNode;
}

/** A group of entries: expanded, a disclosure with its links; collapsed, an icon that opens them as a menu. */
function NavGroup({ item, collapsed, colors, expanded, onToggle, renderLink }: GroupProps) {
  const intl = useIntl();
  const [location, navigate] = useLocation();
  const label = (entry: NavItem) => intl.formatMessage({ id: entry.labelId });
  const active = isActive(item, location);
  const Icon = item.icon;
  const triggerId = useId();
  if (collapsed) {
    return (
      <chakra.li listStyleType="none">
        <Menu.Root ids={{ trigger: triggerId }} positioning={{ placement: document.documentElement.dir === 'rtl' ? 'left-start' : 'right-start' }} onSelect={({ value }) => navigate(`~/app${value}`)}>
          <NavTooltip label={label(item)} show triggerId={triggerId}>
            <Menu.Trigger asChild>
              <Button variant="plain" w="full" h="auto" {...entryStyle(colors, active, true)} aria-label={label(item)}>
                <Icon aria-hidden size={20} />
              </Button>
            </Menu.Trigger>
          </NavTooltip>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel>{label(item)}</Menu.ItemGroupLabel>
                  {item.children!.map((child) => {
                    const ChildIcon = child.icon;
                    return (
                      <Menu.Item key={child.key} value={child.href!} fontWeight={isActive(child, location) ? 'semibold' : undefined}>
                        <ChildIcon aria-hidden size={16} />
                        {label(child)}
                      </Menu.Item>
                    );
                  })}
                </Menu.ItemGroup>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </chakra.li>
    );
  }
  const groupId = `nav-group-${item.key}`;
  return (
    <chakra.li listStyleType="none">
      <Button
        variant="plain"
        w="full"
        h="auto"
        {...entryStyle(colors, false, false)}
        color={active ? colors.activeFg : colors.fg}
        aria-expanded={expanded}
        aria-controls={groupId}
        onClick={onToggle}
      >
        <Icon aria-hidden size={20} style={{ flexShrink: 0 }} />
        <Text as="span" flex="1" textAlign="start">{label(item)}</Text>
        <ChevronDown aria-hidden size={16} style={{ transform: expanded ? 'rotate(180deg)' : undefined }} />
      </Button>
      {expanded && (
        <Stack as="ul" id={groupId} gap="1" m="0" p="0" mt="1">
          {item.children!.map((child) => renderLink(child, 1))}
        </Stack>
      )}
    </chakra.li>
  );
}

/** Side navigation: every entry has an icon; collapsed, entries keep their names as tooltips and groups open as menus. */
export function SideNav({ items, collapsed, theme, onNavigate }: Props) {
  const intl = useIntl();
  const [location] = useLocation();
  const colors = palette[theme];
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const label = (item: NavItem) => intl.formatMessage({ id: item.labelId });

  const renderLink = (item: NavItem, depth: number) => {
    const active = isActive(item, location);
    const Icon = item.icon;
    const Count = item.count;
    return (
      <chakra.li key={item.key} listStyleType="none">
        <NavTooltip label={label(item)} show={collapsed}>
          <chakra.a asChild {...entryStyle(colors, active, collapsed)} ps={collapsed ? '3' : `${3 + depth * 6}`} textDecoration="none">
            <Link href={`~/app${item.href}`} onClick={onNavigate} aria-current={active ? 'page' : undefined} aria-label={collapsed ? label(item) : undefined}>
              <Icon aria-hidden size={20} style={{ flexShrink: 0 }} />
              {!collapsed && <Text as="span">{label(item)}</Text>}
              {!collapsed && Count && <Count />}
            </Link>
          </chakra.a>
        </NavTooltip>
      </chakra.li>
    );
  };

  return (
    <Box as="nav" data-menu aria-label={intl.formatMessage({ id: 'nav.main' })} bg={colors.bg} color={colors.fg} h="full" overflowY="auto" borderEndWidth="1px" borderColor={colors.border} css={{ '& a:focus-visible, & button:focus-visible': { outline: '2px solid', outlineColor: 'var(--chakra-colors-blue-500)', outlineOffset: '-2px', borderRadius: '6px' } }}>
      <Stack as="ul" gap="1" p="2" m="0">
        {items.map((item) =>
          item.children ? (
            <NavGroup
              key={item.key}
              item={item}
              collapsed={collapsed}
              colors={colors}
              expanded={open[item.key] ?? isActive(item, location)}
              onToggle={() => setOpen((o) => ({ ...o, [item.key]: !(o[item.key] ?? isActive(item, location)) }))}
              renderLink={renderLink}
            />
          ) : (
            renderLink(item, 0)
          ),
        )}
      </Stack>
    </Box>
  );
}

