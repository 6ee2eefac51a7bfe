import { Workflow } from 'lucide-react';
import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

const Diagrams = lazyScreen(() => import('./DiagramsScreen.tsx'));
const Simulator = lazyScreen(() => import('./simulator/SimulatorScreen.tsx'));

export const diagramsArea = defineArea({
  key: 'diagrams',
  routes: [
    { key: 'simulator', path: '/diagramas/simulador', titleId: 'simulator.title', screen: Simulator, permission: 'diagrams:read' },
    { key: 'list', path: '/diagramas', titleId: 'area.diagrams', screen: Diagrams, permission: 'diagrams:read' },
  ],
  menu: [{ key: 'diagrams', labelId: 'nav.diagrams', icon: Workflow, path: '/diagramas', order: 160 }],
});
