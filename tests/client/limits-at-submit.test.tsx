import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX } from '../../contract/api/common';
import { DEFAULT_SCHOOL_BOARD } from '../../contract/constants';
import { formatDigits, i18n, setLanguage } from '../../src/i18n';
import { type DraftName, drafts } from '../../src/lib/drafts';
import { samplePosting } from '../msw/handlers/jobs';
import { server } from '../msw/server';
import { fileOf } from './files';
import { fill } from './fill';
import { renderRoute } from './render';

/**
 * Every form refuses a text past what its route declares on submit, before any call, in the words the
 * server's 422 would use ('… must be at most 200 characters'), and focus goes to that field; the
 * text stays as typed. The other fields hold valid values (a draft, or what the screen loads), so
 * the length is what refuses. English and Bengali.
 */

const RULE: Record<string, (label: string, max: number) => string> = {
  en: (label, max) => `${label} must be at most ${max} characters`,
  // The limit in Bengali digits, as in the messages written out in full.
  bn: (label, max) => `${label}: সর্বোচ্চ ${formatDigits(max, 'bn')}টি অক্ষর হতে পারে`,
};

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field by its label in the current language (a required one's ends in ' *'). */
const labelled = (key: string) => new RegExp(`^${literally(i18n.t(key))}( \\*)?$`);

/** Calls that would change something (anything but a GET), counted while a test runs. */
let writes: string[] = [];
const countWrites = ({ request }: { request: Request }) => {
  if (request.method !== 'GET') writes.push(`${request.method} ${new URL(request.url).pathname}`);
};
beforeEach(() => {
  writes = [];
  server.events.on('request:start', countWrites);
});
afterEach(async () => {
  server.events.removeListener('request:start', countWrites);
  await setLanguage('en', { chosen: false });
});

function session(userId: number, roleId: number, extra: Record<string, string> = {}) {
  localStorage.setItem('auth_token', `header.${btoa(JSON.stringify({ sub: userId }))}.sig`);
  localStorage.setItem('user_id', String(userId));
  localStorage.setItem('role_id', String(roleId));
  for (const [key, value] of Object.entries(extra)) localStorage.setItem(key, value);
}

const draft = (name: DraftName, userId: number, values: unknown) => drafts.save(name, userId, values);

interface Form {
  name: string;
  path: string;
  /** Session, drafts and answers before the screen opens. */
  arrange: () => void;
  /** Anything to do once it is open (open the editor). */
  open?: (user: ReturnType<typeof userEvent.setup>) => Promise<void>;
  field: string;
  max: number;
  submit: string;
}

const FORMS: Form[] = [
  {
    name: "the student's name",
    path: '/studentdetails1',
    arrange: () => {
      session(42, 2);
      server.use(
        http.get('*/api/v1/users/:id', () =>
          HttpResponse.json({ status: 'success', data: { id: 42, user_role_id: 2 }, profile: null }),
        ),
      );
      draft('studentdetails1', 42, {
        name: 'Riya Sen',
        mobile_number: '9830012345',
        gender: 'female',
        date_of_birth: '2009-03-12',
        marital_status: 'single',
        address: '5 Park Street, Kolkata',
        guardian_number: '',
      });
    },
    field: 'student:personal.name',
    max: MAX.name,
    submit: 'student:next',
  },
  {
    name: "the student's profession (sent as additional_information)",
    path: '/studentdetails2',
    arrange: () => {
      session(42, 2, { student_id: '7' });
      draft('studentdetails2', 42, { education_type: 'Working', profession: 'Accountant' });
    },
    field: 'student:education.profession',
    max: MAX.name,
    submit: 'student:next',
  },
  {
    name: "the job seeker's address",
    path: '/jobdetails1',
    arrange: () => {
      session(3, 3);
      draft('jobdetails1', 3, {
        name: 'Rina Das',
        mobile_number: '9876543210',
        alternate_number: '',
        gender: 'female',
        date_of_birth: '1995-06-15',
        marital_status: 'single',
        address: '12 College Street, Kolkata',
      });
    },
    field: 'jobs:personal.address',
    max: MAX.address,
    submit: 'jobs:next',
  },
  {
    name: "the job seeker's school",
    path: '/jobdetails2',
    arrange: () => {
      session(3, 3, { job_seeker_id: '3' });
      draft('jobdetails2', 3, { qualification: '5', school_name: 'Hindu School', year_of_passing: '2015' });
    },
    open: async (user) => {
      const resume = await screen.findByLabelText(labelled('jobs:education.resume'), {}, { timeout: 10000 });
      await user.upload(resume, fileOf('cv.pdf', 'application/pdf'));
    },
    field: 'jobs:education.schoolName',
    max: MAX.name,
    submit: 'jobs:submit',
  },
  {
    name: "the teacher's college",
    path: '/educational_details_teacher',
    arrange: () => {
      session(3, 1, { teacher_id: '21' });
      draft('educational_details_teacher', 3, {
        values: {
          degree_id: '5',
          degree_name: '',
          subject_id: '1',
          school_name: 'Hindu School',
          school_education_board: DEFAULT_SCHOOL_BOARD,
          college_name: 'Presidency College',
          university_name: 'Rabindra Bharati University',
          year_of_passing: '2012',
        },
        universityFreeText: true,
      });
    },
    field: 'teacher:education.collegeName',
    max: MAX.name,
    submit: 'teacher:next',
  },
  {
    name: "a job posting's title",
    path: '/admin/jobs',
    arrange: () => {
      session(1, 4);
      server.use(
        http.get('*/api/v1/job_postings', () =>
          HttpResponse.json({
            status: 'success',
            data: [samplePosting({ id: 2, title: 'Teacher' })],
            total_count: 1,
            pagination: { next: null, prev: null },
          }),
        ),
      );
    },
    open: async (user) => {
      await user.click(
        await screen.findByRole(
          'button',
          { name: i18n.t('admin:jobs.editNamed', { title: 'Teacher' }) },
          { timeout: 10000 },
        ),
      );
    },
    field: 'admin:jobs.jobTitle',
    max: MAX.name,
    submit: 'admin:jobs.save',
  },
  {
    name: 'the e-mail address on the login',
    path: '/',
    arrange: () => {},
    open: async (user) => {
      await fill(
        user,
        await screen.findByLabelText(labelled('auth:fields.password'), {}, { timeout: 10000 }),
        'secret12',
      );
    },
    field: 'auth:fields.email',
    max: MAX.email,
    submit: 'auth:login.logIn',
  },
  {
    name: "the administrator's e-mail address",
    path: '/adminsignin',
    arrange: () => {},
    open: async (user) => {
      await fill(
        user,
        await screen.findByLabelText(labelled('auth:fields.password'), {}, { timeout: 10000 }),
        'secret12',
      );
    },
    field: 'auth:fields.email',
    max: MAX.email,
    submit: 'admin:signIn.login.submit',
  },
];

describe.each(['en', 'bn'] as const)(
  'a text past its limit is refused on submit, before any call (%s)',
  (language) => {
    it.each(FORMS.map((form) => [form.name, form] as const))('%s', async (_, form) => {
      form.arrange();
      await setLanguage(language, { chosen: false });
      const user = userEvent.setup();
      renderRoute(form.path);
      await form.open?.(user);
      const field = await screen.findByLabelText(labelled(form.field), {}, { timeout: 10000 });
      // An address that looks like one (the e-mail rules pass), one character too long.
      const long = form.field.endsWith('email')
        ? `${'a'.repeat(form.max - 8)}@site.in`.padStart(form.max + 1, 'a')
        : 'a'.repeat(form.max + 1);
      await fill(user, field, long);
      await user.click(screen.getByRole('button', { name: i18n.t(form.submit) }));
      await waitFor(() => expect(field).toHaveFocus());
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining(RULE[language](i18n.t(form.field), form.max)),
      );
      expect(field).toHaveValue(long);
      expect(writes).toEqual([]);
    });
  },
);
