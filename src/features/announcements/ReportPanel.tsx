import { Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Loading } from '../../components/feedback/Loading.tsx';
import { reportQuery } from '../../api/resources/announcements.ts';

/** Who of the audience has read and acknowledged the current version (administrators and other writers). */
export function ReportPanel({ id }: { id: number }) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const { data: report } = useQuery(reportQuery(id));
  if (!report) return <Loading />;
  const when = (value: string | null) => (value ? intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' }) : '—');
  return (
    <Stack gap="3">
      <Text>{t('announcements.report.summary', { audience: report.audienceSize, read: report.read, acknowledged: report.acknowledged, version: report.bodyVersion })}</Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="96">
        <Table.Root size="sm" stickyHeader>
          <Table.Caption srOnly>{t('announcements.section.report')}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('announcements.report.user')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('announcements.report.readAt')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('announcements.report.acknowledgedAt')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {report.users.map((user) => (
              <Table.Row key={user.userId}>
                <Table.Cell>
                  <bdi>{user.name}</bdi>
                </Table.Cell>
                <Table.Cell>{when(user.readAt)}</Table.Cell>
                <Table.Cell>{when(user.acknowledgedAt)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}
