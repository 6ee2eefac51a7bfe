import { Button, Menu, Portal } from '@chakra-ui/react';
import { Columns3 } from 'lucide-react';
import { useIntl } from 'react-intl';
import type { ListColumn } from './columns.tsx';

/** Shows or hides a list's columns; the primary column always stays. */
export function ColumnChooser<R>({ columns, hidden, onChange }: { columns: ListColumn<R>[]; hidden: string[]; onChange: (hidden: string[]) => void }) {
  const intl = useIntl();
  return (
    <Menu.Root closeOnSelect={false}>
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm">
          <Columns3 aria-hidden size={16} />
          {intl.formatMessage({ id: 'list.columns' })}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {columns
              .filter((column) => !column.primary)
              .map((column) => (
                <Menu.CheckboxItem
                  key={column.id}
                  value={column.id}
                  checked={!hidden.includes(column.id)}
                  onCheckedChange={(visible) => onChange(visible ? hidden.filter((id) => id !== column.id) : [...hidden, column.id])}
                >
                  <Menu.ItemIndicator />
                  {intl.formatMessage({ id: column.labelId })}
                </Menu.CheckboxItem>
              ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
