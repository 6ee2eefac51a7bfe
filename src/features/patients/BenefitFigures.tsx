import { Box, HStack, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { money } from '../../components/format/money.ts';
import type { PatientOverview } from '../../api/resources/patients.ts';

type Figure = NonNullable<PatientOverview['benefits']['orthodontic']>;

/** One limit of the benefit year: what is left in large, and a bar of what was used out of the limit. */
function FigureCard({ labelId, labelValues, figure, currency, note }: { labelId: string; labelValues?: Record<string, string>; figure: Figure; currency: string; note?: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const used = figure.limitCents > 0 ? Math.min(100, Math.round((figure.usedCents / figure.limitCents) * 100)) : 0;
  const label = t(labelId, labelValues);
  return (
    <Stack gap="2" p="4" borderWidth="1px" borderRadius="md" bg="bg.panel" role="group" aria-label={label}>
      <Text fontSize="sm" fontWeight="medium" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="semibold">
        <bdi>{money(intl, figure.remainingCents, currency)}</bdi>{' '}
        <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted" ms="2">
          {t('patients.benefits.remaining')}
        </Text>
      </Text>
      <Progress.Root value={used} size="sm" colorPalette={used >= 100 ? 'orange' : 'blue'}>
        {/* The track is the progressbar: it carries the name and the amounts, not only a percentage. */}
        <Progress.Track
          aria-label={t('patients.benefits.usedOf', { label })}
          aria-valuetext={t('patients.benefits.usedAmount', { used: money(intl, figure.usedCents, currency), limit: money(intl, figure.limitCents, currency) })}
        >
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <HStack justify="space-between" fontSize="sm" wrap="wrap" gap="2">
        <Box>
          <bdi>
            {t('patients.benefits.used')} <bdi>{money(intl, figure.usedCents, currency)}</bdi>
          </bdi>
        </Box>
        <Box>
          <bdi>
            {t('patients.benefits.limit')} <bdi>{money(intl, figure.limitCents, currency)}</bdi>
          </bdi>
        </Box>
      </HStack>
      {note && (
        <Text fontSize="sm" color="fg.muted">
          {note}
        </Text>
      )}
    </Stack>
  );
}

/** The benefit year's annual maximum and deductibles, and the orthodontic lifetime maximum, from the ledger. */
export function BenefitFigures({ benefits }: { benefits: PatientOverview['benefits'] }) {
  const intl = useIntl();
  const { currency } = benefits;
  const category = (c: string) => intl.formatMessage({ id: `patients.category.${c}` });
  // Research 1.3: the orthodontic lifetime maximum does not renew; say which earlier policies its use comes from.
  const earlier = benefits.orthodonticEarlierUse
    .map((e) => intl.formatMessage({ id: 'patients.benefits.orthodonticEarlier' }, { amount: money(intl, e.usedCents, currency), policy: e.policyNumber }))
    .join(' · ');
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FigureCard labelId="patients.benefits.annualMaximum" figure={benefits.annualMaximum} currency={currency} />
      <FigureCard labelId="patients.benefits.deductible" figure={benefits.deductible} currency={currency} />
      {benefits.familyDeductible && <FigureCard labelId="patients.benefits.familyDeductible" figure={benefits.familyDeductible} currency={currency} />}
      {/* A category's own deductible has its own counter, beside the general one. */}
      {benefits.categoryDeductibles.flatMap((d) => [
        d.individual && <FigureCard key={`${d.category}-individual`} labelId="patients.benefits.categoryDeductible" labelValues={{ category: category(d.category) }} figure={d.individual} currency={currency} />,
        d.family && <FigureCard key={`${d.category}-family`} labelId="patients.benefits.categoryFamilyDeductible" labelValues={{ category: category(d.category) }} figure={d.family} currency={currency} />,
      ])}
      {benefits.orthodontic && <FigureCard labelId="patients.benefits.orthodontic" figure={benefits.orthodontic} currency={currency} note={earlier || undefined} />}
    </SimpleGrid>
  );
}
