import { queryKeys } from './keys.ts';

/**
 * The statechart diagrams: files bundled with the app (docs/diagrams), not a server resource, loaded on demand;
 * their keys are made here all the same, as every query key is.
 */
const diagramKeys = queryKeys('diagrams');

/** One diagram's description and drawing, per view and reader language; they never change while the app runs. */
export const diagramKey = (name: string, view: string, lang: string) => [...diagramKeys.all, name, view, lang] as const;
