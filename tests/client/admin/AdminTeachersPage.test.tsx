import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../contract/rules/admin';
import { adminTeacher, listTeachers } from '../../msw/handlers/admin';
import { server } from '../../msw/server';
import { renderRoute } from '../render';

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Pages' }))
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((b) => Number(b.textContent));

async function open() {
  const view = renderRoute('/Admin_Teacher');
  await screen.findByText('Total: 23 teachers');
  return view;
}

describe('/Admin_Teacher', () => {
  beforeEach(() => {
    localStorage.setItem('auth_token', 'admin-token');
    localStorage.setItem('role_id', '4');
  });

  it('shows the header, the loading text, then the first page of cards', async () => {
    server.use(
      http.get('*/api/v1/teachers', async ({ request }) => {
        await delay(50);
        return HttpResponse.json(listTeachers(new URL(request.url)));
      }),
    );
    renderRoute('/Admin_Teacher');
    // The first render loads the page's lazy chunk (slow on a busy machine).
    expect(await screen.findByText(ADMIN_MESSAGES.listLoading, {}, { timeout: 10000 })).toBeInTheDocument();
    expect(await screen.findByText('Total: 23 teachers')).toBeInTheDocument();
    expect(screen.getByText('My Account')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Teachers' })).toBeInTheDocument();
    expect(screen.getByText('Manage all registered teachers in the system')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.getByText('Showing 1 to 10 of 23 teachers')).toBeInTheDocument();
    expect(pageButtons()).toEqual([1, 2, 3]);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('renders a card with its fallbacks and the verified mark', async () => {
    server.use(
      http.get('*/api/v1/teachers', () =>
        HttpResponse.json({
          status: 'success',
          data: [
            adminTeacher(1, { name: '', address: '', subjects: [], verified: false }),
            adminTeacher(2, { name: 'Rina Das', verified: true }),
          ],
          teacher_count: 2,
          pagination: { next: null, prev: null },
        }),
      ),
    );
    renderRoute('/Admin_Teacher');
    const unnamed = await screen.findByRole('article', { name: 'Unnamed Teacher' });
    expect(within(unnamed).getByText('U')).toBeInTheDocument();
    expect(within(unnamed).getByText('No address')).toBeInTheDocument();
    expect(within(unnamed).getByText('No subjects')).toBeInTheDocument();
    expect(within(unnamed).queryByLabelText('Verified teacher')).not.toBeInTheDocument();
    const rina = screen.getByRole('article', { name: 'Rina Das' });
    expect(within(rina).getByLabelText('Verified teacher')).toBeInTheDocument();
    expect(within(rina).getByText('9800000002 | teacher2@example.com')).toBeInTheDocument();
    expect(within(rina).getByText(/Offline · 3 years experience/)).toBeInTheDocument();
    expect(within(rina).getByText('Physics')).toBeInTheDocument();
  });

  it('pages with next, page numbers and a sliding window; rows per page resets to page 1', async () => {
    await open();
    const u = userEvent.setup();
    await u.selectOptions(screen.getByLabelText('Rows per page'), '3');
    await screen.findByText('Showing 1 to 3 of 23 teachers');
    expect(pageButtons()).toEqual([1, 2, 3, 4, 5]);
    await u.click(screen.getByRole('button', { name: 'Page 5' }));
    await screen.findByText('Showing 13 to 15 of 23 teachers');
    expect(pageButtons()).toEqual([3, 4, 5, 6, 7]);
    await u.click(screen.getByRole('button', { name: 'Page 7' }));
    await screen.findByText('Showing 19 to 21 of 23 teachers');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 22 to 23 of 23 teachers');
    expect(pageButtons()).toEqual([4, 5, 6, 7, 8]);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 8' })).toHaveAttribute('aria-current', 'page');
    await u.selectOptions(screen.getByLabelText('Rows per page'), '20');
    await screen.findByText('Showing 1 to 20 of 23 teachers');
    expect(pageButtons()).toEqual([1, 2]);
  });

  it('cycles the status filter on the server and searches as the admin types', async () => {
    await open();
    const u = userEvent.setup();
    const filter = screen.getByRole('button', { name: /Status filter/ });
    expect(filter).toHaveTextContent('All Teachers');
    await u.click(filter);
    expect(await screen.findByText('Total: 18 teachers')).toBeInTheDocument();
    expect(filter).toHaveTextContent('Active Teachers');
    await u.click(filter);
    expect(await screen.findByText('Total: 5 teachers')).toBeInTheDocument();
    expect(filter).toHaveTextContent('Inactive Teachers');
    await u.click(filter);
    await screen.findByText('Total: 23 teachers');
    await u.type(screen.getByLabelText('Search teachers'), 'teacher 1');
    expect(await screen.findByText('Total: 10 teachers')).toBeInTheDocument();
    await u.clear(screen.getByLabelText('Search teachers'));
    await u.type(screen.getByLabelText('Search teachers'), 'nobody{Enter}');
    expect(await screen.findByText(ADMIN_MESSAGES.listEmpty)).toBeInTheDocument();
    // Nothing to page: no range line and no pager.
    expect(screen.getByText('Total: 0 teachers')).toBeInTheDocument();
    expect(screen.queryByText(/^Showing /)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('shows the red error box for a non-success status and for a failed request', async () => {
    server.use(http.get('*/api/v1/teachers', () => HttpResponse.json({ status: 'error', data: [] })));
    const { unmount } = renderRoute('/Admin_Teacher');
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.listStatusFailed);
    unmount();
    server.use(http.get('*/api/v1/teachers', () => HttpResponse.error()));
    renderRoute('/Admin_Teacher');
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.listLoadFailed);
    server.resetHandlers();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Total: 23 teachers')).toBeInTheDocument();
  });

  it('sends anyone without an administrator session to /adminsignin', async () => {
    localStorage.setItem('role_id', '2');
    const view = renderRoute('/Admin_Teacher');
    await waitFor(() => expect(view.current()).toBe('/adminsignin'));
  });

  it('keeps keyboard focus on the pager while pages load, on the last page too', async () => {
    const user = userEvent.setup();
    await open();
    const pages = () => screen.getByRole('navigation', { name: 'Pages' });
    await user.click(within(pages()).getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 11 to 20 of 23 teachers');
    await waitFor(() => expect(within(pages()).getByRole('button', { name: 'Next' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await screen.findByText('Showing 21 to 23 of 23 teachers');
    // Next cannot be pressed on the last page: focus goes to the current page's button.
    await waitFor(() => expect(within(pages()).getByRole('button', { name: 'Page 3' })).toHaveFocus());
  });
});
