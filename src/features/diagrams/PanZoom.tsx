import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode, type WheelEvent } from 'react';
import { Box, HStack, IconButton, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

interface View {
  x: number;
  y: number;
  scale: number;
}
const START: View = { x: 0, y: 0, scale: 1 };
const clamp = (scale: number) => Math.min(4, Math.max(0.2, scale));

/**
 * A pannable, zoomable viewport: drag or arrow keys to pan, wheel, +/- keys or the buttons to zoom,
 * 0 or the reset button to go back to the first view, the fit button to see the whole width. Clicks that
 * were not drags reach the content. `readable` is the smallest zoom at which the content can be read.
 */
export function PanZoom({
  label,
  fitKey,
  anchor,
  readable,
  children,
}: {
  label: string;
  fitKey: string;
  anchor?: (content: HTMLElement) => Element | null | undefined;
  readable: (content: HTMLElement) => number;
  children: ReactNode;
}) {
  const intl = useIntl();
  const [view, setView] = useState<View>(START);
  const [fitted, setFitted] = useState<View>(START);
  const [wide, setWide] = useState<View>(START);
  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);

  // Each new drawing starts whole and centred when it is readable so; otherwise fitted to the width when
  // that is readable, or at the smallest readable size (a phone: 9 px labels, not 6), around its anchor, to
  // pan from there. The whole width stays one click away.
  useLayoutEffect(() => {
    const outer = viewport.current;
    const inner = content.current;
    if (!outer || !inner) return;
    const width = outer.clientWidth / inner.scrollWidth;
    const whole = Math.min(1, width, outer.clientHeight / inner.scrollHeight);
    const least = readable(inner);
    const scale = clamp(whole >= least ? whole : Math.max(least, Math.min(1, width)));
    const across = clamp(Math.min(1, width));
    setWide({ scale: across, x: (outer.clientWidth - inner.scrollWidth * across) / 2, y: Math.max(0, (outer.clientHeight - inner.scrollHeight * across) / 2) });
    let fit = { scale, x: (outer.clientWidth - inner.scrollWidth * scale) / 2, y: (outer.clientHeight - inner.scrollHeight * scale) / 2 };
    const mark = scale > whole ? anchor?.(inner) : null;
    if (mark) {
      // Not shown whole: start with the anchor (the selected or the initial state) as near the middle as the
      // drawing allows — an overflowing side stays filled to the frame's edge rather than leaving it empty.
      const box = inner.getBoundingClientRect();
      const shown = box.width / inner.scrollWidth;
      const r = mark.getBoundingClientRect();
      const centre = { x: (r.left + r.width / 2 - box.left) / shown, y: (r.top + r.height / 2 - box.top) / shown };
      const place = (frame: number, size: number, at: number, middle: number) => (size > frame ? Math.min(0, Math.max(frame - size, frame / 2 - at * scale)) : middle);
      fit = {
        scale,
        x: place(outer.clientWidth, inner.scrollWidth * scale, centre.x, fit.x),
        y: place(outer.clientHeight, inner.scrollHeight * scale, centre.y, fit.y),
      };
    }
    setFitted(fit);
    setView(fit);
  }, [fitKey]); // eslint-disable-line react-hooks/exhaustive-deps -- fitted once per drawing, not per render of `anchor` or `readable`
  const zoom = useCallback((factor: number) => setView((v) => ({ ...v, scale: clamp(v.scale * factor) })), []);

  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    zoom(e.deltaY < 0 ? 1.1 : 1 / 1.1);
  };
  const onPointerDown = (e: PointerEvent) => {
    drag.current = { x: e.clientX, y: e.clientY, moved: false };
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 4) return;
    if (!d.moved) (e.currentTarget as Element).setPointerCapture(e.pointerId);
    d.moved = true;
    d.x = e.clientX;
    d.y = e.clientY;
    setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
  };
  const onPointerUp = () => {
    // A drag swallows the click that ends it, so panning never selects a state.
    if (drag.current?.moved) {
      const swallow = (event: Event) => event.stopPropagation();
      window.addEventListener('click', swallow, { capture: true, once: true });
      setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
    }
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const step = 40;
    const moves: Record<string, Partial<View>> = { ArrowLeft: { x: step }, ArrowRight: { x: -step }, ArrowUp: { y: step }, ArrowDown: { y: -step } };
    if (e.key in moves) {
      e.preventDefault();
      const m = moves[e.key];
      setView((v) => ({ ...v, x: v.x + (m.x ?? 0), y: v.y + (m.y ?? 0) }));
    } else if (e.key === '+' || e.key === '=') zoom(1.2);
    else if (e.key === '-') zoom(1 / 1.2);
    else if (e.key === '0') setView(fitted);
  };

  return (
    <Box borderWidth="1px" borderRadius="lg" bg="bg.panel" overflow="hidden">
      <HStack justify="space-between" px="3" py="2" borderBottomWidth="1px" gap="2" wrap="wrap">
        <Text fontSize="xs" color="fg.muted">{intl.formatMessage({ id: 'diagrams.hint' })}</Text>
        <HStack gap="1">
          <IconButton size="xs" variant="outline" aria-label={intl.formatMessage({ id: 'diagrams.zoomOut' })} onClick={() => zoom(1 / 1.2)}>−</IconButton>
          <IconButton size="xs" variant="outline" aria-label={intl.formatMessage({ id: 'diagrams.zoomIn' })} onClick={() => zoom(1.2)}>+</IconButton>
          <IconButton size="xs" variant="outline" aria-label={intl.formatMessage({ id: 'diagrams.fitWidth' })} onClick={() => setView(wide)}>↔</IconButton>
          <IconButton size="xs" variant="outline" aria-label={intl.formatMessage({ id: 'diagrams.reset' })} onClick={() => setView(fitted)}>⤢</IconButton>
        </HStack>
      </HStack>
      <Box
        ref={viewport}
        role="group"
        aria-label={label}
        tabIndex={0}
        h={{ base: '360px', md: '560px' }}
        cursor="grab"
        _active={{ cursor: 'grabbing' }}
        touchAction="none"
        position="relative"
        overflow="hidden"
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '-2px' }}
      >
        <Box ref={content} position="absolute" top="0" left="0" transformOrigin="0 0" style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }} data-testid="diagram-canvas" data-scale={view.scale.toFixed(2)}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
