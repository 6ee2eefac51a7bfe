import { useEffect } from 'react';
import { Box, Button } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { SEARCH_PATH } from '../../features/search/area.ts';

// The header sits outside the screens' `/app` router: `~` makes the path absolute.
const TARGET = `~/app${SEARCH_PATH}`;

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The header's way to Búsqueda: a button, Ctrl+K (⌘K) anywhere, and "/" when not typing. On the search
 * screen itself they put the cursor back in its box.
 */
export function SearchShortcut() {
  const intl = useIntl();
  const [location, navigate] = useLocation();
  useEffect(() => {
    const open = () => {
      if (location.endsWith(SEARCH_PATH)) document.querySelector<HTMLInputElement>('main input[type="search"]')?.focus();
      else navigate(TARGET);
    };
    const onKey = (event: KeyboardEvent) => {
      const commandK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typing(event.target);
      if (!commandK && !slash) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [location, navigate]);
  const label = intl.formatMessage({ id: 'search.shortcut' });
  return (
    <Button size="sm" variant="outline" aria-label={label} title={label} aria-keyshortcuts="Control+K Meta+K /" onClick={() => navigate(TARGET)} data-testid="search-shortcut">
      <Search aria-hidden size={16} />
      <Box as="span" hideBelow="md">
        {intl.formatMessage({ id: 'search.button' })}
      </Box>
    </Button>
  );
}
