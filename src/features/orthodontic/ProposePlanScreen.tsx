import { useState } from 'react';
import { Card, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useIntl } from 'react-intl';
import { useLocation, useParams } from 'wouter';
import { ApiError } from '../../api/client.ts';
import { RecordNotFound } from '../../components/edit/RecordNotFound.tsx';
import { useLeaveGuard } from '../../components/edit/useLeaveGuard.ts';
import { Loading } from '../../components/feedback/Loading.tsx';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { messenger } from '../../components/feedback/toaster.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { LeaveGuardDialog } from '../../components/workflow/LeaveGuardDialog.tsx';
import { useFlowDraft } from '../../components/workflow/useFlowDraft.ts';
import { useScreen } from '../../components/layout/screen-context.ts';
import { plans } from '../../api/resources/orthodontic-plans.ts';
import { policyQuery } from '../../api/resources/policies.ts';
import { verificationQuery, type Verification } from '../../api/resources/verifications.ts';
import { Day } from './PlanCells.tsx';
import { isPlanSource } from './PreauthorizationFinder.tsx';
import { emptyTerms, parseTerms, TermsForm, type TermsDraft } from './TermsForm.tsx';
import { BusyButton } from '../../components/form/BusyButton.tsx';

/** Why a verification cannot lead to a plan, in the order staff would fix it. */
function unfitReason(v: Verification): string | null {
  if (v.kind !== 'PREAUTHORIZATION' || v.category !== 'ORTHODONTIC') return 'orthodonticPlans.propose.notOrthodontic';
  if (v.state !== 'verified') return 'orthodonticPlans.propose.notVerified';
  if (!v.authorizationNumber) return 'orthodonticPlans.propose.noAuthorization';
  return null;
}

/** `/reembolsos/planes/nuevo/:verificacion_id`: the plan proposed from a verified orthodontic preauthorization. */
export default function ProposePlanScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { link } = useScreen();
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const params = useParams<{ verificacion_id: string }>();
  const verificationId = Number(params.verificacion_id);
  const valid = Number.isInteger(verificationId) && verificationId > 0;
  const verification = useQuery({ ...verificationQuery(verificationId), enabled: valid });
  const policy = useQuery({ ...policyQuery(verification.data?.policyId ?? 0), enabled: Boolean(verification.data) });
  // The terms typed so far are kept on the server per user and preauthorization: a reload or an expired session loses nothing.
  const saved = useFlowDraft<TermsDraft>('orthodontic-plan-proposal', String(verificationId));
  const [typed, setTyped] = useState<TermsDraft | null>(null);
  const draft = typed ?? saved.draft ?? emptyTerms;
  const setDraft = (next: TermsDraft) => {
    setTyped(next);
    saved.save(next);
  };
  const [errors, setErrors] = useState<Set<keyof TermsDraft>>(new Set());
  // What is kept as a draft comes back on return: only while the last keystrokes are not on the server yet is there anything to lose.
  const guard = useLeaveGuard(saved.saving);
  const create = useMutation({
    mutationFn: plans.create!,
    onSuccess: (plan) => {
      guard.release();
      void saved.discard();
      void client.invalidateQueries({ queryKey: plans.keys.all });
      messenger.create({ type: 'success', title: t('orthodonticPlans.propose.done', { patient: plan.patientName }) });
      navigate(link('edit', { id: plan.id }) ?? '/');
    },
    onError: (error) => notifyError(intl, error),
  });

  if (!valid || (verification.error instanceof ApiError && verification.error.status === 404)) return <RecordNotFound listLabel={t('orthodonticPlans.title')} />;
  if (!verification.data || !policy.data || !saved.ready) return <Loading />;
  const v = verification.data;
  const currency = policy.data.currency;
  const unfit = unfitReason(v);

  const submit = () => {
    const parsed = parseTerms(draft, currency, true, intl.locale);
    setErrors(parsed.errors);
    if (parsed.errors.size) return;
    const { months, initialPercent, frequency, firstDelayDays, ...rest } = parsed.values;
    // Blank schedule fields are left out: the policy's rules fill them.
    create.mutate({ preauthorizationId: v.id, ...rest, months: months ?? undefined, initialPercent: initialPercent ?? undefined, frequency: frequency ?? undefined, firstDelayDays: firstDelayDays ?? undefined });
  };

  return (
    <Stack gap="6">
      <PageHeader title={t('orthodonticPlans.propose.heading', { patient: v.patientName })} />
      <Card.Root as="section" aria-labelledby="preauth-heading">
        <Card.Header>
          <Heading as="h2" size="md" id="preauth-heading">
            {t('orthodonticPlans.propose.preauthorization')}
          </Heading>
        </Card.Header>
        <Card.Body>
          <DataList.Root orientation="horizontal" size="sm" gap="2">
            <DataList.Item>
              <DataList.ItemLabel>{t('orthodonticPlans.field.preauthorizationFolio')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <bdi>{v.folio}</bdi>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('orthodonticPlans.field.authorizationNumber')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <bdi>{v.authorizationNumber ?? '—'}</bdi>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('orthodonticPlans.field.patientName')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <bdi>{v.patientName}</bdi>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('orthodonticPlans.field.insurerName')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <bdi>{`${v.insurerName} · ${v.policyNumber} · ${currency}`}</bdi>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('orthodonticPlans.propose.validUntil')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <Day value={v.validUntil} />
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Card.Body>
      </Card.Root>
      {unfit || !isPlanSource(v) ? (
        <Text role="alert" color={{ base: 'red.700', _dark: 'fg.error' }}>
          {t(unfit ?? 'orthodonticPlans.propose.notVerified')}
        </Text>
      ) : (
        <Card.Root as="section" aria-labelledby="terms-heading">
          <Card.Header>
            <Heading as="h2" size="md" id="terms-heading">
              {t('orthodonticPlans.terms.title')}
            </Heading>
          </Card.Header>
          <Card.Body>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <Stack gap="4">
                <Text fontSize="sm" color="fg.muted">
                  {t('orthodonticPlans.propose.help')}
                </Text>
                <TermsForm draft={draft} onChange={setDraft} currency={currency} errors={errors} policyDefaults />
                <HStack justify="flex-end">
                  <BusyButton type="submit" colorPalette="blue" loading={create.isPending}>
                    <Send aria-hidden size={16} />
                    {t('orthodonticPlans.propose.submit')}
                  </BusyButton>
                </HStack>
              </Stack>
            </form>
          </Card.Body>
        </Card.Root>
      )}
      <LeaveGuardDialog guard={guard} />
    </Stack>
  );
}
