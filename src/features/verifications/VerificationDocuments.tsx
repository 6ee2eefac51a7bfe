import { Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useScreen } from '../../components/layout/screen-context.ts';
import { attachmentsQuery } from '../../api/resources/attachments.ts';
import { AttachmentList } from '../../components/attachments/AttachmentList.tsx';

/**
 * The verification's documents: the files a practice sent with its pre-authorisation (Claim.supportingInfo), for
 * the verifier to read before deciding. The panel attaches none to verifications itself, so without any the
 * section is not shown.
 */
export function VerificationDocuments({ verificationId }: { verificationId: number }) {
  const intl = useIntl();
  const { can } = useScreen();
  const { data: attachments = [] } = useQuery({ ...attachmentsQuery(verificationId, 'verification'), enabled: can('attachments:read') });
  if (!attachments.length) return null;
  return (
    <Stack gap="3" as="section" aria-labelledby="documents-heading" p="4" borderWidth="1px" borderRadius="md" bg="bg.panel">
      <Text as="h2" id="documents-heading" fontWeight="semibold" fontSize="lg">
        {intl.formatMessage({ id: 'verifications.documents' })}
      </Text>
      <AttachmentList attachments={attachments} />
    </Stack>
  );
}
