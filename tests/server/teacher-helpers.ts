import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { call, signUpAndIn } from './helper';

export const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));

export interface FilePart {
  filename: string;
  data: Buffer;
  type?: string;
}

/** A multipart body with the given (bracketed) names, as browsers send it. */
export function multipart(parts: Array<[string, string | FilePart]>) {
  const boundary = `----teacher${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const personalFields = (overrides: Record<string, string> = {}): Array<[string, string]> =>
  Object.entries({
    name: 'Anita Sen',
    mobile_number: '9876543210',
    whatsapp_number: '9876543210',
    gender: 'female',
    date_of_birth: '15/08/1990',
    address: '12 Park Street, Kolkata 700016',
    latitude: '22.572645',
    longitude: '88.363892',
    is_active: 'true',
    ...overrides,
  }).map(([k, v]) => [`teacher[${k}]`, v]);

export const photoParts = (): Array<[string, FilePart]> => [
  ['teacher[aadhar_photo]', { filename: 'aadhar.jpg', data: fixture('aadhar.jpg'), type: 'image/jpeg' }],
  ['teacher[profile_photo]', { filename: 'photo.png', data: fixture('photo.png'), type: 'image/png' }],
];

/** Signs up a teacher user and creates their teacher record. */
export async function createTeacher(app: FastifyInstance, overrides: Record<string, string> = {}) {
  const user = await signUpAndIn(app, 1);
  const body = multipart([...personalFields(overrides), ...photoParts()]);
  const res = await call(app, { method: 'POST', url: '/api/v1/teachers', token: user.token, ...body });
  if (res.statusCode !== 201) throw new Error(`create teacher failed: ${res.statusCode} ${res.body}`);
  return { ...user, teacherId: res.body_.data.id as number, record: res.body_.data };
}

/** An administrator with a live session (the one fixture for it). */
export { adminToken } from './fixtures/students';

export const preferenceParts = (overrides: Array<[string, string | FilePart]> = []) => {
  const base: Array<[string, string | FilePart]> = [
    ['teacher_preference[subject_ids][]', '1'],
    ['teacher_preference[subject_ids][]', '2'],
    ['teacher_preference[prior_experience]', '2'],
    ['teacher_preference[teaching_radius_km]', '10'],
    ['teacher_preference[teaching_mode]', 'offline'],
    ['teacher_preference[preferred_teaching_type]', 'individual'],
    ['teacher_preference[preferred_medium][]', 'English'],
    ['teacher_preference[preferred_medium][]', 'bengali'],
    ['teacher_preference[teaching_school]', 'false'],
    ['teacher_preference[special_need_children]', 'true'],
    ['teacher_preference[special_attention_children]', 'false'],
    ['teacher_preference[mark_sheet]', { filename: 'marksheet.png', data: fixture('marksheet.png') }],
    [
      'teacher_preference[highest_qualification_certificate]',
      { filename: 'certificate.jpg', data: fixture('certificate.jpg') },
    ],
    ['teacher_preference[resume]', { filename: 'resume.pdf', data: fixture('resume.pdf') }],
  ];
  const names = new Set(overrides.map(([n]) => n));
  return [...base.filter(([n]) => !names.has(n)), ...overrides.filter(([, v]) => v !== '__omit__')];
};
