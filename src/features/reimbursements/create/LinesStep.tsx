import { useEffect, useId, useMemo, useRef } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useIntl } from 'react-intl';
import type { FlowLine, ReimbursementFlowEvent } from '../../../machines/reimbursement-flow.machine.ts';
import type { ProcedureCode } from '../../../api/resources/reimbursements.ts';
import { LineRow } from './LineRow.tsx';

interface Props {
  lines: FlowLine[];
  currency: string;
  codes: ProcedureCode[];
  defaultDate: string;
  send: (event: ReimbursementFlowEvent) => void;
}

const newLine = (serviceDate: string): FlowLine => ({
  key: crypto.randomUUID(),
  procedureCode: '',
  requiresTooth: false,
  tooth: '',
  surfaces: '',
  serviceDate,
  quantity: 1,
  chargedCents: 0,
});

/** The procedure lines: Enter on a line's field adds the next one and puts the cursor on its code. */
export function LinesStep({ lines, currency, codes, defaultDate, send }: Props) {
  const intl = useIntl();
  const listId = useId();
  const byCode = useMemo(() => new Map(codes.map((code) => [code.code, code])), [codes]);
  const lastCode = useRef<HTMLInputElement | null>(null);
  const added = useRef(false);
  const add = () => {
    added.current = true;
    send({ type: 'ADD_LINE', line: newLine(lines[lines.length - 1]?.serviceDate || defaultDate) });
  };
  useEffect(() => {
    if (added.current) lastCode.current?.focus();
    added.current = false;
  }, [lines.length]);
  const description = (code: ProcedureCode) => code.descriptions?.[intl.locale as 'es'] ?? code.code;

  return (
    <Stack gap="3">
      <Text color="fg.muted" fontSize="sm">
        <bdi>{intl.formatMessage({ id: 'reimbursements.lines.help' })}</bdi>
      </Text>
      <datalist id={listId}>
        {codes.map((code) => (
          <option key={code.code} value={code.code}>{`${code.code} · ${description(code)}`}</option>
        ))}
      </datalist>
      <Stack as="ol" gap="2" p="0" m="0" aria-label={intl.formatMessage({ id: 'reimbursements.lines.title' })}>
        {lines.map((line, index) => (
          <LineRow
            key={line.key}
            line={line}
            index={index}
            currency={currency}
            codes={byCode}
            codeListId={listId}
            codeRef={index === lines.length - 1 ? lastCode : undefined}
            onChange={(changes) => send({ type: 'EDIT_LINE', key: line.key, changes })}
            onRemove={() => send({ type: 'REMOVE_LINE', key: line.key })}
            onEnter={add}
          />
        ))}
      </Stack>
      <HStack>
        <Button size="sm" variant="outline" onClick={add}>
          <Plus aria-hidden size={14} />
          {intl.formatMessage({ id: 'reimbursements.lines.add' })}
        </Button>
      </HStack>
    </Stack>
  );
}
