import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { Facts } from './simulate.ts';
import { factTextId } from './labels.ts';
import { ValueField } from './ValueField.tsx';

/** The side panel: the facts the guards read, each editable; a change applies to the next event sent. */
export function FactsPanel(props: { machineId: string; engineer: boolean; facts: Facts; example: Facts; onChange: (facts: Facts) => void; onRestore: () => void }) {
  const { machineId, engineer, facts, example, onChange, onRestore } = props;
  const intl = useIntl();
  return (
    <Box as="section" aria-labelledby="simulator-facts" borderWidth="1px" borderRadius="lg" bg="bg.panel" p="4">
      <HStack justify="space-between" mb="1" wrap="wrap">
        <Text as="h2" id="simulator-facts" fontWeight="semibold">
          {intl.formatMessage({ id: 'simulator.facts' })}
        </Text>
        <Button size="xs" variant="outline" onClick={onRestore}>
          {intl.formatMessage({ id: 'simulator.resetFacts' })}
        </Button>
      </HStack>
      <Text fontSize="sm" color="fg.muted" mb="3">
        <bdi>{intl.formatMessage({ id: 'simulator.factsHelp' })}</bdi>
      </Text>
      <Stack gap="3">
        {Object.keys(example).map((key) => (
          <ValueField
            key={key}
            id={`fact-${key}`}
            name={key}
            label={intl.formatMessage({ id: factTextId(machineId, key) })}
            engineer={engineer}
            value={facts[key]}
            example={example[key]}
            onChange={(value) => onChange({ ...facts, [key]: value })}
          />
        ))}
      </Stack>
    </Box>
  );
}
