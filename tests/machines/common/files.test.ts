import { describe, expect, it } from 'vitest';
import { pickFile, removeFile } from '../../../machines/common/files';

const good = { name: 'cv.pdf', type: 'application/pdf', size: 2048, blob: null };
const older = { name: 'old.pdf', type: 'application/pdf', size: 1024, blob: null };
const word = { name: 'cv.docx', type: 'application/octet-stream', size: 2048, blob: null };
const pdfOnly = (f: { type: string }) => (f.type === 'application/pdf' ? undefined : 'PDF only');

describe('pickFile: a refused file held or dropped as the form says', () => {
  it('accepts a file the rule passes, clearing the field error', () => {
    expect(pickFile({ cv: older }, { cv: 'PDF only' }, 'cv', good, pdfOnly)).toEqual({
      files: { cv: good },
      errors: {},
    });
    expect(pickFile({ cv: null }, {}, 'cv', good, pdfOnly, { refused: 'hold' })).toEqual({
      files: { cv: good },
      errors: {},
    });
  });

  it('drops a refused file by default: the previous file stays, the message shows', () => {
    expect(pickFile({ cv: older }, {}, 'cv', word, pdfOnly)).toEqual({
      files: { cv: older },
      errors: { cv: 'PDF only' },
    });
  });

  it('holds a refused file with its message when told to (the picker shows it as not attached)', () => {
    const errors: Partial<Record<'cv' | 'other', string>> = { other: 'x' };
    expect(pickFile({ cv: older }, errors, 'cv', word, pdfOnly, { refused: 'hold' })).toEqual({
      files: { cv: word },
      errors: { other: 'x', cv: 'PDF only' },
    });
  });

  it('removing lets the file go and clears its error', () => {
    expect(removeFile({ cv: word }, { cv: 'PDF only' }, 'cv')).toEqual({ files: { cv: null }, errors: {} });
  });
});
