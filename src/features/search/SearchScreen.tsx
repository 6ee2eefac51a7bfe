import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Badge, Box, Heading, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'wouter';
import type { ScreenProps } from '../../components/layout/area.ts';
import { Loading } from '../../components/feedback/Loading.tsx';
import { Notice } from '../../components/feedback/Notice.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { codeMessage } from '../../i18n/form-messages.ts';
import { ApiError } from '../../api/client.ts';
import { MIN_SEARCH_LENGTH, searchQuery } from '../../api/resources/search.ts';
import { SearchHitLink } from './SearchHitLink.tsx';

const TYPING_DELAY_MS = 250;

/**
 * `/busqueda?q=…`: the box writes its text to the URL after a short pause (back and reload keep it);
 * results come grouped by kind as links. Down arrow from the box goes to the first result, up and down
 * move between results (up from the first returns to the box), Enter opens one.
 */
export default function SearchScreen({ titleId }: ScreenProps) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  const [shown, setShown] = useState(q);
  if (q !== shown) {
    // The URL changed (back, forward, the header's shortcut): the box follows it.
    setShown(q);
    if (text.trim() !== q) setText(q);
  }
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => setParams(text.trim() ? { q: text.trim() } : {}, { replace: true }), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q, setParams]);

  const query = useQuery(searchQuery(q));
  const groups = q.length >= MIN_SEARCH_LENGTH ? (query.data?.groups ?? []) : [];
  const count = groups.reduce((n, g) => n + g.items.length, 0);

  const box = useRef<HTMLInputElement>(null);
  const results = useRef<HTMLDivElement>(null);
  const links = () => [...(results.current?.querySelectorAll<HTMLAnchorElement>('a[data-hit]') ?? [])];
  const onBoxKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    links()[0]?.focus();
  };
  const onResultKey = (event: KeyboardEvent) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    const target = { ArrowDown: all[Math.min(at + 1, all.length - 1)], ArrowUp: at === 0 ? box.current : all[at - 1], Home: all[0], End: all.at(-1) }[event.key];
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Box maxW="4xl">
      <PageHeader title={t(titleId)} />
      <Stack gap="4">
        <InputGroup startElement={<Search aria-hidden size={18} />}>
          <Input
            ref={box}
            type="search"
            size="lg"
            dir="auto"
            // The icon sits at the page's start, the room for it at the text's: right to left, room on both sides.
            _rtl={{ pe: 'var(--input-height)' }}
            autoFocus
            autoComplete="off"
            value={text}
            maxLength={100}
            placeholder={t('search.placeholder')}
            aria-label={t('search.label')}
            aria-describedby="search-hint"
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={onBoxKey}
          />
        </InputGroup>
        <Text id="search-hint" fontSize="sm" color="fg.muted">
          <bdi>{t('search.hint')}</bdi>
        </Text>
        <Text role="status" fontSize="sm" className={q.length >= MIN_SEARCH_LENGTH && query.isSuccess ? undefined : 'ui-visually-hidden'}>
          <bdi>{q.length >= MIN_SEARCH_LENGTH && query.isSuccess ? (count ? t('search.results', { count }) : t('search.empty', { q })) : ''}</bdi>
        </Text>
        {query.isFetching && !query.data && <Loading cover="inline" />}
        {query.isError && <Notice tone="error">{codeMessage(intl, query.error instanceof ApiError ? query.error.code : 'server.unexpected')}</Notice>}
        <Stack ref={results} gap="6" onKeyDown={onResultKey} data-testid="search-results">
          {groups.map((group) => (
            <Box as="section" key={group.kind} aria-labelledby={`search-kind-${group.kind}`}>
              <Heading as="h2" size="md" mb="2" id={`search-kind-${group.kind}`}>
                {t(`search.kind.${group.kind}`)}{' '}
                <Badge variant="subtle" ms="1">
                  {intl.formatNumber(group.items.length)}
                  {group.more ? '+' : ''}
                </Badge>
              </Heading>
              <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
                {group.items.map((hit) => (
                  <li key={`${hit.kind}-${hit.id}`}>
                    <SearchHitLink hit={hit} />
                  </li>
                ))}
              </Stack>
              {group.more && (
                <Text fontSize="sm" color="fg.muted" mt="1">
                  <bdi>{t('search.more')}</bdi>
                </Text>
              )}
            </Box>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
