import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FieldRule } from '../../i18n/form-messages.ts';
import * as publicValidators from '../../../openapi/public-validators.ts';
import { rulesOf, type Validator } from '../../components/form/form-rules.ts';

/**
 * A light form for the public screens: reads the inputs on submit, checks them with the
 * contract's schema and calls `onValid`, or keeps each field's broken rule and focuses the first.
 * Not react-hook-form as the panel's forms are: its 13 KiB brought the log-in page's Lighthouse
 * score from 96 to 93, under the budget of 95 (npm run bench). For the same reason it checks with the
 * public pages' own validators, not the panel's 25 form schemas.
 */
export function usePublicForm<P>(schema: keyof typeof publicValidators, toPayload: (values: Record<string, string>) => P, onValid: (payload: P) => void) {
  const [errors, setErrors] = useState<Record<string, FieldRule>>({});
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries([...new FormData(event.currentTarget)].map(([key, value]) => [key, String(value)]));
    const payload = toPayload(values);
    const rules = rulesOf(publicValidators[schema] as Validator, payload);
    setErrors(rules);
    if (!Object.keys(rules).length) onValid(payload);
  };
  return { errors, onSubmit, formRef };
}
