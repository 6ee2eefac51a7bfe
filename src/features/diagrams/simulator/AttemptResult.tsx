import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { Check, X } from 'lucide-react';
import { useIntl } from 'react-intl';
import { eventTextId, guardTextId, refusalTextId, stateTextId } from '@core/workflows/texts.ts';
import type { Attempt } from './simulate.ts';

// Text in the semantic fg.success/fg.error tones reads below 4.5:1 on the panel; one step darker (lighter in dark).
const OK = { base: 'green.700', _dark: 'green.300' };
const REFUSED = { base: 'red.700', _dark: 'red.300' };

/**
 * What the machine did with the last event: accepted (from → to) or refused with its rule code and text, and
 * each branch the event could take with every guard passing or failing, in the user's language.
 */
export function AttemptResult({ machineId, from, event, attempt }: { machineId: string; from: string; event: string; attempt: Attempt }) {
  const intl = useIntl();
  const state = (s: string) => intl.formatMessage({ id: stateTextId(machineId, [s]) });
  const { result, branches } = attempt;
  return (
    <Box as="section" aria-labelledby="simulator-result" borderWidth="1px" borderRadius="lg" bg="bg.panel" p="4" data-testid="simulator-result">
      <Text as="h2" id="simulator-result" fontWeight="semibold" mb="2">
        <bdi>{intl.formatMessage({ id: 'simulator.result' }, { event: intl.formatMessage({ id: eventTextId(machineId, event) }) })}</bdi>
      </Text>
      <Box role="status" mb="3">
        {result.ok ? (
          <Text color={OK} fontWeight="medium">
            <bdi>{intl.formatMessage({ id: 'simulator.accepted' }, { from: state(from), to: state(result.value) })}</bdi>
          </Text>
        ) : (
          <Stack gap="1">
            <Text color={REFUSED} fontWeight="medium">
              {intl.formatMessage({ id: 'simulator.refused' })} <Badge colorPalette="red" dir="ltr">{result.rule}</Badge>
            </Text>
            <Text>
              <bdi>{intl.formatMessage({ id: refusalTextId(result.rule) })}</bdi>
            </Text>
          </Stack>
        )}
      </Box>
      <Stack gap="3">
        {branches.map((branch, i) => (
          <Box key={i}>
            <Text fontSize="sm" fontWeight="medium">
              <bdi>{intl.formatMessage({ id: 'simulator.branch' }, { state: state(branch.target) })}</bdi>
            </Text>
            {branch.guards.length === 0 ? (
              <Text fontSize="sm" color="fg.muted"><bdi>{intl.formatMessage({ id: 'simulator.noGuards' })}</bdi></Text>
            ) : (
              <Stack as="ul" gap="1" m="0" ps="0" listStyleType="none">
                {branch.guards.map((g) => (
                  <HStack as="li" key={g.guard} gap="2" align="start" fontSize="sm" data-guard={g.guard} data-passed={g.passed}>
                    <Box as="span" color={g.passed ? 'fg.success' : 'fg.error'} flexShrink={0} mt="0.5" aria-hidden>
                      {g.passed ? <Check size={16} /> : <X size={16} />}
                    </Box>
                    <Text as="span" color={g.passed ? 'fg.muted' : undefined}>
                      {/* The page's direction must not move a left-to-right sentence's punctuation (RTL pages). */}
                      <bdi>
                        {intl.formatMessage(
                          { id: g.passed ? 'simulator.guardPassed' : 'simulator.guardFailed' },
                          { guard: <bdi key="guard">{g.guard}</bdi>, text: intl.formatMessage({ id: guardTextId(machineId, g.guard) }) },
                        )}
                      </bdi>
                    </Text>
                  </HStack>
                ))}
              </Stack>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
