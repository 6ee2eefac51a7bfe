import type { ReactNode } from 'react';
import { Text, useBreakpointValue } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { BusyButton } from '../../components/form/BusyButton.tsx';

interface Props {
  title: string;
  open: boolean;
  saving: boolean;
  /** The item changed meanwhile: the edits stay, and the user reloads or overwrites. */
  stale: boolean;
  onClose: () => void;
  onSave: () => void;
  onReload: () => void;
  onOverwrite: () => void;
  children: ReactNode;
}

/** One catalog item's form in a dialog: Save and Cancel, and the stale-version choice in place of Save. */
export function EditDialog({ title, open, saving, stale, onClose, onSave, onReload, onOverwrite, children }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  // Full screen on a phone; a responsive size object would keep the full height on wider screens too.
  const size = useBreakpointValue({ base: 'full', md: 'lg' } as const) ?? 'lg';
  const staleChoice = (
    <>
      <BusyButton type="button" variant="outline" colorPalette="red" loading={saving} onClick={onOverwrite}>
        {t('conflict.overwrite')}
      </BusyButton>
      <BusyButton type="button" colorPalette="blue" loading={saving} onClick={onReload}>
        {t('conflict.reload')}
      </BusyButton>
    </>
  );
  return (
    <FormDialog
      open={open}
      title={<bdi>{title}</bdi>}
      submitLabel={saving ? t('common.saving') : t('common.save')}
      busy={saving}
      size={size}
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      actions={stale ? staleChoice : undefined}
      onSubmit={() => !stale && onSave()}
      onClose={onClose}
    >
      {children}
      {stale && (
        <Text role="alert" color={{ base: 'red.700', _dark: 'fg.error' }}>
          {t('conflict.body')}
        </Text>
      )}
    </FormDialog>
  );
}
