import { HStack, List, Text } from '@chakra-ui/react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useIntl } from 'react-intl';
import type { Attachment } from '../../api/resources/attachments.ts';

/** The documents the codes require (research §4.3, from the settings' matrix, as the server computes them) and whether each is there. */
export function RequiredDocuments({ missing, attachments, visible = true }: { missing: readonly string[]; attachments: Attachment[]; visible?: boolean }) {
  const intl = useIntl();
  const attached = [...new Set(attachments.map((a) => a.documentType))].filter((type) => !missing.includes(type));
  // A role that may not read documents (treasury) sees none attached: it is told so, not that none were required.
  if (!missing.length && !attached.length) return <Text color="fg.muted">{intl.formatMessage({ id: visible ? 'reimbursements.documents.noneRequired' : 'reimbursements.documents.notVisible' })}</Text>;
  return (
    <List.Root gap="1" variant="plain" aria-label={intl.formatMessage({ id: 'reimbursements.documents.requiredTitle' })}>
      {missing.map((type) => (
        <List.Item key={type}>
          <HStack gap="2" color={{ base: 'orange.700', _dark: 'orange.300' }}>
            <CircleAlert aria-hidden size={16} />
            <Text>{intl.formatMessage({ id: 'reimbursements.documents.missingItem' }, { type: intl.formatMessage({ id: `settings.documentType.${type}` }) })}</Text>
          </HStack>
        </List.Item>
      ))}
      {attached.map((type) => (
        <List.Item key={type}>
          <HStack gap="2" color={{ base: 'green.700', _dark: 'green.300' }}>
            <CircleCheck aria-hidden size={16} />
            <Text>{intl.formatMessage({ id: 'reimbursements.documents.attachedItem' }, { type: intl.formatMessage({ id: `settings.documentType.${type}` }) })}</Text>
          </HStack>
        </List.Item>
      ))}
    </List.Root>
  );
}
