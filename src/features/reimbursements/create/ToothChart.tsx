import { Box, Button, Grid, IconButton, Popover, Portal, Text } from '@chakra-ui/react';
import { Grid3x3 } from 'lucide-react';
import { useIntl } from 'react-intl';

// FDI, as the dentist faces the patient: upper right 18→11, upper left 21→28, lower right 48→41, lower left 31→38.
const ROWS = [
  [18, 17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27, 28],
  [48, 47, 46, 45, 44, 43, 42, 41, 31, 32, 33, 34, 35, 36, 37, 38],
  [55, 54, 53, 52, 51, 61, 62, 63, 64, 65],
  [85, 84, 83, 82, 81, 71, 72, 73, 74, 75],
];

/**
 * A small FDI tooth chart beside the tooth field: permanent teeth in two arches, primary teeth below. It always
 * reads left to right (the chart is a picture of the mouth, not text).
 */
/**
 * Below its button (above it when there is no room), placed when it opens and again only when the window is resized.
 * Placed again on every shift or scroll of the page under it, the chart flipped above its button whenever the room
 * below became too small: a preview arriving, or the browser bringing a tooth into view, moved it between the press on
 * a tooth and the release, so the pick went to the line beneath (docs/qa.md). Left in its place, it scrolls with the
 * page and its button like any part of the page.
 */
const POSITIONING = { placement: 'bottom-start', listeners: { ancestorScroll: false, ancestorResize: true, elementResize: false, layoutShift: false } } as const;

export function ToothChart({ value, onPick, label }: { value: string; onPick: (tooth: string) => void; label: string }) {
  const intl = useIntl();
  return (
    <Popover.Root positioning={POSITIONING} lazyMount>
      <Popover.Trigger asChild>
        <IconButton size="sm" variant="outline" aria-label={intl.formatMessage({ id: 'reimbursements.lines.toothChart' }, { line: label })}>
          <Grid3x3 aria-hidden size={16} />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="auto" maxW="95vw">
            <Popover.Arrow />
            <Popover.Body p="3">
              <Popover.Context>
                {(popover) => (
                  <Box dir="ltr" role="group" aria-label={intl.formatMessage({ id: 'reimbursements.lines.toothChartTitle' })}>
                    {ROWS.map((row, index) => (
                      <Grid key={index} templateColumns={`repeat(${row.length}, minmax(0, 1fr))`} gap="1" mb={index === 1 ? '3' : '1'} justifyContent="center">
                        {row.map((tooth) => (
                          <Button
                            key={tooth}
                            size="xs"
                            minW="8"
                            px="1"
                            variant={String(tooth) === value ? 'solid' : 'outline'}
                            colorPalette={String(tooth) === value ? 'blue' : 'gray'}
                            aria-pressed={String(tooth) === value}
                            onClick={() => {
                              onPick(String(tooth));
                              popover.setOpen(false);
                            }}
                          >
                            {tooth}
                          </Button>
                        ))}
                      </Grid>
                    ))}
                    <Text fontSize="xs" color="fg.muted" textAlign="center">
                      {intl.formatMessage({ id: 'reimbursements.lines.toothChartHelp' })}
                    </Text>
                  </Box>
                )}
              </Popover.Context>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
