import { Badge, Card, DataList, HStack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { PolicySummary } from '../../api/resources/policies.ts';

/** A policy as enrolment sees it: number and state, holder, insurer and plan, validity, places taken. */
export function PolicySummaryCard({ policy, headingLevel = 'h2' }: { policy: PolicySummary; headingLevel?: 'h2' | 'h3' }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const date = (value: string) => intl.formatDate(`${value}T00:00:00`, { dateStyle: 'medium' });
  const full = policy.beneficiaries >= policy.maxBeneficiaries;
  return (
    <Card.Root size="sm" mb="4" aria-labelledby={`policy-${policy.id}-title`}>
      <Card.Header>
        <HStack gap="3" wrap="wrap">
          <Card.Title as={headingLevel} id={`policy-${policy.id}-title`}>
            <bdi>{t('patients.policy.title', { number: policy.number })}</bdi>
          </Card.Title>
          <Badge colorPalette={policy.acceptsPatients ? 'green' : 'orange'}>{t(`patients.policyState.${policy.state}`)}</Badge>
        </HStack>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" size="sm" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="2">
          <DataList.Item>
            <DataList.ItemLabel>{t('patients.policy.holder')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {/* One inline run, so the separator keeps its spaces inside the value's flex box. */}
              <bdi>
                <bdi>{policy.holderName}</bdi>
                {policy.holderDocumentNumber && (
                  <>
                    {' · '}
                    <bdi>{`${policy.holderDocumentType ?? ''} ${policy.holderDocumentNumber}`}</bdi>
                  </>
                )}
              </bdi>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('patients.policy.insurer')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <bdi>{`${policy.insurerName} · ${policy.planName}`}</bdi>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('patients.policy.validity')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <bdi>{t('patients.policy.range', { from: date(policy.startsOn), to: date(policy.endsOn) })}</bdi>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('patients.policy.beneficiaries')}</DataList.ItemLabel>
            <DataList.ItemValue color={full ? { base: 'orange.700', _dark: 'orange.300' } : undefined}>
              <bdi>{t('patients.policy.places', { used: policy.beneficiaries, max: policy.maxBeneficiaries })}</bdi>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
