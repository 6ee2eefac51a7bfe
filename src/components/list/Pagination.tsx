import { Button, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { PAGE_SIZES } from './list-state.ts';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onChange: (changes: { page?: number; pageSize?: number }) => void;
}

/** Range, previous/next and the page size ('20 / página'). */
export function Pagination({ page, pageSize, total, onChange }: Props) {
  const intl = useIntl();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <HStack justify="space-between" wrap="wrap" gap="3" mt="4">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {intl.formatMessage({ id: 'pagination.range' }, { from: intl.formatNumber(from), to: intl.formatNumber(to), total: intl.formatNumber(total) })}
      </Text>
      <HStack gap="2" wrap="wrap">
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field aria-label={intl.formatMessage({ id: 'pagination.pageSize' })} value={pageSize} onChange={(e) => onChange({ pageSize: Number(e.currentTarget.value) })}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>{intl.formatMessage({ id: 'pagination.perPage' }, { size })}</option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onChange({ page: page - 1 })}>
          <span aria-hidden className="flip-rtl">‹</span> {intl.formatMessage({ id: 'pagination.previous' })}
        </Button>
        <Text fontSize="sm" whiteSpace="nowrap">{intl.formatMessage({ id: 'pagination.page' }, { page, pages })}</Text>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onChange({ page: page + 1 })}>
          {intl.formatMessage({ id: 'pagination.next' })} <span aria-hidden className="flip-rtl">›</span>
        </Button>
      </HStack>
    </HStack>
  );
}
