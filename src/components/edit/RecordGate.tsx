import type { ReactNode } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { ApiError } from '../../api/client.ts';
import { Loading } from '../feedback/Loading.tsx';
import { RecordNotFound } from './RecordNotFound.tsx';

interface Props<T> {
  /** The record's read. */
  query: UseQueryResult<T>;
  /** The list the not-found page leads back to. */
  listLabel: string;
  /**
   * False when the address cannot name this record (an id that is not a number, a record reached under another
   * parent's path): it reads as not found, as a 404 would.
   */
  found?: (data: T) => boolean;
  valid?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * What a record screen shows before its record: the spinner while it loads, "not found" for a 404 or an address
 * that cannot name it, a retry when the read failed otherwise, and the screen itself once the record is there.
 */
export function RecordGate<T>({ query, listLabel, found, valid = true, children }: Props<T>) {
  const intl = useIntl();
  const missing = query.error instanceof ApiError && query.error.status === 404;
  if (!valid || missing || (query.data !== undefined && found && !found(query.data))) return <RecordNotFound listLabel={listLabel} />;
  if (query.isError) {
    return (
      <Stack role="alert" align="flex-start">
        <span>{intl.formatMessage({ id: 'common.loadFailed' })}</span>
        <Button size="sm" onClick={() => void query.refetch()}>
          {intl.formatMessage({ id: 'common.retry' })}
        </Button>
      </Stack>
    );
  }
  if (query.data === undefined) return <Loading />;
  return <>{children(query.data)}</>;
}
