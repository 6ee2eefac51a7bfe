import { useEffect, useId, useRef } from 'react';
import { Box, HStack, IconButton } from '@chakra-ui/react';
import { Bold, Heading3, Italic, List, ListOrdered, Underline, type LucideIcon } from 'lucide-react';
import { useIntl } from 'react-intl';
import { FormField } from '../../components/form/FormField.tsx';
import { sanitizeAnnouncementHtml } from './html.ts';

interface Props {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: { type: string; message?: string };
  help?: string;
}

const COMMANDS: { command: string; value?: string; icon: LucideIcon; labelId: string }[] = [
  { command: 'bold', icon: Bold, labelId: 'announcements.editor.bold' },
  { command: 'italic', icon: Italic, labelId: 'announcements.editor.italic' },
  { command: 'underline', icon: Underline, labelId: 'announcements.editor.underline' },
  { command: 'formatBlock', value: 'h3', icon: Heading3, labelId: 'announcements.editor.heading' },
  { command: 'insertUnorderedList', icon: List, labelId: 'announcements.editor.bullets' },
  { command: 'insertOrderedList', icon: ListOrdered, labelId: 'announcements.editor.numbers' },
];

/**
 * The body's editor: an editable region with a small toolbar (Ctrl+B, Ctrl+I, Ctrl+U work too). What it
 * hands to the form is already sanitised with the allowlist the server applies.
 */
export function RichTextEditor({ label, value, onChange, onBlur, error, help }: Props) {
  const intl = useIntl();
  const invalid = Boolean(error);
  const region = useRef<HTMLDivElement>(null);
  const labelId = useId();
  // The editor owns its DOM while typing; a value from outside (a reload) replaces it only when it differs.
  useEffect(() => {
    const node = region.current;
    if (node && sanitizeAnnouncementHtml(node.innerHTML) !== value) node.innerHTML = sanitizeAnnouncementHtml(value);
  }, [value]);
  const emit = () => onChange(sanitizeAnnouncementHtml(region.current?.innerHTML ?? ''));
  const run = (command: string, argument?: string) => {
    region.current?.focus();
    document.execCommand(command, false, argument);
    emit();
  };
  return (
    <FormField label={label} required error={error} helper={help} labelId={labelId}>
      <Box borderWidth="1px" borderRadius="md" borderColor={invalid ? 'border.error' : 'border'} bg="bg.panel" w="full">
        <HStack role="toolbar" aria-label={intl.formatMessage({ id: 'announcements.editor.toolbar' })} gap="1" p="1" borderBottomWidth="1px" wrap="wrap">
          {COMMANDS.map(({ command, value: argument, icon: Icon, labelId: id }) => (
            <IconButton key={id} size="sm" variant="ghost" aria-label={intl.formatMessage({ id })} onMouseDown={(e) => e.preventDefault()} onClick={() => run(command, argument)}>
              <Icon aria-hidden size={16} />
            </IconButton>
          ))}
        </HStack>
        <Box
          ref={region}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-invalid={invalid || undefined}
          aria-required="true"
          contentEditable
          suppressContentEditableWarning
          data-testid="announcement-body-editor"
          minH="40"
          p="3"
          outline="none"
          _focusVisible={{ boxShadow: 'inset 0 0 0 2px var(--chakra-colors-blue-focus-ring)' }}
          css={{ '& ul': { listStyleType: 'disc', paddingInlineStart: '1.5em' }, '& ol': { listStyleType: 'decimal', paddingInlineStart: '1.5em' }, '& h3': { fontSize: 'lg', fontWeight: 'semibold' } }}
          onInput={emit}
          onBlur={onBlur}
        />
      </Box>
    </FormField>
  );
}
