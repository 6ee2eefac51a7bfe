import { useRef, useState, type KeyboardEvent } from 'react';
import { HStack, Input, Text } from '@chakra-ui/react';
import { blurLeavingGroup } from './group-blur.ts';

export interface Segment<P extends string> {
  part: P;
  /** Digits the box takes; typing them all moves on to the next box. */
  width: number;
  /** The arrows step between these; `start` is what an empty box counts as before a step (by default 0). */
  min: number;
  max: number;
  start?: number;
  label: string;
  placeholder: string;
  boxWidth: string;
}

interface Props<P extends string> {
  segments: Segment<P>[];
  separator: string;
  value: string;
  /** The value's parts, each '' when the value is empty or not of the form. */
  split: (value: string) => Record<P, string>;
  /** The typed parts as a value, '' when all are empty, null while incomplete or impossible. */
  join: (typed: Record<P, string>) => string | null;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The group's own attributes: its role's name, validity, a data mark. */
  group: Record<string, unknown>;
  size?: 'sm' | 'md';
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * Numeric boxes read as one value (a date, a time): typing fills a box and moves on, a box reached is selected so
 * typing replaces it, the arrows step a part, Backspace in an empty box goes back. The value changes only when
 * the parts make one (or are all emptied); a value changed from outside replaces what was typed.
 */
export function SegmentedField<P extends string>({ segments, separator, value, split, join, onChange, onBlur, group, size = 'md' }: Props<P>) {
  const [typed, setTyped] = useState(() => split(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setTyped(split(value));
  }
  const boxes = useRef<Partial<Record<P, HTMLInputElement | null>>>({});
  const update = (next: Record<P, string>) => {
    setTyped(next);
    const joined = join(next);
    if (joined !== null && joined !== value) {
      setShown(joined);
      onChange(joined);
    }
  };
  const move = (index: number) => boxes.current[segments[index]?.part ?? segments[0]!.part]?.focus();
  const onKeyDown = ({ part, width, min, max, start }: Segment<P>, index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const current = Number(typed[part]) || (start ?? 0);
      const next = Math.min(max, Math.max(min, current + (event.key === 'ArrowUp' ? 1 : -1)));
      update({ ...typed, [part]: pad(next, width) });
    } else if (event.key === 'Backspace' && !typed[part] && index > 0) move(index - 1);
  };
  return (
    <HStack role="group" gap="1" dir="ltr" onBlur={blurLeavingGroup(onBlur)} {...group}>
      {segments.map((segment, index) => (
        <HStack key={segment.part} gap="1">
          {index > 0 && (
            <Text as="span" aria-hidden color="fg.muted">
              {separator}
            </Text>
          )}
          <Input
            ref={(element) => {
              boxes.current[segment.part] = element;
            }}
            size={size}
            inputMode="numeric"
            data-part={segment.part}
            autoComplete="off"
            aria-label={segment.label}
            placeholder={segment.placeholder}
            width={segment.boxWidth}
            textAlign="center"
            maxLength={segment.width}
            value={typed[segment.part]}
            onKeyDown={onKeyDown(segment, index)}
            onFocus={(event) => event.currentTarget.select()}
            onChange={(event) => {
              const digits = event.currentTarget.value.replace(/\D/g, '').slice(0, segment.width);
              update({ ...typed, [segment.part]: digits });
              if (digits.length === segment.width && index + 1 < segments.length) move(index + 1);
            }}
          />
        </HStack>
      ))}
    </HStack>
  );
}
