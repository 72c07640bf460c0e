import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, IMAGE_TYPES } from '../constants';

/**
 * File checks shared by client and server. The client knows a picked file's name, size and browser
 * type; the server knows the bytes, so it passes the type it read from the content signature (D7).
 */
export interface FileFacts {
  name: string;
  size: number;
  /** MIME type: the browser's guess on the client, the content signature's on the server. */
  type: string;
}

export type SniffedType = 'image/jpeg' | 'image/png' | 'application/pdf';

/** The type a file's first bytes say it is (JPEG, PNG or PDF), or null. */
export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** How many first bytes are enough to tell the types above apart. */
export const SIGNATURE_BYTES = 16;

/**
 * The type the shared rules judge a file by: what its first bytes say, or 'application/octet-stream'
 * when they match none of JPEG, PNG and PDF. The server reads it from the upload; the browser from the
 * picked file, before anything is sent, so a renamed text file is refused at pick time in both.
 */
export const contentTypeOf = (head: Uint8Array): string => sniffFileType(head) ?? 'application/octet-stream';

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

export const FILE_MESSAGES = {
  imageTooLarge: 'File size must be less than 500KB',
  pdfOnly: 'Please upload PDF files only',
} as const;

/** An image must be JPG/JPEG/PNG (by type; by extension when the browser gives no type) and under 500KB. */
export function imageFileError(file: FileFacts, typeMessage: string): string | undefined {
  const typeOk = file.type
    ? (IMAGE_TYPES as readonly string[]).includes(file.type)
    : (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  if (!typeOk) return typeMessage;
  if (file.size > IMAGE_MAX_BYTES) return FILE_MESSAGES.imageTooLarge;
  return undefined;
}

export function isOversizedImage(file: FileFacts): boolean {
  return file.size > IMAGE_MAX_BYTES;
}

/** A resume must be a PDF. */
export function pdfFileError(file: FileFacts, maxBytes: number, tooLarge: string): string | undefined {
  const typeOk = file.type ? file.type === 'application/pdf' : extensionOf(file.name) === 'pdf';
  if (!typeOk) return FILE_MESSAGES.pdfOnly;
  if (file.size > maxBytes) return tooLarge;
  return undefined;
}

/** The documents an administrator reviews and approval needs (D13): the Aadhar photo (the teacher's step 1), the mark sheet and the certificate (step 3). */
export const REVIEWED_DOCUMENTS = [
  'aadhar_photo',
  'mark_sheet',
  'highest_qualification_certificate',
] as const;
export type ReviewedDocument = (typeof REVIEWED_DOCUMENTS)[number];

/** A teacher's documents as the API answers them, in the teacher's own record and in the administrator's file alike. */
export interface DocumentsOnFile {
  aadhar_photo?: string | null;
  teacher_preference?: {
    mark_sheet: unknown | null;
    highest_qualification_certificate: unknown | null;
  } | null;
}

/** Which reviewed documents are not on file (none: the teacher can be approved). */
export function missingDocuments(record: DocumentsOnFile | null | undefined): ReviewedDocument[] {
  const onFile: Record<ReviewedDocument, boolean> = {
    aadhar_photo: Boolean(record?.aadhar_photo),
    mark_sheet: Boolean(record?.teacher_preference?.mark_sheet),
    highest_qualification_certificate: Boolean(record?.teacher_preference?.highest_qualification_certificate),
  };
  return REVIEWED_DOCUMENTS.filter((d) => !onFile[d]);
}
