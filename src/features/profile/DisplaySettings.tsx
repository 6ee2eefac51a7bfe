import { Card, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { usePreferences, usePreferencesActor } from '../../session/preferences.tsx';
import { FormField } from '../../components/form/FormField.tsx';
import type { PreferencesEvent } from '../../machines/preferences.machine.ts';

type Choice = { event: 'SET_THEME' | 'SET_NAV_TYPE' | 'SET_SIDE_NAV_THEME' | 'SET_DIRECTION'; labelId: string; value: string; options: [string, string][] };

/** The theme state's settings (spec section 3), each saved as soon as it changes; the language is the profile's own field. */
export function DisplaySettings() {
  const intl = useIntl();
  const prefs = usePreferences();
  const preferences = usePreferencesActor();
  const t = (id: string) => intl.formatMessage({ id });
  const choices: Choice[] = [
    { event: 'SET_THEME', labelId: 'settings.currentTheme', value: prefs.currentTheme, options: [['light', 'settings.theme.light'], ['dark', 'settings.theme.dark']] },
    { event: 'SET_NAV_TYPE', labelId: 'settings.navType', value: prefs.navType, options: [['SIDE', 'settings.navType.SIDE'], ['TOP', 'settings.navType.TOP']] },
    { event: 'SET_SIDE_NAV_THEME', labelId: 'settings.sideNavTheme', value: prefs.sideNavTheme, options: [['light', 'settings.theme.light'], ['dark', 'settings.theme.dark']] },
    { event: 'SET_DIRECTION', labelId: 'settings.direction', value: prefs.direction, options: [['ltr', 'settings.direction.ltr'], ['rtl', 'settings.direction.rtl']] },
  ];
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{t('settings.title')}</Card.Title>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          {choices.map((choice) => (
            <FormField key={choice.event} label={t(choice.labelId)}>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={choice.value} onChange={(e) => preferences.send({ type: choice.event, value: e.currentTarget.value } as PreferencesEvent)}>
                  {choice.options.map(([value, labelId]) => (
                    <option key={value} value={value}>{t(labelId)}</option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          ))}
          <FormField label={t('settings.topNavColor')}>
            <Input type="color" size="sm" w="20" p="1" value={prefs.topNavColor} onChange={(e) => preferences.send({ type: 'SET_TOP_NAV_COLOR', value: e.currentTarget.value })} />
          </FormField>
          <FormField label={t('settings.headerNavColor')}>
            <Input type="color" size="sm" w="20" p="1" value={prefs.headerNavColor || '#ffffff'} onChange={(e) => preferences.send({ type: 'SET_HEADER_NAV_COLOR', value: e.currentTarget.value })} />
          </FormField>
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
