import { Search } from 'lucide-react';
import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

const SearchScreen = lazyScreen(() => import('./SearchScreen.tsx'));

/**
 * Búsqueda: one box over every kind the user may read (the server leaves out the others), its text in
 * the URL (`/busqueda?q=…`). The header's search button, Ctrl+K and "/" open it.
 */
export const searchArea = defineArea({
  key: 'search',
  routes: [{ key: 'home', path: '/busqueda', titleId: 'area.search', screen: SearchScreen }],
  menu: [{ key: 'search', labelId: 'nav.search', icon: Search, path: '/busqueda', order: 40 }],
});

/** Where the search screen is, for the header's shortcut. */
export const SEARCH_PATH = '/busqueda';
