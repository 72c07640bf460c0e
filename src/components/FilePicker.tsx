import { Button, Group, Image, Input, Modal, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { contentTypeOf, SIGNATURE_BYTES } from '../../contract/rules/files';
import './FilePicker.css';
import { useMessage, useTranslation } from '../i18n';

/** What a picked file looks like to a machine (machines/common/files.ts PickedFile). */
export interface PickedFileLike {
  name: string;
  size: number;
  type: string;
  blob: unknown;
}

/**
 * The browser's File as the machines carry it. Its type is what its first bytes say (JPEG, PNG, PDF
 * or 'application/octet-stream'), read the way the server reads an upload, never the name or the
 * browser's guess from it: a text file renamed '.png' is refused when picked, with the rule's message.
 */
export async function toPickedFile(file: File): Promise<PickedFileLike> {
  let head = new Uint8Array();
  try {
    head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  } catch {
    // Unreadable (removed from the device meanwhile): judged as no known type.
  }
  return { name: file.name, size: file.size, type: contentTypeOf(head), blob: file };
}

/**
 * A file input drawn as a button in the person's language: the browser words its own button and its
 * 'No file chosen' in the browser's language, and the latter would contradict 'File selected: ...'
 * (the form holds the file; the input is emptied, so the same file can be picked again). The input
 * stays the control (focus, keyboard, its label): the button beside it only shows it.
 */
export function FileChooser({
  id,
  accept,
  invalid,
  describedBy,
  onFile,
}: {
  id: string;
  accept: string;
  invalid: boolean;
  describedBy?: string;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const { t } = useTranslation();
  return (
    <div className="file-picker-control">
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className="file-picker-input"
        onChange={(e) => {
          const picked = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (picked) onFile(picked);
        }}
      />
      <span aria-hidden="true" className="file-picker-button" onClick={() => input.current?.click()}>
        {t('common:file.choose')}
      </span>
    </div>
  );
}

/**
 * A labelled file input with 'File selected: {filename}', Preview (images, in a dialog) and Delete.
 * The machine decides whether a file is accepted: this only reports picks and shows what is held (a
 * held file with an error, refused, reads 'Not attached: {filename}').
 */
export function FilePicker({
  label,
  accept,
  file,
  error,
  hint,
  description,
  required,
  onPick,
  onRemove,
  field,
  selectedText,
  onFileLabel,
}: {
  label: string;
  accept: string;
  file: PickedFileLike | null;
  error?: string;
  hint?: string;
  description?: string;
  required?: boolean;
  onPick: (file: PickedFileLike) => void;
  onRemove: () => void;
  /** data-field for scrolling to the first error. */
  field: string;
  selectedText?: (name: string) => string;
  /** Shown when nothing is picked but a file is already on file (updates). */
  onFileLabel?: string | null;
}) {
  const id = useId();
  const { t } = useTranslation();
  const m = useMessage();
  const [previewOpen, setPreviewOpen] = useState(false);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const isImage = Boolean(file && file.blob instanceof Blob && file.type.startsWith('image/'));

  useEffect(() => {
    if (!file || !(file.blob instanceof Blob) || !file.type.startsWith('image/')) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file.blob);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ htmlFor: id }}
      description={description}
      error={m(error) || undefined}
      required={required}
      data-field={field}
    >
      <FileChooser
        id={id}
        accept={accept}
        invalid={Boolean(error)}
        onFile={(picked) => void toPickedFile(picked).then(onPick)}
      />
      {hint ? (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      ) : null}
      {file ? (
        <Group gap="xs" mt="xs" wrap="wrap">
          {error ? (
            <Text size="sm" c="red.8" style={{ wordBreak: 'break-all' }}>
              {t('common:file.notAttached', { name: file.name })}
            </Text>
          ) : (
            <Text size="sm" c="green.8" style={{ wordBreak: 'break-all' }}>
              {selectedText ? selectedText(file.name) : t('common:file.selected', { name: file.name })}
            </Text>
          )}
          {isImage && !error ? (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => setPreviewOpen(true)}
              aria-label={t('common:file.previewLabel', { label })}
            >
              {t('common:file.preview')}
            </Button>
          ) : null}
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            onClick={onRemove}
            aria-label={t('common:file.deleteLabel', { label })}
          >
            {t('common:file.delete')}
          </Button>
        </Group>
      ) : onFileLabel ? (
        <Text size="sm" c="dimmed" mt="xs">
          {onFileLabel}
        </Text>
      ) : null}
      <Modal
        opened={previewOpen && Boolean(previewUrl)}
        onClose={() => setPreviewOpen(false)}
        title={label}
        centered
      >
        {previewUrl ? (
          <Image src={previewUrl} alt={t('common:file.previewAlt', { label })} fit="contain" mah="70vh" />
        ) : null}
      </Modal>
    </Input.Wrapper>
  );
}
