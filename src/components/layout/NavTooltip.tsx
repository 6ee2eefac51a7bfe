import type { ReactNode } from 'react';
import { Portal, Tooltip } from '@chakra-ui/react';

/** The name of a collapsed menu entry, shown beside it on hover and focus (on the content side in either direction). */
export function NavTooltip({ label, show, triggerId, children }: { label: string; show: boolean; triggerId?: string; children: ReactNode }) {
  if (!show) return children;
  const rtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
  return (
    <Tooltip.Root positioning={{ placement: rtl ? 'left' : 'right' }} openDelay={150} closeDelay={0} ids={triggerId ? { trigger: triggerId } : undefined}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
