import { useState, type ReactNode } from 'react';
import { Badge, Button, Card, DataList, Heading, HStack, Link as ChakraLink, List, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Pencil, ShieldCheck } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { RecordGate } from '../../components/edit/RecordGate.tsx';
import { Loading } from '../../components/feedback/Loading.tsx';
import { money } from '../../components/format/money.ts';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import { PAGE_SIZES } from '../../components/list/list-state.ts';
import { Pagination } from '../../components/list/Pagination.tsx';
import { FIRST_LINKED_PAGES, patientHistoryQuery, patientOverviewQuery, type LinkedPages, type PatientHistory, type PatientOverview } from '../../api/resources/patients.ts';
import { BenefitFigures } from './BenefitFigures.tsx';
import { CoverageActions } from './CoverageActions.tsx';
import { day } from './day.ts';
import { PolicySummaryCard } from './PolicySummaryCard.tsx';
import { NotesPanel } from '../../components/notes/NotesPanel.tsx';

const STATE_COLORS: Record<string, string> = { ACTIVE: 'green', SUSPENDED: 'orange', LEFT: 'gray' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** Who the patient is: relationship, document, birth, credential, enrolment, student status, other coverage. */
function Identity({ overview }: { overview: PatientOverview }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const p = overview.patient;
  const none = t('patients.none');
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2">
      <Item label={t('patients.field.relationship')}>{t(`patients.relationship.${p.relationship}`)}</Item>
      <Item label={t('patients.field.documentNumber')}>{p.documentNumber ? <bdi>{`${p.documentType ?? ''} ${p.documentNumber}`}</bdi> : none}</Item>
      <Item label={t('patients.field.birthDate')}><bdi>{day(intl, p.birthDate)}</bdi></Item>
      <Item label={t('patients.field.credentialNumber')}>{p.credentialNumber ? <bdi>{p.credentialNumber}</bdi> : none}</Item>
      <Item label={t('patients.field.enrolledOn')}><bdi>{day(intl, p.enrolledOn)}</bdi></Item>
      {p.suspendedOn && <Item label={t('patients.field.suspendedOn')}><bdi>{day(intl, p.suspendedOn)}</bdi></Item>}
      {p.leftOn && <Item label={t('patients.field.leftOn')}><bdi>{day(intl, p.leftOn)}</bdi></Item>}
      {p.stateReason && (
        <Item label={t('patients.field.stateReason')}>
          <bdi>{p.stateReason}</bdi>
        </Item>
      )}
      {p.isStudent && <Item label={t('patients.field.studentUntil')}>{p.studentUntil ? <bdi>{day(intl, p.studentUntil)}</bdi> : none}</Item>}
      <Item label={t('patients.field.otherCoverageInsurer')}>
        {p.otherCoverageInsurer ? (
          <bdi>{`${p.otherCoverageInsurer}${p.otherCoverageNumber ? ` · ${p.otherCoverageNumber}` : ''}${p.coverageOrder ? ` · ${t(`patients.coverageOrder.${p.coverageOrder}`)}` : ''}`}</bdi>
        ) : (
          none
        )}
      </Item>
    </DataList.Root>
  );
}

/** Covered today or why not, and the categories still waiting. */
function Coverage({ overview }: { overview: PatientOverview }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { coverage, waitingPeriods } = overview;
  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap">
        <Badge size="lg" colorPalette={coverage.active ? 'green' : 'red'}>
          {t(coverage.active ? 'patients.coverage.active' : 'patients.coverage.inactive')}
        </Badge>
        <Text fontSize="sm">
          <bdi>{coverage.reason ? t(`patients.coverage.reason.${coverage.reason}`) : t('patients.coverage.on', { date: day(intl, coverage.date) })}</bdi>
        </Text>
      </HStack>
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {t('patients.waiting.title')}
        </Heading>
        {waitingPeriods.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            <bdi>{t('patients.waiting.none')}</bdi>
          </Text>
        ) : (
          <List.Root ps="5" fontSize="sm">
            {waitingPeriods.map((w) => (
              <List.Item key={w.category}>
                <bdi>{t('patients.waiting.item', { category: t(`patients.category.${w.category}`), months: w.months, date: day(intl, w.endsOn) })}</bdi>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Stack>
    </Stack>
  );
}

/** The patient's verifications, reimbursements and orthodontic plans, each opening its own screen. */
function Records({ overview, pages, onPages }: { overview: PatientOverview; pages: LinkedPages; onPages: (pages: LinkedPages) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const currency = overview.benefits.currency;
  const state = (machine: string, value: string) => t(`machine.${machine}.state.${value}`);
  const empty = (text: string) => (
    <Text fontSize="sm" color="fg.muted">
      <bdi>{text}</bdi>
    </Text>
  );
  const table = (caption: string, head: string[], rows: ReactNode[][]) => (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {head.map((h) => (
              <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((cells, i) => (
            <Table.Row key={i}>
              {cells.map((cell, j) => (
                <Table.Cell key={j}>{cell}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
  const link = (href: string, text: string) => (
    <ChakraLink asChild color={{ base: 'blue.700', _dark: 'blue.300' }} textDecoration="underline">
      <Link href={href}>
        <bdi>{text}</bdi>
      </Link>
    </ChakraLink>
  );
  // One part per kind of record: its heading, then its table (a page at a time) or a sentence when it has none.
  const part = (titleId: string, emptyId: string, head: string[], rows: ReactNode[][], total: number, pageKey: 'verificationsPage' | 'reimbursementsPage' | 'plansPage') => (
    <Stack gap="2" role="group" aria-label={t(titleId)}>
      <Heading as="h3" size="sm">
        {t(titleId)}
      </Heading>
      {total === 0 ? empty(t(emptyId)) : table(t(titleId), head, rows)}
      {/* Fewer records than the smallest page need no paging. */}
      {total > PAGE_SIZES[0] && (
        <Pagination
          page={pages[pageKey]}
          pageSize={pages.pageSize}
          total={total}
          onChange={({ page, pageSize }) => onPages(pageSize ? { ...FIRST_LINKED_PAGES, pageSize } : { ...pages, [pageKey]: page ?? pages[pageKey] })}
        />
      )}
    </Stack>
  );
  return (
    <Stack gap="6">
      {part(
        'patients.records.verifications',
        'patients.records.noVerifications',
        [t('patients.records.folio'), t('patients.records.plannedServiceDate'), t('patients.records.state')],
        overview.verifications.map((v) => [link(`/verificaciones/editar/${v.id}`, v.folio), <bdi key="d">{day(intl, v.plannedServiceDate)}</bdi>, state('verification', v.state)]),
        overview.linked.verifications,
        'verificationsPage',
      )}
      {part(
        'patients.records.reimbursements',
        'patients.records.noReimbursements',
        [t('patients.records.folio'), t('patients.records.claimed'), t('patients.records.paid'), t('patients.records.state')],
        overview.reimbursements.map((r) => [
          link(`/reembolsos/editar/${r.verificationId}/${r.id}`, r.folio),
          <bdi key="c">{money(intl, r.claimedCents, currency)}</bdi>,
          r.paidCents === null || r.paidCents === undefined ? '—' : <bdi key="p">{money(intl, r.paidCents, currency)}</bdi>,
          state('reimbursement', r.state),
        ]),
        overview.linked.reimbursements,
        'reimbursementsPage',
      )}
      {part(
        'patients.records.orthodonticPlans',
        'patients.records.noOrthodonticPlans',
        [t('patients.records.plan'), t('patients.records.fee'), t('patients.records.state')],
        overview.orthodonticPlans.map((o) => [
          link(`/reembolsos/planes/${o.id}`, t('patients.records.planName', { id: o.id, code: o.treatmentCode })),
          <bdi key="f">{money(intl, o.feeCents, currency)}</bdi>,
          state('orthodonticPlan', o.state),
        ]),
        overview.linked.orthodonticPlans,
        'plansPage',
      )}
    </Stack>
  );
}

/** What happened to the patient's coverage and details, oldest first. */
function History({ items }: { items: PatientHistory }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const value = (v: unknown) => (v === null || v === undefined || v === '' ? t('patients.none') : String(v));
  if (items.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        <bdi>{t('patients.history.none')}</bdi>
      </Text>
    );
  }
  return (
    <List.Root gap="3" ps="5">
      {items.map((h) => (
        <List.Item key={h.id}>
          <Text fontSize="sm">
            <strong>{t(`patients.history.${h.event}`)}</strong>
            {' · '}
            <bdi>{intl.formatDate(h.at, { dateStyle: 'medium', timeStyle: 'short' })}</bdi>
            {h.actorName && (
              <>
                {' · '}
                <bdi>{h.actorName}</bdi>
              </>
            )}
            {h.date && (
              <>
                {' · '}
                <bdi>{day(intl, h.date)}</bdi>
              </>
            )}
            {h.reason && (
              <>
                {' · '}
                <bdi>{h.reason}</bdi>
              </>
            )}
          </Text>
          {h.changes.length > 0 && (
            <List.Root ps="5" fontSize="sm" color="fg.muted">
              {h.changes.map((c) => (
                <List.Item key={c.field}>
                  <bdi>{t(`patients.field.${c.field}`)}</bdi>: <bdi>{value(c.from)}</bdi> <span className="flip-rtl">→</span> <bdi>{value(c.to)}</bdi>
                </List.Item>
              ))}
            </List.Root>
          )}
        </List.Item>
      ))}
    </List.Root>
  );
}

/** `/pacientes/ver/:id`: the patient view (an audited read on the server). */
export default function PatientViewScreen() {
  const intl = useIntl();
  const id = Number(useParams<{ id: string }>().id);
  const [pages, setPages] = useState(FIRST_LINKED_PAGES);
  const overview = useQuery({ ...patientOverviewQuery(id, pages), enabled: Number.isInteger(id) });
  return (
    <RecordGate query={overview} listLabel={intl.formatMessage({ id: 'patients.title' })} valid={Number.isInteger(id)}>
      {(data) => <PatientView id={id} data={data} pages={pages} onPages={setPages} />}
    </RecordGate>
  );
}

function PatientView({ id, data, pages, onPages }: { id: number; data: PatientOverview; pages: LinkedPages; onPages: (pages: LinkedPages) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { link, can } = useScreen();
  const history = useQuery(patientHistoryQuery(id));
  const patient = data.patient;
  const editHref = link('edit', { id });
  return (
    <Stack gap="6">
      <PageHeader title={patient.name}>
        <HStack gap="2" wrap="wrap">
          <Badge size="lg" colorPalette={STATE_COLORS[patient.state]}>
            {t(`patients.state.${patient.state}`)}
          </Badge>
          {can('patients:update') && <CoverageActions patient={patient} today={data.coverage.date} />}
          {can('verifications:create') && patient.state === 'ACTIVE' && (
            <Button asChild variant="outline">
              <Link href={`/verificaciones/nueva?paciente=${patient.id}`}>
                <ShieldCheck aria-hidden size={16} />
                {t('patients.newVerification')}
              </Link>
            </Button>
          )}
          {editHref && patient.state !== 'LEFT' && (
            <Button asChild variant="outline">
              <Link href={editHref}>
                <Pencil aria-hidden size={16} />
                {t('common.edit')}
              </Link>
            </Button>
          )}
        </HStack>
      </PageHeader>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <Section title={t('patients.section.identity')}>
          <Identity overview={data} />
        </Section>
        <Section title={t('patients.section.coverageToday')}>
          <Coverage overview={data} />
        </Section>
      </SimpleGrid>
      <Section title={t('patients.benefits.title', { from: day(intl, data.benefits.yearStart), to: day(intl, data.benefits.yearEnd) })}>
        <BenefitFigures benefits={data.benefits} />
      </Section>
      <Section title={t('patients.section.policy')}>
        <Stack gap="2" align="flex-start">
          <PolicySummaryCard policy={data.policy} headingLevel="h3" />
          {link('byPolicy', { id: data.policy.id }) && (
            <ChakraLink asChild color={{ base: 'blue.700', _dark: 'blue.300' }} textDecoration="underline">
              <Link href={link('byPolicy', { id: data.policy.id })!}>{t('patients.policy.patients')}</Link>
            </ChakraLink>
          )}
        </Stack>
      </Section>
      <Section title={t('patients.section.records')}>
        <Records overview={data} pages={pages} onPages={onPages} />
      </Section>
      <Section title={t('patients.section.history')}>{history.data ? <History items={history.data.items} /> : <Loading />}</Section>
      <NotesPanel entityType="patient" entityId={id} />
    </Stack>
  );
}
