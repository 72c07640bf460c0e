import {
  Textarea as MantineTextarea,
  TextInput as MantineTextInput,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';
import { type ChangeEvent, forwardRef, type ReactNode, useState } from 'react';
import { INPUT_MESSAGES } from '../../contract/rules/input';
import { formatNumber, translateMessage, useTranslation } from '../i18n';

interface LimitProps {
  /** Shows 'typed/max' under the field as people type (long, multi-line fields). */
  counted?: boolean;
  /** The most characters the server takes (from the route declaration or the field's rule). */
  maxLength?: number;
  /**
   * The field's own rule message for text over `maxLength` (contract/, as the server's 422 says it,
   * untranslated); without one, the boundary's rule named after the field's label.
   */
  tooLong?: string;
}

/**
 * Mantine's text fields with one shared behaviour for a field with a maximum length (`maxLength`,
 * from the route declarations or rules the server checks with). The browser's own maxLength is not
 * set: it stops taking characters without a word (a pasted text simply ends). People type on; at the
 * limit the description says 'Up to {max} characters', and past it the field shows the rule's
 * 'at most …' message as its error, the same text the server would answer with (and the form's
 * machine refuses the submit with, before any call). Both sit in a polite
 * live region, which the input names with aria-describedby, so a screen reader hears them while
 * typing. Below the limit nothing changes. Use these instead of Mantine's `TextInput` / `Textarea`
 * for every field people type text into.
 */
function useLimitNote<E extends HTMLInputElement | HTMLTextAreaElement>(
  props: LimitProps & {
    value?: unknown;
    defaultValue?: unknown;
    label?: ReactNode;
    description?: ReactNode;
    error?: ReactNode;
    onChange?: (event: ChangeEvent<E>) => void;
  },
) {
  const { t } = useTranslation();
  const controlled = props.value !== undefined && props.value !== null;
  const [typed, setTyped] = useState(() => String(props.defaultValue ?? '').length);
  const length = controlled ? String(props.value).length : typed;
  const max = props.maxLength !== undefined && props.maxLength > 0 ? props.maxLength : undefined;
  const count = props.counted && max !== undefined ? `${formatNumber(length)}/${formatNumber(max)}` : null;
  const note =
    max !== undefined && length === max && !count ? (
      <span role="status" aria-live="polite">
        {t('common:field.upTo', { count: max, formatted: formatNumber(max) })}
      </span>
    ) : null;
  const extra = note ?? count;
  const description =
    extra && props.description ? (
      <>
        {props.description} {extra}
      </>
    ) : (
      (extra ?? props.description)
    );
  const over = max !== undefined && length > max;
  // Past the limit the rule's message stands, also once a refused submit gives the field the same
  // rule as its error (the form's machine holds it bare, as the server's 422 does): it keeps the
  // field's name it had while typing.
  const error = over ? (
    <span role="status" aria-live="polite">
      {props.tooLong
        ? translateMessage(props.tooLong)
        : typeof props.label === 'string'
          ? t('common:serverMessage.namedRule', {
              field: props.label,
              rule: translateMessage(INPUT_MESSAGES.tooLong(max)),
            })
          : translateMessage(INPUT_MESSAGES.tooLong(max))}
    </span>
  ) : (
    props.error
  );
  const onChange = (event: ChangeEvent<E>) => {
    if (!controlled) setTyped(event.currentTarget.value.length);
    props.onChange?.(event);
  };
  return { description, error, onChange, maxLength: undefined };
}

export const TextInput = forwardRef<HTMLInputElement, TextInputProps & Omit<LimitProps, 'counted'>>(
  function TextInput({ tooLong, ...props }, ref) {
    const limit = useLimitNote({ ...props, tooLong });
    return <MantineTextInput ref={ref} {...props} {...limit} />;
  },
);

/** A multi-line field counts what is typed against its limit ('120/500') unless told not to. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps & LimitProps>(function Textarea(
  { tooLong, counted = true, ...props },
  ref,
) {
  const limit = useLimitNote({ ...props, tooLong, counted });
  return <MantineTextarea ref={ref} {...props} {...limit} />;
});
