import { Button, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { PAGE_SIZES } from './list-state.ts';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  /** More records than `total` exist ("1–20 de más de 10 000"): no last page is known, next stays open. */
  totalIsLowerBound?: boolean;
  onChange: (changes: { page?: number; pageSize?: number }) => void;
}

/** Range, previous/next and the page size ('20 / página'). */
export function Pagination({ page, pageSize, total, totalIsLowerBound = false, onChange }: Props) {
  const intl = useIntl();
  // A sentence of the UI language with numbers in it keeps its own reading order in a right-to-left page
  // ("1–7 de 7", not "de 7 7–1"): the sentence is isolated, and so is each number inside it.
  const sentence = (id: string, numbers: Record<string, number>) => (
    <bdi>
      {intl.formatMessage(
        { id },
        Object.fromEntries(Object.entries(numbers).map(([name, value]) => [name, <bdi key={name}>{intl.formatNumber(value)}</bdi>])),
      )}
    </bdi>
  );
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <HStack justify="space-between" wrap="wrap" gap="3" mt="4">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {sentence(totalIsLowerBound ? 'pagination.rangeAtLeast' : 'pagination.range', { from, to, total })}
      </Text>
      <HStack gap="2" wrap="wrap">
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field aria-label={intl.formatMessage({ id: 'pagination.pageSize' })} value={pageSize} onChange={(e) => onChange({ pageSize: Number(e.currentTarget.value) })}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size} dir="auto">{intl.formatMessage({ id: 'pagination.perPage' }, { size })}</option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onChange({ page: page - 1 })}>
          {/* ‹ and › are mirrored characters: right to left draws them turned around already. */}
          <span aria-hidden>‹</span> {intl.formatMessage({ id: 'pagination.previous' })}
        </Button>
        <Text fontSize="sm" whiteSpace="nowrap">{totalIsLowerBound ? sentence('pagination.pageOfMany', { page }) : sentence('pagination.page', { page, pages })}</Text>
        <Button size="sm" variant="outline" disabled={!totalIsLowerBound && page >= pages} onClick={() => onChange({ page: page + 1 })}>
          {intl.formatMessage({ id: 'pagination.next' })} <span aria-hidden>›</span>
        </Button>
      </HStack>
    </HStack>
  );
}
