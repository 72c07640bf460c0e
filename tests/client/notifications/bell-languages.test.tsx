import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotificationBell } from '../../../src/components/NotificationBell';
import { setLanguage } from '../../../src/i18n';
import { server } from '../../msw/server';
import { renderPage } from '../teacher/model-view';

const note = (id: number, over: Record<string, unknown>) => ({
  id,
  link: '/requests',
  request_id: 21,
  read_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

const ENGLISH =
  'Anil Das declined your request for Physics and Chemistry. Reason: My schedule is full right now';

/** What the server sends: the English text, and for newer rows the kind's parameters. */
const PAGE = {
  status: 'success',
  data: [
    note(3, {
      kind: 'request_declined',
      title: 'Request declined',
      body: ENGLISH,
      params: {
        teacher: 'Anil Das',
        subjects: ['Physics', 'Chemistry'],
        reason_key: 'schedule_full',
        reason: null,
      },
    }),
    note(2, {
      kind: 'request_declined',
      title: 'Request declined',
      body: 'Bina Roy declined your request for Maths. Reason: Moving to Delhi',
      params: { teacher: 'Bina Roy', subjects: ['Maths'], reason_key: 'other', reason: 'Moving to Delhi' },
    }),
    // An older row, recorded before parameters were kept: its English text as stored.
    note(1, { kind: 'request_accepted', title: 'Request accepted', body: 'Old English text.', params: null }),
  ],
  unread_count: 3,
  total: 3,
  pagination: { next: null, prev: null },
};

const renderBell = () => renderPage(<NotificationBell />, '/requests');

beforeEach(() => {
  localStorage.setItem('auth_token', 'student-token');
  server.use(http.get('*/api/v1/notifications', () => HttpResponse.json(PAGE)));
});
afterEach(() => setLanguage('en', { chosen: false }));

describe('the bell in the reader’s language', () => {
  it('renders notifications in Bengali from their kind: names as typed, a preset reason translated', async () => {
    await setLanguage('bn', { chosen: false });
    const u = userEvent.setup();
    renderBell();
    await u.click(await screen.findByRole('button', { name: 'বিজ্ঞপ্তি, ৩টি পড়া হয়নি' }));
    const panel = screen.getByRole('dialog', { name: 'বিজ্ঞপ্তি' });
    const items = within(panel).getAllByRole('listitem');
    expect(items[0]).toHaveAccessibleName('অনুরোধ প্রত্যাখ্যাত');
    expect(items[0]).toHaveTextContent(
      'Anil Das পদার্থবিদ্যা এবং রসায়ন পড়ানোর জন্য আপনার অনুরোধ প্রত্যাখ্যান করেছেন। কারণ: এই মুহূর্তে আমার সময় নেই',
    );
    // The teacher's own words stay as typed.
    expect(items[1]).toHaveTextContent('কারণ: Moving to Delhi');
    expect(items[2]).toHaveTextContent('Old English text.');
  });

  it('switches with the language, without loading again (Hindi), and English is the stored text', async () => {
    const u = userEvent.setup();
    renderBell();
    await u.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const first = () => within(screen.getByRole('dialog')).getAllByRole('listitem')[0];
    expect(first()).toHaveTextContent(ENGLISH);
    await setLanguage('hi', { chosen: false });
    expect(
      await within(screen.getByRole('dialog')).findByText(
        'Anil Das ने भौतिक विज्ञान और रसायन विज्ञान के लिए आपका अनुरोध अस्वीकार कर दिया है। वजह: अभी मेरा समय पूरा भरा है',
      ),
    ).toBeInTheDocument();
    expect(first()).toHaveAccessibleName('अनुरोध अस्वीकार हुआ');
  });
});
