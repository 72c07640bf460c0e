import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/i18n';
import { adminTeacher, sampleOverview } from '../../msw/handlers/admin';
import { server } from '../../msw/server';
import { renderRoute } from '../render';

// Both screens are the administrator's; recharts is a lazy chunk of /admin: load it once so the
// charts appear within a query's wait.
beforeAll(async () => {
  await import('../../../src/features/admin/OverviewCharts');
});
beforeEach(() => {
  localStorage.setItem('auth_token', 'admin-token');
  localStorage.setItem('role_id', '4');
});

/** The administrator's teacher list read in Bengali: texts, counts with Bengali digits, the pager. */
describe('/Admin_Teacher in Bengali', () => {
  it('shows the list, its count and the pager in Bengali', async () => {
    await setLanguage('bn', { chosen: false });
    renderRoute('/Admin_Teacher');
    expect(await screen.findByText('মোট: ২৩ জন শিক্ষক', {}, { timeout: 10000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'শিক্ষক' })).toBeInTheDocument();
    expect(screen.getByText('আমার অ্যাকাউন্ট')).toBeInTheDocument();
    expect(screen.getByLabelText('শিক্ষক খুঁজুন')).toBeInTheDocument();
    expect(screen.getByText('২৩ জন শিক্ষকের মধ্যে ১ থেকে ১০ দেখানো হচ্ছে')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'পাতা' });
    expect(within(pages).getByRole('button', { name: 'পাতা ২' })).toHaveTextContent('২');
    expect(within(pages).getByRole('button', { name: 'আগের পাতা' })).toBeDisabled();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(within(screen.getAllByRole('article')[0]).getByText(/পদার্থবিদ্যা/)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'অ্যাডমিন' })).toBeInTheDocument();
  });
});

/** The overview's charts read in Bengali: captions, categories and figures (their data tables). */
describe('/admin overview charts in Bengali', () => {
  it('names the modes, hours, groups, industries and outcomes in Bengali, with Bengali digits', async () => {
    // Seeded subjects and the bar of subjects not yet approved in Bengali; a subject added later as named.
    const searched = [
      { subject: 'Physics', count: 30 },
      { subject: 'Mathematics', count: 22 },
      { subject: 'Robotics', count: 4 },
      { subject: 'Other', count: 3 },
    ];
    server.use(
      http.get('*/api/v1/admin/overview', () =>
        HttpResponse.json({
          status: 'success',
          data: { ...sampleOverview, teaching: { ...sampleOverview.teaching, searched_subjects: searched } },
        }),
      ),
    );
    await setLanguage('bn', { chosen: false });
    renderRoute('/admin');
    const modes = await screen.findByRole('table', { name: 'অফলাইন বনাম অনলাইন ক্লাস' }, { timeout: 15000 });
    expect(
      within(modes)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['পড়ানোর ধরনঅনুরোধ', 'অনলাইন৪৫', 'অফলাইন৩৫', 'দুটোই২০']);
    const busy = screen.getByRole('table', { name: 'ব্যস্ত সময়' });
    expect(
      within(busy)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['সময়', 'স্কুলের ছাত্রছাত্রী', 'কলেজের ছাত্রছাত্রী', 'চাকরিজীবী']);
    expect(within(busy).getByRole('row', { name: /বিকেল ৪টা–রাত ৮টা/ })).toHaveTextContent('বিকেল ৪টা–রাত ৮টা১৫৯৭');
    const industries = screen.getByRole('table', { name: 'শিল্প অনুযায়ী চাকরির বিজ্ঞপ্তি' });
    expect(within(industries).getByRole('row', { name: /^স্কুল/ })).toHaveTextContent('স্কুল২');
    const hiring = screen.getByRole('table', { name: 'নিয়োগের অনুপাত' });
    expect(
      within(hiring)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['ফলাফলআবেদন', 'নিযুক্ত২', 'নির্বাচিত হননি৩', 'প্রক্রিয়াধীন৪']);
    const subjects = screen.getByRole('table', { name: 'সবচেয়ে বেশি খোঁজা বিষয়' });
    expect(
      within(subjects)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['বিষয়অনুরোধ', 'পদার্থবিদ্যা৩০', 'গণিত২২', 'Robotics৪', 'অন্যান্য৩']);
  });
});

/** A teacher's activity log names what happened in Bengali (the server's action names stay on the wire). */
describe('/Admin_Teacher/:id activity in Bengali', () => {
  it('shows each action in Bengali, with a rejection reason as written, the new status of a request in Bengali and no stored identifiers', async () => {
    const entry = (id: number, action: string, details: string | null) => ({
      id,
      action,
      actor_type: 'admin',
      details,
      created_at: '2025-03-12T09:30:00.000Z',
    });
    server.use(
      http.get('*/api/v1/admin/teachers/:id', ({ params }) =>
        HttpResponse.json({
          status: 'success',
          data: {
            teacher: adminTeacher(Number(params.id), { name: 'Amitava Majumdar' }),
            requests: [],
            activity: [
              entry(9, 'teacher_rejected', JSON.stringify({ reason: 'ছবি ঝাপসা' })),
              entry(8, 'user_signed_in', null),
              entry(7, 'request_status_changed', JSON.stringify({ from: 'request_send', to: 'accepted' })),
              entry(
                6,
                'request_sent',
                JSON.stringify({ parent_request_id: 4, teacher_id: 12, student_id: 3 }),
              ),
              entry(5, 'teacher_registered', JSON.stringify({ name: 'Amitava Majumdar' })),
            ],
          },
        }),
      ),
    );
    await setLanguage('bn', { chosen: false });
    renderRoute('/Admin_Teacher/12');
    const activity = await screen.findByRole('region', { name: 'কার্যকলাপ' }, { timeout: 10000 });
    expect(
      within(activity)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual([
      'শিক্ষকের নথি নামঞ্জুর হয়েছে: ছবি ঝাপসা',
      'লগ ইন করেছেন',
      'অনুরোধের অবস্থা বদলেছে: গৃহীত',
      'অনুরোধ পাঠানো হয়েছে',
      'শিক্ষক হিসেবে নাম লিখিয়েছেন: Amitava Majumdar',
    ]);
  });
});
