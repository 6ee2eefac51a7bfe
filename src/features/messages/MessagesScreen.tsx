import { useState } from 'react';
import { Box, Button, Flex, Stack, Switch, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useIntl } from 'react-intl';
import { useLocation, useParams, useSearchParams } from 'wouter';
import { LIST_SPECS } from '../../../openapi/field-specs.ts';
import { useMe } from '../../session/useMe.ts';
import { Loading } from '../../components/feedback/Loading.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { applyListChange, listQuery, PAGE_SIZES, parseListState, type ListChange } from '../../components/list/list-state.ts';
import { Pagination } from '../../components/list/Pagination.tsx';
import { SearchBox } from '../../components/list/SearchBox.tsx';
import { SortSelect } from '../../components/list/SortSelect.tsx';
import { conversationsQuery } from '../../api/resources/messages.ts';
import { ConversationList } from './ConversationList.tsx';
import { ConversationView } from './ConversationView.tsx';
import { NewConversationDialog, type ConversationAbout } from './NewConversationDialog.tsx';

const SORTS = [
  { key: 'latest', sort: '-lastMessageAt' },
  { key: 'oldestActivity', sort: 'lastMessageAt' },
  { key: 'newest', sort: '-createdAt' },
  { key: 'subject', sort: 'subject' },
] as const;
const RECORD_KINDS = ['policyholder', 'patient', 'policy', 'verification', 'reimbursement', 'orthodonticPlan', 'doctor', 'insurer'] as const;

/** The record named by the address, when it names one the way StartConversationButton writes it. */
function aboutOf(sobre: string | null, asunto: string | null): ConversationAbout | undefined {
  const match = /^(\w+):(\d{1,9})$/.exec(sobre ?? '');
  const kind = RECORD_KINDS.find((k) => k === match?.[1]);
  return kind && match ? { entityType: kind, entityId: Number(match[2]), subject: (asunto ?? '').slice(0, 200) } : undefined;
}

/**
 * Mensajes: the user's conversations beside the open one (stacked on a phone). New messages and read
 * receipts arrive live through the header badge's event stream, which refreshes these queries.
 */
export default function MessagesScreen() {
  const intl = useIntl();
  const me = useMe();
  const myId = me.data?.user.id;
  const params = useParams<{ id?: string }>();
  const selected = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  const [, navigate] = useLocation();
  const [search, setSearch] = useSearchParams();
  // Search, the unread filter, sort and page live in the URL as every list's do.
  const state = parseListState(search, LIST_SPECS.conversations);
  const { q, page, pageSize } = state;
  const unreadOnly = state.filters.unread === 'true';
  const list = useQuery(conversationsQuery(listQuery(state, LIST_SPECS.conversations)));
  const change = (c: ListChange) => setSearch((previous) => applyListChange(previous, c, LIST_SPECS.conversations));
  // "Start a conversation about this record" (StartConversationButton) arrives as ?sobre=<type>:<id>&asunto=…
  const about = aboutOf(search.get('sobre'), search.get('asunto'));
  const [composing, setComposing] = useState(Boolean(about));
  const forgetAbout = () =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      next.delete('sobre');
      next.delete('asunto');
      return next;
    });

  return (
    <>
      <PageHeader title={intl.formatMessage({ id: selected ? 'area.messages.conversation' : 'area.messages' })}>
        {me.can('messages:create') && (
          <Button colorPalette="blue" size="sm" onClick={() => setComposing(true)}>
            <Plus aria-hidden size={16} />
            {intl.formatMessage({ id: 'messages.new' })}
          </Button>
        )}
      </PageHeader>
      <Flex gap="4" direction={{ base: 'column', lg: 'row' }} align={{ base: 'stretch', lg: 'flex-start' }}>
        <Stack gap="3" w={{ base: 'full', lg: '80' }} flexShrink={0} display={{ base: selected ? 'none' : 'flex', lg: 'flex' }}>
          <Stack gap="3" role="search" aria-label={intl.formatMessage({ id: 'list.tools' }, { title: intl.formatMessage({ id: 'area.messages' }) })}>
            <SearchBox value={q} placeholder={intl.formatMessage({ id: 'messages.search' })} onSearch={(text) => change({ q: text })} />
            <SortSelect options={SORTS.map(({ key, sort }) => ({ sort, label: intl.formatMessage({ id: `messages.sort.${key}` }) }))} value={state.sort} onChange={(sort) => change({ sort })} />
            <Switch.Root checked={unreadOnly} onCheckedChange={(e) => change({ filters: { unread: e.checked ? 'true' : undefined } })} size="sm">
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{intl.formatMessage({ id: 'messages.unreadOnly' })}</Switch.Label>
            </Switch.Root>
          </Stack>
          {list.isPending ? (
            <Loading />
          ) : list.isError ? (
            <Text color="fg.error">{intl.formatMessage({ id: 'messages.loadFailed' })}</Text>
          ) : list.data.items.length === 0 ? (
            <Text color="fg.muted">{intl.formatMessage({ id: q || unreadOnly ? 'messages.noneFound' : 'messages.none' })}</Text>
          ) : (
            <>
              <ConversationList items={list.data.items} selected={selected} myId={myId} />
              {list.data.total > Math.min(pageSize, ...PAGE_SIZES) && <Pagination page={page} pageSize={pageSize} total={list.data.total} totalIsLowerBound={list.data.totalIsLowerBound} onChange={change} />}
            </>
          )}
        </Stack>
        <Box flex="1" minW="0">
          {selected && myId ? (
            <Stack gap="2">
              <Box display={{ base: 'block', lg: 'none' }}>
                <Button size="xs" variant="ghost" onClick={() => navigate('/mensajes')}>
                  {intl.formatMessage({ id: 'messages.backToList' })}
                </Button>
              </Box>
              <ConversationView key={selected} id={selected} myId={myId} />
            </Stack>
          ) : (
            <Text color="fg.muted" display={{ base: 'none', lg: 'block' }} pt="2">
              <bdi>{intl.formatMessage({ id: 'messages.pick' })}</bdi>
            </Text>
          )}
        </Box>
      </Flex>
      <NewConversationDialog
        open={composing}
        about={about}
        onClose={() => {
          setComposing(false);
          if (about) forgetAbout();
        }}
        onStarted={(conversation) => {
          setComposing(false);
          navigate(`/mensajes/${conversation.id}`);
        }}
      />
    </>
  );
}
