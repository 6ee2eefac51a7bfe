import { useLayoutEffect, useRef, useState } from 'react';
import { Box, Button, HStack, Menu, Portal } from '@chakra-ui/react';
import { ChevronDown, Ellipsis } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { isActive, type NavItem } from './nav-items.ts';

// Room kept at the end of the bar for the "more" button.
const MORE_WIDTH = 110;
const GAP = 4;

function GroupMenu({ item, active }: { item: NavItem; active: boolean }) {
  const intl = useIntl();
  const [location, navigate] = useLocation();
  const Icon = item.icon;
  return (
    <Menu.Root onSelect={({ value }) => navigate(`~/app${value}`)}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="ghost" color="black" whiteSpace="nowrap" fontWeight={active ? 'bold' : 'medium'} bg={active ? 'whiteAlpha.600' : undefined} _hover={{ bg: 'whiteAlpha.500' }}>
          <Icon aria-hidden size={16} />
          {intl.formatMessage({ id: item.labelId })}
          <ChevronDown aria-hidden size={14} />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {item.children!.map((child) => {
              const ChildIcon = child.icon;
              const Count = child.count;
              return (
                <Menu.Item key={child.key} value={child.href!} fontWeight={isActive(child, location) ? 'semibold' : undefined}>
                  <ChildIcon aria-hidden size={16} />
                  {intl.formatMessage({ id: child.labelId })}
                  {Count && <Count />}
                </Menu.Item>
              );
            })}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function Entry({ item }: { item: NavItem }) {
  const intl = useIntl();
  const [location] = useLocation();
  const active = isActive(item, location);
  if (item.children) return <GroupMenu item={item} active={active} />;
  const Icon = item.icon;
  return (
    <Button asChild size="sm" variant="ghost" color="black" whiteSpace="nowrap" fontWeight={active ? 'bold' : 'medium'} bg={active ? 'whiteAlpha.600' : undefined} _hover={{ bg: 'whiteAlpha.500' }}>
      <Link href={`~/app${item.href}`} aria-current={active ? 'page' : undefined}>
        <Icon aria-hidden size={16} />
        {intl.formatMessage({ id: item.labelId })}
      </Link>
    </Button>
  );
}

/** The entries that did not fit in the bar, groups as labelled sections. */
function MoreMenu({ items }: { items: NavItem[] }) {
  const intl = useIntl();
  const [location, navigate] = useLocation();
  const entry = (item: NavItem) => {
    const Icon = item.icon;
    return (
      <Menu.Item key={item.key} value={item.href!} fontWeight={isActive(item, location) ? 'semibold' : undefined}>
        <Icon aria-hidden size={16} />
        {intl.formatMessage({ id: item.labelId })}
      </Menu.Item>
    );
  };
  const active = items.some((item) => isActive(item, location));
  return (
    <Menu.Root onSelect={({ value }) => navigate(`~/app${value}`)}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="ghost" color="black" whiteSpace="nowrap" fontWeight={active ? 'bold' : 'medium'} bg={active ? 'whiteAlpha.600' : undefined} _hover={{ bg: 'whiteAlpha.500' }}>
          <Ellipsis aria-hidden size={16} />
          {intl.formatMessage({ id: 'nav.more' })}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxH="70vh" overflowY="auto">
            {items.map((item) =>
              item.children ? (
                <Menu.ItemGroup key={item.key}>
                  <Menu.ItemGroupLabel>{intl.formatMessage({ id: item.labelId })}</Menu.ItemGroupLabel>
                  {item.children.map(entry)}
                </Menu.ItemGroup>
              ) : (
                entry(item)
              ),
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/**
 * Top navigation (navType TOP): a bar in the top-navigation colour. Entries never shrink or wrap;
 * those that do not fit move, in order, into a "more" menu at the end.
 */
export function TopNav({ items, color }: { items: NavItem[]; color: string }) {
  const intl = useIntl();
  const barRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState(items.length);

  useLayoutEffect(() => {
    const bar = barRef.current;
    const measure = measureRef.current;
    if (!bar || !measure) return;
    const compute = () => {
      const widths = [...measure.children].map((child) => (child as HTMLElement).offsetWidth + GAP);
      const room = bar.clientWidth - 32;
      const total = widths.reduce((sum, w) => sum + w, 0);
      if (total <= room) return setFit(widths.length);
      let used = MORE_WIDTH;
      let count = 0;
      while (count < widths.length && used + widths[count] <= room) used += widths[count++];
      setFit(count);
    };
    compute();
    const observer = new ResizeObserver(compute);
    observer.observe(bar);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [items]);

  const shown = items.slice(0, fit);
  const rest = items.slice(fit);
  return (
    <Box as="nav" data-menu ref={barRef} aria-label={intl.formatMessage({ id: 'nav.main' })} bg={color} px="4" py="1" position="relative" overflow="hidden">
      {/* The entries at their natural widths, out of sight, to know how many fit. */}
      <HStack ref={measureRef} aria-hidden gap={`${GAP}px`} position="absolute" visibility="hidden" pointerEvents="none" insetInlineStart="0" top="0" inert>
        {items.map((item) => (
          <Entry key={item.key} item={item} />
        ))}
      </HStack>
      <HStack as="ul" gap={`${GAP}px`} m="0" p="0" listStyleType="none">
        {shown.map((item) => (
          <Box as="li" key={item.key} listStyleType="none" flexShrink={0}>
            <Entry item={item} />
          </Box>
        ))}
        {rest.length > 0 && (
          <Box as="li" listStyleType="none" flexShrink={0}>
            <MoreMenu items={rest} />
          </Box>
        )}
      </HStack>
    </Box>
  );
}
