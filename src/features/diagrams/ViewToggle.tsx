import { Button, Group, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { DiagramView } from './diagram-data.ts';

/** Reader's or engineer's view, one toggle shared by Diagramas and the simulator (`view=engineer` in the URL). */
export function ViewToggle({ id, view, onChange }: { id: string; view: DiagramView; onChange: (view: DiagramView) => void }) {
  const intl = useIntl();
  return (
    <Stack gap="1">
      <Text id={id} fontSize="sm" fontWeight="medium">{intl.formatMessage({ id: 'diagrams.view' })}</Text>
      <Group attached role="group" aria-labelledby={id}>
        {(['reader', 'engineer'] as const).map((v) => (
          <Button key={v} size="sm" variant={v === view ? 'solid' : 'outline'} colorPalette="blue" aria-pressed={v === view} onClick={() => onChange(v)}>
            {intl.formatMessage({ id: `diagrams.view.${v}` })}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
