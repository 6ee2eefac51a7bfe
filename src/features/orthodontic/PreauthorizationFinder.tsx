import { useState } from 'react';
import { Card, Field, Heading, Input, Link as ChakraLink, List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useScreen } from '../../components/layout/screen-context.ts';
import { verifiedSearchQuery, type Verification } from '../../api/resources/verifications.ts';
import { Day } from './PlanCells.tsx';

/** A verified orthodontic preauthorization with its authorization number: what a plan is proposed from. */
export const isPlanSource = (v: Verification) => v.kind === 'PREAUTHORIZATION' && v.category === 'ORTHODONTIC' && v.state === 'verified' && Boolean(v.authorizationNumber);

/** Finds the verified orthodontic preauthorization (by folio or patient) to propose a plan from. */
export function PreauthorizationFinder() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { link } = useScreen();
  const [q, setQ] = useState('');
  const found = useQuery(verifiedSearchQuery(q.trim()));
  const sources = (found.data?.items ?? []).filter(isPlanSource);
  const searched = q.trim().length >= 2 && found.isSuccess;
  return (
    <Card.Root as="section" aria-labelledby="propose-heading" size="sm">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="sm" id="propose-heading">
            {t('orthodonticPlans.propose.title')}
          </Heading>
          <Field.Root maxW="md">
            <Field.Label>{t('orthodonticPlans.propose.search')}</Field.Label>
            <Input type="search" dir="auto" value={q} onChange={(e) => setQ(e.currentTarget.value)} />
            <Field.HelperText>{t('orthodonticPlans.propose.searchHelp')}</Field.HelperText>
          </Field.Root>
          <div aria-live="polite">
            {searched && sources.length === 0 && (
              <Text fontSize="sm" color="fg.muted">
                {t('orthodonticPlans.propose.none')}
              </Text>
            )}
            {sources.length > 0 && (
              <List.Root gap="1" ps="5" fontSize="sm">
                {sources.map((v) => (
                  <List.Item key={v.id}>
                    <ChakraLink asChild color={{ base: 'blue.700', _dark: 'blue.300' }} textDecoration="underline">
                      <Link href={link('create', { verificacion_id: v.id }) ?? '#'}>
                        <bdi>{t('orthodonticPlans.propose.source', { folio: v.folio, patient: v.patientName, authorization: v.authorizationNumber ?? '' })}</bdi>
                      </Link>
                    </ChakraLink>{' '}
                    <Text as="span" color="fg.muted">
                      {v.validUntil && <>{t('orthodonticPlans.propose.validUntil')} <Day value={v.validUntil} /></>}
                    </Text>
                  </List.Item>
                ))}
              </List.Root>
            )}
          </div>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
