import { HStack, Link as ChakraLink, List, Text } from '@chakra-ui/react';
import { CircleAlert, CircleCheck, FolderCheck } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Attachment } from '../../api/resources/attachments.ts';
import type { Reimbursement } from '../../api/resources/reimbursements.ts';

type OnFile = NonNullable<Reimbursement['documentsOnFile']>[number];

/**
 * Where a document on file came from: the plan, or the claim of the plan it was attached to (by its folio, a link;
 * the plan's claims all rest on its pre-authorisation, the verification in the claim's address).
 */
function OnFileItem({ doc, type, verificationId }: { doc: OnFile; type: string; verificationId: number }) {
  if (doc.reimbursementId === null) return <FormattedMessage id="reimbursements.documents.onFilePlan" values={{ type }} />;
  const folio = (
    <ChakraLink asChild>
      <Link href={`/reembolsos/editar/${verificationId}/${doc.reimbursementId}`}>
        <bdi>{doc.folio}</bdi>
      </Link>
    </ChakraLink>
  );
  return <FormattedMessage id="reimbursements.documents.onFileClaim" values={{ type, folio }} />;
}

/**
 * The documents the codes require (research §4.3, from the settings' matrix, as the server computes them) and whether
 * each is there — attached to the claim, or on file for its orthodontic plan (issue 28 item 12), saying where.
 */
export function RequiredDocuments({
  missing,
  attachments,
  claim,
  visible = true,
}: {
  missing: readonly string[];
  attachments: Attachment[];
  claim?: Pick<Reimbursement, 'verificationId' | 'documentsOnFile'>;
  visible?: boolean;
}) {
  const intl = useIntl();
  const onFile = visible ? (claim?.documentsOnFile ?? []) : [];
  const typeName = (type: string) => intl.formatMessage({ id: `settings.documentType.${type}` });
  const attached = [...new Set(attachments.map((a) => a.documentType))].filter((type) => !missing.includes(type));
  // A role that may not read documents (treasury) sees none attached: it is told so, not that none were required.
  if (!missing.length && !attached.length && !onFile.length) return <Text color="fg.muted">{intl.formatMessage({ id: visible ? 'reimbursements.documents.noneRequired' : 'reimbursements.documents.notVisible' })}</Text>;
  return (
    <List.Root gap="1" variant="plain" aria-label={intl.formatMessage({ id: 'reimbursements.documents.requiredTitle' })}>
      {missing.map((type) => (
        <List.Item key={type}>
          <HStack gap="2" color={{ base: 'orange.700', _dark: 'orange.300' }}>
            <CircleAlert aria-hidden size={16} />
            <Text>{intl.formatMessage({ id: 'reimbursements.documents.missingItem' }, { type: typeName(type) })}</Text>
          </HStack>
        </List.Item>
      ))}
      {attached.map((type) => (
        <List.Item key={type}>
          <HStack gap="2" color={{ base: 'green.700', _dark: 'green.300' }}>
            <CircleCheck aria-hidden size={16} />
            <Text>{intl.formatMessage({ id: 'reimbursements.documents.attachedItem' }, { type: typeName(type) })}</Text>
          </HStack>
        </List.Item>
      ))}
      {onFile.map((doc) => (
        <List.Item key={`file-${doc.documentType}`}>
          <HStack gap="2" color={{ base: 'green.700', _dark: 'green.300' }}>
            <FolderCheck aria-hidden size={16} />
            <Text>
              <OnFileItem doc={doc} type={typeName(doc.documentType)} verificationId={claim!.verificationId} />
            </Text>
          </HStack>
        </List.Item>
      ))}
    </List.Root>
  );
}
