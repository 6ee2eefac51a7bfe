import { useEffect, useId, useState } from 'react';
import { Box, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { policySearchQuery, type PolicySummary } from '../../api/resources/policies.ts';
import { pageDirection } from './direction.ts';

const DELAY_MS = 250;

/**
 * Finds a policy that takes patients by its number or its holder's name or document: a search box and the
 * matching policies as radio choices (arrow keys move, the choice is the policy).
 */
export function PolicyPicker({ value, onChange, invalid }: { value: number | null; onChange: (policy: PolicySummary) => void; invalid: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery(policySearchQuery(q));
  const inputId = useId();
  const policies = found.data?.items ?? [];
  const dir = pageDirection();
  return (
    <Stack gap="3">
      <label htmlFor={inputId}>
        <Text as="span" fontWeight="medium" fontSize="sm">
          {t('patients.picker.label')}
        </Text>
      </label>
      <Input id={inputId} type="search" dir="auto" value={text} placeholder={t('patients.picker.placeholder')} onChange={(e) => setText(e.currentTarget.value)} aria-invalid={invalid || undefined} />
      <Box aria-live="polite" fontSize="sm" color="fg.muted">
        <bdi>{found.isFetching ? t('common.loading') : t('patients.picker.count', { count: policies.length })}</bdi>
      </Box>
      {policies.length > 0 && (
        <RadioGroup.Root
          dir={dir}
          value={value === null ? '' : String(value)}
          onValueChange={(e) => {
            const chosen = policies.find((p) => String(p.id) === e.value);
            if (chosen) onChange(chosen);
          }}
          aria-label={t('patients.picker.results')}
        >
          <Stack gap="2" maxH="18rem" overflowY="auto" p="1">
            {policies.map((policy) => (
              <RadioGroup.Item key={policy.id} value={String(policy.id)} alignItems="flex-start" dir={dir}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator mt="0.5" />
                <RadioGroup.ItemText>
                  <bdi>{`${policy.number} · ${policy.holderName}`}</bdi>
                  <Text as="span" display="block" fontSize="xs" color="fg.muted">
                    <bdi>{`${policy.insurerName} · ${policy.planName}`}</bdi>
                    {' · '}
                    <bdi>{t('patients.policy.places', { used: policy.beneficiaries, max: policy.maxBeneficiaries })}</bdi>
                  </Text>
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      )}
    </Stack>
  );
}
