import { useEffect, useState } from 'react';
import { Input, InputGroup } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useIntl } from 'react-intl';

const SEARCH_DELAY_MS = 300;

/** The list's search: typing updates the URL after a short pause; a new URL (back, reload) updates the box. */
export function SearchBox({ value, placeholder, onSearch }: { value: string; placeholder: string; onSearch: (q: string) => void }) {
  const intl = useIntl();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (text.trim() !== value) setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <InputGroup flex="1" minW="56" maxW="md" startElement={<Search aria-hidden size={16} />}>
      {/* The icon sits at the page's start, the room for it at the text's (dir=auto): right to left, room on both sides. */}
      <Input type="search" dir="auto" _rtl={{ pe: 'var(--input-height)' }} value={text} placeholder={placeholder} aria-label={intl.formatMessage({ id: 'common.search' })} onChange={(e) => setText(e.currentTarget.value)} />
    </InputGroup>
  );
}
