import { Box, Button, Stack, Text, Wrap } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { eventTextId } from '@core/workflows/texts.ts';
import { fieldTextId } from './labels.ts';
import { ValueField } from './ValueField.tsx';

/** The events the current state takes: pick one, fill in its payload, send it. */
export function EventPanel(props: {
  machineId: string;
  engineer: boolean;
  events: string[];
  selected: string | null;
  payload: Record<string, unknown>;
  example: Record<string, unknown>;
  onSelect: (event: string) => void;
  onPayload: (payload: Record<string, unknown>) => void;
  onSend: () => void;
}) {
  const intl = useIntl();
  const { machineId, events, selected, payload, example } = props;
  const name = (event: string) => intl.formatMessage({ id: eventTextId(machineId, event) });
  return (
    <Box as="section" aria-labelledby="simulator-events" borderWidth="1px" borderRadius="lg" bg="bg.panel" p="4">
      <Text as="h2" id="simulator-events" fontWeight="semibold" mb="2">
        {intl.formatMessage({ id: 'simulator.events' })}
      </Text>
      {events.length === 0 ? (
        <Text color="fg.muted"><bdi>{intl.formatMessage({ id: 'simulator.noEvents' })}</bdi></Text>
      ) : (
        <Stack gap="4">
          <Wrap gap="2" role="group" aria-labelledby="simulator-events">
            {events.map((event) => (
              <Button key={event} size="sm" variant={event === selected ? 'solid' : 'outline'} colorPalette="blue" aria-pressed={event === selected} onClick={() => props.onSelect(event)}>
                {name(event)}
              </Button>
            ))}
          </Wrap>
          {selected && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                props.onSend();
              }}
            >
              <Stack gap="3">
                <Text as="h3" fontSize="sm" fontWeight="semibold">
                  {intl.formatMessage({ id: 'simulator.payload' }, { event: name(selected) })}
                </Text>
                {Object.keys(example).length === 0 ? (
                  <Text fontSize="sm" color="fg.muted"><bdi>{intl.formatMessage({ id: 'simulator.noPayload' })}</bdi></Text>
                ) : (
                  Object.keys(example).map((key) => (
                    <ValueField
                      key={`${selected}-${key}`}
                      id={`payload-${key}`}
                      name={key}
                      label={intl.formatMessage({ id: fieldTextId(machineId, key) })}
                      engineer={props.engineer}
                      value={payload[key]}
                      example={example[key]}
                      onChange={(value) => props.onPayload({ ...payload, [key]: value })}
                    />
                  ))
                )}
                <Box>
                  <Button type="submit" size="sm" colorPalette="blue">
                    {intl.formatMessage({ id: 'simulator.send' }, { event: name(selected) })}
                  </Button>
                </Box>
              </Stack>
            </form>
          )}
        </Stack>
      )}
    </Box>
  );
}
