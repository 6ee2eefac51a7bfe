import { forwardRef, type MouseEvent } from 'react';
import { Button, Loader, type ButtonProps } from '@chakra-ui/react';

/**
 * A button that shows its work in progress without giving up the keyboard focus. Chakra's `loading` disables the
 * button, and a disabled button loses the focus: a keyboard user who pressed Save would be sent back to the start
 * of the page. This one stays focused, says it is busy (aria-busy, aria-disabled) and ignores presses meanwhile,
 * including the form submission an Enter in a field would send.
 */
export const BusyButton = forwardRef<HTMLButtonElement, ButtonProps>(function BusyButton({ loading, loadingText, children, onClick, ...rest }, ref) {
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <Button ref={ref} {...rest} aria-busy={loading || undefined} aria-disabled={loading || rest['aria-disabled']} data-loading={loading ? '' : undefined} onClick={click}>
      {/* bdi: on a right-to-left page "Guardando…" keeps its ellipsis at the end. */}
      {loading ? <Loader text={loadingText ? <bdi>{loadingText}</bdi> : undefined}>{children}</Loader> : children}
    </Button>
  );
});
