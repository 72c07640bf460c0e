import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { POSTING_MESSAGES } from '../../../contract/rules/job-postings';
import { SAMPLE_MY_APPLICATIONS } from '../../../machines/samples';
import { setLanguage } from '../../../src/i18n';
import { samplePosting } from '../../msw/handlers/jobs';
import { server } from '../../msw/server';
import { renderRoute } from '../render';

/** Withdrawing an application from 'My applications', and what the posting page says afterwards. */
const [inProgress, decided] = SAMPLE_MY_APPLICATIONS;
const withdrawnAt = '2025-03-06T10:00:00.000Z';
const withdrawn = {
  ...inProgress,
  status: 'withdrawn',
  history: [...inProgress.history, { status: 'withdrawn', note: null, created_at: withdrawnAt }],
};

/** GET answers `lists` in turn (the last one again after that); POST withdraw answers `answer`. */
function serve(lists: unknown[][], answer: () => Response) {
  const calls: string[] = [];
  let reads = 0;
  server.use(
    http.get('*/api/v1/job_applications', () =>
      HttpResponse.json({ status: 'success', data: lists[Math.min(reads++, lists.length - 1)] }),
    ),
    http.post('*/api/v1/job_applications/:id/withdraw', ({ params }) => {
      calls.push(String(params.id));
      return answer();
    }),
  );
  return calls;
}

const user = userEvent.setup();
const item = (title: string) => screen.getByRole('listitem', { name: title });

afterEach(() => setLanguage('en', { chosen: false }));

describe('/myapplications: withdrawing', () => {
  it('asks first, says what follows, then shows the application withdrawn in its history', async () => {
    const calls = serve([SAMPLE_MY_APPLICATIONS, [withdrawn, decided]], () =>
      HttpResponse.json({ status: 'success', data: { ...withdrawn, job_seeker_id: 3, resume_url: '/x' } }),
    );
    renderRoute('/myapplications');
    await screen.findByRole('listitem', { name: 'Maths Tutor' }, { timeout: 10000 });
    // A decided application offers no withdrawal.
    expect(within(item('Physics Teacher')).queryByRole('button', { name: /^Withdraw/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Withdraw application for Maths Tutor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this application?' });
    expect(dialog).toHaveTextContent(
      'Your application for Maths Tutor at Hindu School will be withdrawn: the hiring team will no longer consider it, and this cannot be undone. You can apply again while the job posting is open.',
    );
    // Keep: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Keep application' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Withdraw application for Maths Tutor' }));
    const again = await screen.findByRole('dialog', { name: 'Withdraw this application?' });
    await user.click(within(again).getByRole('button', { name: 'Withdraw application' }));
    await waitFor(() =>
      expect(
        within(item('Maths Tutor')).getByText('Withdrawn', { selector: '.mantine-Badge-label' }),
      ).toBeInTheDocument(),
    );
    expect(calls).toEqual(['22']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(item('Maths Tutor')).queryByRole('button', { name: /^Withdraw/ })).toBeNull();
    const history = within(screen.getByRole('list', { name: 'History of Maths Tutor' })).getAllByRole(
      'listitem',
    );
    expect(history.map((h) => h.textContent?.split(',')[0])).toEqual(['Applied', 'Withdrawn']);
  });

  it('decided meanwhile (409): the list is read again and says why, in the server’s words', async () => {
    const notSelected = { ...inProgress, status: 'not_selected' };
    serve([SAMPLE_MY_APPLICATIONS, [notSelected, decided]], () =>
      HttpResponse.json(
        {
          error: 'conflict',
          message: POSTING_MESSAGES.withdrawDecided,
          message_key: 'postings.withdrawDecided',
        },
        { status: 409 },
      ),
    );
    renderRoute('/myapplications');
    await user.click(
      await screen.findByRole('button', { name: 'Withdraw application for Maths Tutor' }, { timeout: 10000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw application' }));
    expect(await screen.findByRole('status')).toHaveTextContent(POSTING_MESSAGES.withdrawDecided);
    expect(
      within(item('Maths Tutor')).getByText('Not selected', { selector: '.mantine-Badge-label' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('any other failure stays in the dialog, to try again or keep the application', async () => {
    let fail = true;
    const calls = serve([SAMPLE_MY_APPLICATIONS, [withdrawn, decided]], () =>
      fail
        ? HttpResponse.json({ message: 'Something went wrong' }, { status: 500 })
        : HttpResponse.json({
            status: 'success',
            data: { ...withdrawn, job_seeker_id: 3, resume_url: '/x' },
          }),
    );
    renderRoute('/myapplications');
    await user.click(
      await screen.findByRole('button', { name: 'Withdraw application for Maths Tutor' }, { timeout: 10000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw application' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong');
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw application' }));
    await waitFor(() =>
      expect(
        within(item('Maths Tutor')).getByText('Withdrawn', { selector: '.mantine-Badge-label' }),
      ).toBeInTheDocument(),
    );
    expect(calls).toEqual(['22', '22']);
  });

  it('in Bengali: the button, the dialog and the refusal', async () => {
    await setLanguage('bn', { chosen: false });
    serve([SAMPLE_MY_APPLICATIONS], () =>
      HttpResponse.json({ error: 'conflict', message: POSTING_MESSAGES.withdrawDecided }, { status: 409 }),
    );
    renderRoute('/myapplications');
    await user.click(
      await screen.findByRole('button', { name: 'Maths Tutor-এর আবেদন প্রত্যাহার করুন' }, { timeout: 10000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'আবেদনটি প্রত্যাহার করবেন?' });
    await user.click(within(dialog).getByRole('button', { name: 'আবেদন প্রত্যাহার করুন' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'এই আবেদনের বিষয়ে সিদ্ধান্ত হয়ে গেছে, তাই এটি আর প্রত্যাহার করা যাবে না',
    );
  });
});

describe('/jobs/{id} after withdrawing', () => {
  it('says the application was withdrawn and offers to apply again while the posting is open', async () => {
    server.use(
      http.get('*/api/v1/job_postings/:id', () =>
        HttpResponse.json({
          status: 'success',
          data: samplePosting({ my_application: { id: 21, status: 'withdrawn' } }),
        }),
      ),
    );
    renderRoute('/jobs/11');
    const status = await screen.findByRole('status', {}, { timeout: 10000 });
    expect(status).toHaveTextContent('You withdrew your application');
    expect(within(status).getByText('Withdrawn', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply again' }));
    expect(await screen.findByLabelText('Cover note (optional)')).toBeInTheDocument();
  });
});
