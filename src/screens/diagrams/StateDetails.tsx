import { Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { STATECHART_TEXTS, type StatechartName, type StatechartTexts, type TranslatedLocale } from '../../machines/translations.ts';
import type { GuardNode, MachineDescription, StateDescription } from '../../statecharts/format.ts';

/** The panel's languages: es/en texts come from the description, fr/zh/ja from STATECHART_TEXTS. */
export type Lang = 'es' | 'en' | TranslatedLocale;

const LANGS: readonly Lang[] = ['es', 'en', 'fr', 'zh', 'ja'];

/** The user's locale as a diagram language; an unknown one reads the English texts. */
export const diagramLang = (locale: string): Lang => (LANGS as readonly string[]).includes(locale) ? (locale as Lang) : 'en';

const CONNECTIVES: Record<Lang, { or: string; not: string }> = {
  es: { or: ' o ', not: 'no' },
  en: { or: ' or ', not: 'not' },
  fr: { or: ' ou ', not: 'non' },
  zh: { or: ' 或 ', not: '非' },
  ja: { or: ' または ', not: '否定' },
};

const textsOf = (machine: string): StatechartTexts | undefined =>
  Object.prototype.hasOwnProperty.call(STATECHART_TEXTS, machine) ? STATECHART_TEXTS[machine as StatechartName] : undefined;

/** A state's or guard's text in fr/zh/ja, if translated. */
function translated(machine: string, kind: 'states' | 'guards', key: string, lang: TranslatedLocale): string | undefined {
  const table = textsOf(machine)?.[kind];
  return table && Object.prototype.hasOwnProperty.call(table, key) ? table[key][lang] || undefined : undefined;
}

/** A guard tree in words, each named guard by its description in the user's language (English if untranslated). */
function guardText(node: GuardNode, machine: string, lang: Lang): string {
  switch (node.kind) {
    case 'named':
      return (lang === 'es' || lang === 'en' ? node[lang] : translated(machine, 'guards', node.name, lang) ?? node.en) ?? node.name;
    case 'and':
      return node.guards.map((g) => guardText(g, machine, lang)).join(' · ');
    case 'or':
      return node.guards.map((g) => guardText(g, machine, lang)).join(CONNECTIVES[lang].or);
    case 'not':
      return `${CONNECTIVES[lang].not}: ${guardText(node.guard, machine, lang)}`;
    default:
      return node.kind;
  }
}

/** A state's label in the user's language (English if untranslated), else its key. `machine` is the description's `name`. */
export const stateLabel = (state: StateDescription | undefined, lang: Lang, machine: string): string => {
  if (!state) return '';
  const label = lang === 'es' || lang === 'en' ? state.label?.[lang] : translated(machine, 'states', state.id, lang) ?? state.label?.en;
  return label ?? state.key;
};

/** One state's rules and outgoing transitions, with guards and actions. */
export function StateDetails({ description, state }: { description: MachineDescription; state: StateDescription }) {
  const intl = useIntl();
  const lang = diagramLang(intl.locale);
  const machine = description.name;
  const byId = new Map(description.states.map((s) => [s.id, s]));
  const outgoing = description.transitions.filter((t) => t.source === state.id);
  return (
    <Stack gap="4" data-testid="state-details">
      <Stack gap="1">
        <Text fontSize="xs" color="fg.muted" textTransform="uppercase">{intl.formatMessage({ id: 'diagrams.state' })}</Text>
        <Heading as="h2" size="md">{stateLabel(state, lang, machine)}</Heading>
        <HStack gap="2" wrap="wrap">
          {state.status && <Badge>{state.status}</Badge>}
          {state.final && <Badge colorPalette="gray">{intl.formatMessage({ id: 'diagrams.final' })}</Badge>}
          {byId.get(state.parent ?? '')?.initial === state.id && <Badge colorPalette="blue">{intl.formatMessage({ id: 'diagrams.initial' })}</Badge>}
        </HStack>
      </Stack>
      {state.rules.length > 0 && (
        <Box>
          <Text fontWeight="semibold" fontSize="sm">{intl.formatMessage({ id: 'diagrams.rules' })}</Text>
          <Text fontSize="sm">{state.rules.join(', ')}</Text>
        </Box>
      )}
      <Box>
        <Text fontWeight="semibold" fontSize="sm" mb="2">{intl.formatMessage({ id: 'diagrams.transitions' })}</Text>
        {outgoing.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">{intl.formatMessage({ id: 'diagrams.noTransitions' })}</Text>
        ) : (
          <Stack as="ul" gap="3" m="0" p="0" listStyleType="none">
            {outgoing.map((t) => (
              <Box as="li" key={t.id} borderWidth="1px" borderRadius="md" p="2" fontSize="sm">
                <Text>
                  <Text as="span" fontWeight="semibold">{t.event}</Text>
                  {' → '}
                  {t.targets.length ? t.targets.map((id) => stateLabel(byId.get(id), lang, machine)).join(', ') : stateLabel(state, lang, machine)}
                </Text>
                {t.guard && (
                  <Text color="fg.muted">
                    {intl.formatMessage({ id: 'diagrams.guards' })}: {guardText(t.guard, machine, lang)}
                  </Text>
                )}
                {t.actions.length > 0 && (
                  <Text color="fg.muted">
                    {intl.formatMessage({ id: 'diagrams.actions' })}: {t.actions.map((a) => a.name).join(', ')}
                  </Text>
                )}
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
