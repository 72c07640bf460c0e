import { TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { asciiDigits, fromWireDate, toWireDate } from '../../contract/rules/common';
import { useTranslation } from '../i18n';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** Digits typed (in any of the product's scripts) -> 'DD/MM/YYYY' as far as they go (slashes inserted). */
export function maskDate(typed: string): string {
  const d = asciiDigits(typed).replace(/\D/g, '').slice(0, 8);
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4, 8)].filter(Boolean).join('/');
}

/** The form value as shown: YYYY-MM-DD as DD/MM/YYYY, anything else as it is. */
const shownDate = (v: string) => (ISO.test(v) ? toWireDate(v) : v);

/**
 * A date field that reads and writes DD/MM/YYYY, as every date is shown in the product, whatever
 * the browser's language (a native date input would show mm/dd/yyyy in an English browser). The
 * form value stays YYYY-MM-DD: `onChange` gets it once the date is complete and real, and what was
 * typed otherwise (the form's rules then report it as not a valid date).
 */
export function DateInput({
  label,
  value,
  onChange,
  error,
  description,
  required,
  autoComplete = 'bday',
  ...rest
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  /** A date of birth by default; 'off' for any other date (a closing date). */
  autoComplete?: string;
  id?: string;
  /** Ignored: a DD/MM/YYYY date is 10 characters. */
  maxLength?: number;
  'data-field'?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => shownDate(value));
  // A value set from outside (a saved draft, the record read back) replaces what is shown.
  useEffect(() => {
    setText((current) => ((fromWireDate(current) ?? current) === value ? current : shownDate(value)));
  }, [value]);
  return (
    <TextInput
      {...rest}
      label={label}
      required={required}
      error={error}
      description={description}
      placeholder={t('common:date.placeholder')}
      inputMode="numeric"
      autoComplete={autoComplete}
      maxLength={10}
      value={text}
      onChange={(e) => {
        const next = maskDate(e.currentTarget.value);
        setText(next);
        onChange(fromWireDate(next) ?? next);
      }}
    />
  );
}
