import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { drafts } from '../../../src/lib/drafts';
import { server } from '../../msw/server';
import { fill } from '../fill';
import { renderRoute } from '../render';

const realPdf = () =>
  new File(['%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n'], 'resume.pdf', { type: 'application/pdf' });
const fakePdf = () =>
  new File(['PK\u0003\u0004 not really a pdf'], 'resume.pdf', { type: 'application/pdf' });
const wordFile = () =>
  new File(['PK\u0003\u0004'], 'resume.docx', {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  });

const hired = {
  id: 1,
  kind: 'application_hired',
  title: 'Hired',
  body: 'Congratulations: you got the job Physics Teacher at Hindu School.',
  params: { posting: 'Physics Teacher', organisation: 'Hindu School' },
  link: '/myapplications',
  request_id: null,
  read_at: null,
  created_at: '2025-03-05T10:00:00.000Z',
};

function signInAsJobSeeker() {
  localStorage.setItem('auth_token', 'header.eyJzdWIiOjN9.sig');
  localStorage.setItem('user_id', '3');
  localStorage.setItem('role_id', '3');
}

// The file input's `accept` would hide wrong files in a real picker; a user can still choose "All files".
const setup = () => userEvent.setup({ applyAccept: false });

async function fillText(user: ReturnType<typeof setup>) {
  await user.selectOptions(await screen.findByLabelText(/^highest qualification/i), 'Doctorate (Ph.D.)');
  await fill(user, screen.getByLabelText(/^school name/i), 'Hindu School');
  await user.type(screen.getByLabelText(/^year of passing/i), '2015');
}

describe('/jobdetails2 (job seeker education)', () => {
  it('labels every field and lists qualifications from no formal education to doctorate', async () => {
    renderRoute('/jobdetails2');
    expect(await screen.findByRole('heading', { name: 'Educational details' })).toBeInTheDocument();
    const qualification = screen.getByLabelText(/^highest qualification/i);
    const options = [...(qualification as HTMLSelectElement).options].map((o) => o.text);
    expect(options[1]).toBe('No formal education');
    expect(options.at(-1)).toBe('Doctorate (Ph.D.)');
    for (const label of [/^school name/i, /^year of passing/i, /^resume \(pdf\)/i])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
  });

  it('asks for every field, the resume with the documented wording', async () => {
    const user = setup();
    const { current } = renderRoute('/jobdetails2');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    for (const message of [
      'Qualification is required',
      'School name is required',
      'Year of passing is required',
      'Please upload your latest resume',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(current()).toBe('/jobdetails2');
    // The first field to fix is scrolled to and focused.
    await waitFor(() => expect(screen.getByLabelText(/^highest qualification/i)).toHaveFocus());
  });

  it('says at once that a Word file is not accepted', async () => {
    const user = setup();
    renderRoute('/jobdetails2');
    await user.upload(await screen.findByLabelText(/^resume/i), wordFile());
    expect(screen.getByText('Please upload PDF files only')).toBeInTheDocument();
    // Held with its refusal, never shown as attached.
    expect(screen.getByText('Not attached: resume.docx')).toBeInTheDocument();
    expect(screen.queryByText(/File selected/)).toBeNull();
    expect(screen.getByLabelText(/^resume/i)).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a file named .pdf whose content is not a PDF', async () => {
    const user = setup();
    const { current } = renderRoute('/jobdetails2');
    await fillText(user);
    await user.upload(screen.getByLabelText(/^resume/i), fakePdf());
    expect(screen.getByText('File selected: resume.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please upload PDF files only')).toBeInTheDocument();
    expect(current()).toBe('/jobdetails2');
    await waitFor(() => expect(screen.getByLabelText(/^resume/i)).toHaveFocus());
  });

  it('refuses a year of passing more than 4 years ahead', async () => {
    const user = setup();
    renderRoute('/jobdetails2');
    const latest = new Date().getFullYear() + 4;
    await user.type(await screen.findByLabelText(/^year of passing/i), String(latest + 1));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText(`Year of passing cannot be more than 4 years in the future (latest ${latest})`),
    ).toBeInTheDocument();
  });

  it('Back returns to /jobdetails1 and keeps what was typed (not the file)', async () => {
    const user = setup();
    const first = renderRoute('/jobdetails2');
    await fillText(user);
    await user.upload(screen.getByLabelText(/^resume/i), realPdf());
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Personal details' })).toBeInTheDocument();
    expect(first.current()).toBe('/jobdetails1');
    expect(drafts.load('jobdetails2', null)).toEqual({
      qualification: '8',
      school_name: 'Hindu School',
      year_of_passing: '2015',
    });
    first.unmount();

    renderRoute('/jobdetails2');
    expect(await screen.findByLabelText(/^school name/i)).toHaveValue('Hindu School');
    expect(screen.getByLabelText(/^year of passing/i)).toHaveValue('2015');
    expect(screen.getByLabelText(/^highest qualification/i)).toHaveValue('8');
    expect(screen.queryByText(/File selected/)).not.toBeInTheDocument();
  });

  it('saves the education with a real PDF and goes on to the job list', async () => {
    const user = setup();
    localStorage.setItem('job_seeker_id', '3');
    const { current } = renderRoute('/jobdetails2');
    await fillText(user);
    await user.upload(screen.getByLabelText(/^resume/i), realPdf());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Job opportunities' })).toBeInTheDocument();
    await waitFor(() => expect(current()).toBe('/joblist'));
  });
});

describe('/joblist', () => {
  it('lists the open postings from the server with filters and a way to my applications', async () => {
    signInAsJobSeeker();
    renderRoute('/joblist');
    expect(await screen.findByRole('heading', { name: 'Job opportunities' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Physics Teacher' })).toHaveAttribute('href', '/jobs/11');
    expect(screen.getByRole('status')).toHaveTextContent('1 job opening');
    for (const name of ['Industry', 'District', 'Employment type'])
      expect(screen.getByRole('combobox', { name })).toHaveValue('');
    const nav = screen.getByRole('navigation', { name: 'Your pages' });
    expect(within(nav).getByRole('link', { name: 'Jobs' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'My applications' })).toHaveAttribute(
      'href',
      '/myapplications',
    );
    expect(screen.getByRole('link', { name: 'Edit my details' })).toHaveAttribute('href', '/jobdetails1');
  });

  it('has the notifications bell of every role: a news about an application opens my applications', async () => {
    signInAsJobSeeker();
    server.use(
      http.get('*/api/v1/notifications', () =>
        HttpResponse.json({
          status: 'success',
          data: [hired],
          unread_count: 1,
          total: 1,
          pagination: { next: null, prev: null },
        }),
      ),
      http.patch('*/api/v1/notifications/:id/read', () =>
        HttpResponse.json({ status: 'success', data: { ...hired, read_at: '2025-03-06T10:00:00.000Z' } }),
      ),
    );
    const user = setup();
    const { current } = renderRoute('/joblist');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(panel).getByText(/you got the job Physics Teacher at Hindu School/));
    await waitFor(() => expect(current()).toBe('/myapplications'));
    expect(await screen.findByRole('heading', { name: 'My applications' })).toBeInTheDocument();
    // The bell is where notifications are read: the page lists the applications only.
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(screen.getByRole('button', { name: /^Notifications/ })).toBeInTheDocument();
  });
});
