import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';

/*
 * The drawing's own styles, the only ones inside its shadow root (an adopted sheet: the page's CSP refuses a
 * <style> element without the page's nonce). Graphviz laid the labels out with Helvetica's widths: Helvetica or
 * a font with its metrics. The dark variant recolours the exported black-on-white; the marks show the selected
 * state, the session's live state and a path.
 */
const STYLES = `
:host { display: block; direction: ltr; unicode-bidi: isolate; }
svg { display: block; max-width: none; }
svg text { font-family: Helvetica, Arial, 'Liberation Sans', 'Nimbus Sans', sans-serif; }
[data-state-id] { cursor: pointer; }
[data-state-id]:focus { outline: none; }
[data-state-id]:focus-visible > :is(polygon, ellipse, path) { stroke: #2563eb; stroke-width: 4px; }
.is-selected > :is(polygon, ellipse, path) { stroke: #1d4ed8; stroke-width: 3px; }
.is-live > :is(polygon, ellipse, path) { fill: #dcfce7; stroke: #15803d; stroke-width: 3px; }
.on-path > :is(polygon, ellipse, path) { fill: #fef3c7; }
.on-path-edge :is(path, polygon) { stroke: #b45309; stroke-width: 3px; }

:host([data-theme='dark']) .graph > polygon[fill='white'] { fill: #111827; }
:host([data-theme='dark']) text { fill: #e5e7eb; }
:host([data-theme='dark']) text[fill='#555555'] { fill: #9ca3af; }
:host([data-theme='dark']) :is([stroke='black'], [stroke='#444444']) { stroke: #cbd5e1; }
:host([data-theme='dark']) [stroke='#777777'] { stroke: #94a3b8; }
:host([data-theme='dark']) :is([fill='black'], [fill='#444444']) { fill: #cbd5e1; }
:host([data-theme='dark']) .is-selected > :is(polygon, ellipse, path) { stroke: #60a5fa; }
:host([data-theme='dark']) .is-live > :is(polygon, ellipse, path) { fill: #14532d; stroke: #4ade80; }
:host([data-theme='dark']) .on-path > :is(polygon, ellipse, path) { fill: #78350f; }
:host([data-theme='dark']) .on-path-edge :is(path, polygon) { stroke: #f59e0b; }
`;

let drawingSheet: CSSStyleSheet | undefined;
/** STYLES as one constructed sheet, shared by every drawing (made on first use: the module also loads outside a browser). */
const stylesOfDrawing = () => {
  if (!drawingSheet) {
    drawingSheet = new CSSStyleSheet();
    drawingSheet.replaceSync(STYLES);
  }
  return drawingSheet;
};

/**
 * The drawing's markup with each `style="…"` attribute (the exported labels' fonts) renamed `data-style`: the page's
 * CSP applies no style attribute it finds in markup, so `applyDeferredStyles` sets them from script instead.
 */
export function deferInlineStyles(svg: string): string {
  // A start tag's name, then its attributes one by one up to `style` (so a quoted value that mentions style= is left alone).
  return svg.replace(/(<[a-zA-Z][\w:.-]*(?:\s+[\w:.-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*?\s+)style(\s*=)/g, '$1data-style$2');
}

/** Gives each element under `root` its `data-style` as its style, set from script (which the CSP does not refuse). */
export function applyDeferredStyles(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement | SVGElement>('[data-style]')) {
    element.style.cssText = element.dataset.style ?? '';
    element.removeAttribute('data-style');
  }
}

/** On screen, no label is smaller than this when a drawing first opens (the exported ones are 8–11 units). */
const READABLE_PX = 9;

/**
 * The smallest zoom at which every label of the drawing in `host` measures at least READABLE_PX on screen:
 * its smallest font size times the drawing's own scale (Graphviz sizes it in points, 4/3 of a pixel per unit).
 */
export function readableScale(host: Element | null | undefined): number {
  const svg = host?.shadowRoot?.querySelector('svg');
  const box = svg?.viewBox.baseVal;
  if (!svg || !box?.width) return 1;
  const sizes = [...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize)).filter((size) => size > 0);
  if (sizes.length === 0) return 1;
  return READABLE_PX / (Math.min(...sizes) * (svg.width.baseVal.value / box.width));
}

/** The element an event really started on inside the drawing (events leave a shadow root retargeted to its host). */
const origin = (event: MouseEvent | KeyboardEvent) => event.nativeEvent.composedPath()[0] as Element | undefined;

/**
 * An exported diagram drawn exactly as exported: inside a shadow root no page style reaches (the
 * panel's resets once drew every label at 16 px, overlapping), left to right even on an RTL page,
 * in the panel's theme. `decorate` marks the drawing (selection, live state, path) whenever it or
 * the drawing changes; `onChoose` gets the element a click or Enter/Space started on.
 */
export function DiagramCanvas({ svg, theme, decorate, onChoose }: { svg: string; theme: 'light' | 'dark'; decorate: (root: ShadowRoot) => void; onChoose: (target: Element | undefined) => void }) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = host.current!;
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [stylesOfDrawing()];
    root.innerHTML = deferInlineStyles(svg);
    applyDeferredStyles(root);
  }, [svg]);
  useEffect(() => {
    const root = host.current?.shadowRoot;
    if (root) decorate(root);
  }, [svg, decorate]);
  return (
    <div
      ref={host}
      className="diagram"
      data-theme={theme}
      dir="ltr"
      data-testid="diagram"
      onClick={(e) => onChoose(origin(e))}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onChoose(origin(e));
        }
      }}
    />
  );
}
