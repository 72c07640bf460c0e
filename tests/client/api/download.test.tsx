import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPrivateDocument } from '../../../src/api/admin';
import { ApiError, download, setUnauthorizedHandler } from '../../../src/api/client';
import { session } from '../../../src/lib/session';
import { server } from '../../msw/server';

/** Files come through the one HTTP layer too: the token, and the same failures as every other call. */
describe('download (src/api/client.ts)', () => {
  afterEach(() => {
    session.clear();
    setUnauthorizedHandler(() => {});
  });

  it('sends the stored token and hands over the file as a Blob', async () => {
    session.set('authToken', 'the-token');
    let authorization: string | null = null;
    server.use(
      http.get('*/api/v1/uploads/:id', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return new HttpResponse('%PDF-1.4 bytes', { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const blob = await download({ url: '/api/v1/uploads/7' });
    expect(authorization).toBe('Bearer the-token');
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.4 bytes');
  });

  it("fails with the server's status and message, read out of the download", async () => {
    session.set('authToken', 'the-token');
    server.use(
      http.get('*/api/v1/uploads/:id', () =>
        HttpResponse.json({ message: 'You may not open this document' }, { status: 403 }),
      ),
    );
    const error = await download({ url: '/api/v1/uploads/7' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'response',
      status: 403,
      body: { message: 'You may not open this document' },
      message: 'You may not open this document',
    });
  });

  it('ends the session on a 401, and says no response when the network fails', async () => {
    session.set('authToken', 'the-token');
    const ended = vi.fn();
    setUnauthorizedHandler(ended);
    server.use(http.get('*/api/v1/uploads/:id', () => HttpResponse.json({}, { status: 401 })));
    await expect(download({ url: '/api/v1/uploads/7' })).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledOnce();

    server.use(http.get('*/api/v1/uploads/:id', () => HttpResponse.error()));
    await expect(download({ url: '/api/v1/uploads/7' })).rejects.toMatchObject({ kind: 'no_response' });
  });

  it("an administrator's document opens in the tab; a refused one closes it", async () => {
    session.set('authToken', 'admin-token');
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/certificate');
    server.use(
      http.get(
        '*/api/v1/uploads/:id',
        () => new HttpResponse('png', { headers: { 'Content-Type': 'image/png' } }),
      ),
    );
    await openPrivateDocument('/api/v1/uploads/3');
    expect(tab.location.href).toBe('blob:http://localhost/certificate');

    server.use(
      http.get('*/api/v1/uploads/:id', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    );
    await expect(openPrivateDocument('/api/v1/uploads/3')).rejects.toMatchObject({ status: 404 });
    expect(tab.close).toHaveBeenCalled();
  });
});
