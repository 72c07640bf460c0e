import {
  Textarea as MantineTextarea,
  TextInput as MantineTextInput,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';
import { type ChangeEvent, forwardRef, type ReactNode, useState } from 'react';
import { formatNumber, useTranslation } from '../i18n';

/**
 * Mantine's text fields with one shared behaviour for a field with a maximum length (`maxLength`,
 * from the route declarations the server checks with): once the value reaches the limit, where the
 * browser silently stops taking characters, the field says 'Up to {max} characters' in its
 * description, which the input names with aria-describedby, in a polite live region so a screen
 * reader also announces it while typing. Below the limit nothing changes. Use these instead of
 * Mantine's `TextInput` / `Textarea` for every field people type text into.
 */
function useLimitNote<E extends HTMLInputElement | HTMLTextAreaElement>(props: {
  maxLength?: number;
  value?: unknown;
  defaultValue?: unknown;
  description?: ReactNode;
  onChange?: (event: ChangeEvent<E>) => void;
}) {
  const { t } = useTranslation();
  const controlled = props.value !== undefined && props.value !== null;
  const [typed, setTyped] = useState(() => String(props.defaultValue ?? '').length);
  const length = controlled ? String(props.value).length : typed;
  const max = props.maxLength;
  const atLimit = max !== undefined && max > 0 && length >= max;
  const note = atLimit ? (
    <span role="status" aria-live="polite">
      {t('common:field.upTo', { count: max, formatted: formatNumber(max) })}
    </span>
  ) : null;
  const description =
    note && props.description ? (
      <>
        {props.description} {note}
      </>
    ) : (
      (note ?? props.description)
    );
  const onChange = (event: ChangeEvent<E>) => {
    if (!controlled) setTyped(event.currentTarget.value.length);
    props.onChange?.(event);
  };
  return { description, onChange };
}

export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(props, ref) {
  const limit = useLimitNote(props);
  return <MantineTextInput ref={ref} {...props} {...limit} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(props, ref) {
  const limit = useLimitNote(props);
  return <MantineTextarea ref={ref} {...props} {...limit} />;
});
