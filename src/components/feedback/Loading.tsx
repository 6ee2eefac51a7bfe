import { AbsoluteCenter, Box, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

/** The specification's loading spinner: `align` places it, `cover` lays it over the whole area. */
export function Loading({ align = 'center', cover = 'content' }: { align?: 'start' | 'center' | 'end'; cover?: 'page' | 'content' | 'inline' }) {
  const intl = useIntl();
  const spinner = (
    <>
      <Spinner size="lg" color="blue.600" />
      <VisuallyHidden>{intl.formatMessage({ id: 'common.loading' })}</VisuallyHidden>
    </>
  );
  if (cover === 'inline') return <Box display="flex" justifyContent={align} p="4" role="status">{spinner}</Box>;
  return (
    <Box position={cover === 'page' ? 'fixed' : 'relative'} inset={cover === 'page' ? '0' : undefined} minH="40" w="full" h={cover === 'page' ? '100vh' : 'full'} role="status" zIndex={cover === 'page' ? 'overlay' : undefined}>
      {align === 'center' ? <AbsoluteCenter>{spinner}</AbsoluteCenter> : <Box display="flex" justifyContent={align} p="6">{spinner}</Box>}
    </Box>
  );
}
