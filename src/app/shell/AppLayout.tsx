import type { ReactNode } from 'react';
import { Box, CloseButton, Drawer, Flex, Heading, HStack, IconButton, Portal, Spacer, useBreakpointValue } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { Permission } from '../../../openapi/permissions.ts';
import { usePreferences, usePreferencesActor } from '../../session/preferences.tsx';
import { Icon } from '../../components/layout/icons.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { useSaveLanguage } from './useSaveLanguage.ts';
import { visibleItems, type NavItem } from '../../components/layout/nav-items.ts';
import { SIDE_NAV_COLLAPSED_WIDTH, SIDE_NAV_WIDTH, SideNav } from '../../components/layout/SideNav.tsx';
import { SearchShortcut } from './SearchShortcut.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { TopNav } from '../../components/layout/TopNav.tsx';
import { UserMenu } from './UserMenu.tsx';
import type { HeaderItem } from '../../components/layout/area.ts';
import { preloadLinkTarget } from './preload-screens.ts';
import { useMenuPreload } from './useMenuPreload.ts';

/** The signed-in layout: side (or top) navigation, a header, and the screen; a drawer on small screens. */
export function AppLayout({
  items: allItems,
  headerItems = [],
  searchable = true,
  can,
  children,
}: {
  items: NavItem[];
  headerItems?: HeaderItem[];
  /** The global search in the header (not for a user who may read nothing yet). */
  searchable?: boolean;
  can: (permission?: Permission) => boolean;
  children: ReactNode;
}) {
  const intl = useIntl();
  const prefs = usePreferences();
  const preferences = usePreferencesActor();
  const saveLanguage = useSaveLanguage();
  const mobile = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const items = visibleItems(allItems, can);
  const side = prefs.navType === 'SIDE' && !mobile;
  const width = prefs.navCollapsed ? SIDE_NAV_COLLAPSED_WIDTH : SIDE_NAV_WIDTH;
  const reachMenu = useMenuPreload(items);

  return (
    <Flex
      minH="100vh"
      bg="bg.subtle"
      onPointerOverCapture={(e) => preloadLinkTarget(e.target)}
      onPointerMoveCapture={(e) => reachMenu(e.target)}
      onFocusCapture={(e) => {
        preloadLinkTarget(e.target);
        reachMenu(e.target);
      }}
    >
      <a href="#content" className="skip-link">{intl.formatMessage({ id: 'app.skipToContent' })}</a>
      {side && (
        <Box as="aside" w={`${width}px`} flexShrink={0} position="sticky" top="0" h="100vh" transition="width 0.2s" data-testid="side-nav" data-collapsed={prefs.navCollapsed}>
          <SideNav items={items} collapsed={prefs.navCollapsed} theme={prefs.sideNavTheme} />
        </Box>
      )}
      <Flex direction="column" flex="1" minW="0">
        {/* On a phone the header's seven tools sit closer, so that all of them fit 390 px with the language's name. */}
        <Box as="header" bg={prefs.headerNavColor || 'bg.panel'} borderBottomWidth="1px" px={{ base: '2', md: '4' }} py="2" position="sticky" top="0" zIndex="sticky">
          <HStack gap={{ base: '1', md: '2' }}>
            {mobile ? (
              <IconButton size="sm" variant="ghost" aria-label={intl.formatMessage({ id: 'nav.openMobile' })} aria-expanded={prefs.mobileNav} onClick={() => preferences.send({ type: 'TOGGLE_MOBILE_NAV' })}>
                <Icon name="menu" />
              </IconButton>
            ) : (
              prefs.navType === 'SIDE' && (
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label={intl.formatMessage({ id: prefs.navCollapsed ? 'nav.expand' : 'nav.collapse' })}
                  aria-expanded={!prefs.navCollapsed}
                  onClick={() => preferences.send({ type: 'TOGGLE_NAV_COLLAPSED' })}
                >
                  <Icon name={prefs.navCollapsed ? 'expand' : 'collapse'} className="flip-rtl" />
                </IconButton>
              )
            )}
            {/* On a phone the header's tools leave the name a letter and an ellipsis; the menu drawer carries it there. */}
            {!mobile && (
              <Heading as="p" size="sm" truncate>
                {intl.formatMessage({ id: 'app.title' })}
              </Heading>
            )}
            <Spacer />
            {searchable && <SearchShortcut />}
            {headerItems
              .filter((item) => can(item.permission))
              .map(({ key, component: Item }) => (
                <Item key={key} />
              ))}
            <LanguageSwitcher onChosen={saveLanguage} />
            <ThemeToggle />
            <UserMenu />
          </HStack>
        </Box>
        {prefs.navType === 'TOP' && !mobile && <TopNav items={items} color={prefs.topNavColor} />}
        <Box as="main" id="content" tabIndex={-1} flex="1" p={{ base: '4', md: '6' }} outline="none">
          {children}
        </Box>
      </Flex>
      {mobile && (
        <Drawer.Root open={prefs.mobileNav} onOpenChange={(e) => preferences.send({ type: 'SET_MOBILE_NAV', value: e.open })} placement="start">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content maxW={`${SIDE_NAV_WIDTH}px`}>
                <Drawer.Header>
                  <Drawer.Title>{intl.formatMessage({ id: 'app.title' })}</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body p="0">
                  <SideNav items={items} collapsed={false} theme={prefs.sideNavTheme} onNavigate={() => preferences.send({ type: 'SET_MOBILE_NAV', value: false })} />
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'common.close' })} />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}
    </Flex>
  );
}
