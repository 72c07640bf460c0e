import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchGuardProgress } from '../../src/api/auth';
import { fetchMyRequests } from '../../src/api/requests';
import { fetchMyDashboard, myDashboardBack } from '../../src/api/teachers';
import { sampleRequest } from '../msw/handlers/requests';
import { teacherRecord } from '../msw/handlers/teachers';
import { server } from '../msw/server';

/** The first screen's answer the page's HTML asked for (server/plugins/client.ts) is used once. */
describe('first screen call started by the HTML', () => {
  afterEach(() => {
    window.__FIRST_SCREEN__ = undefined;
    window.__PROGRESS__ = undefined;
  });

  function countDashboardCalls() {
    const calls = { count: 0 };
    server.use(
      http.get('*/api/v1/teachers/me/dashboard', () => {
        calls.count++;
        return HttpResponse.json({
          status: 'success',
          data: { teacher: teacherRecord({ name: 'Asked Again' }) },
        });
      }),
    );
    return calls;
  }

  it('uses the answer already on its way instead of asking again, then asks as usual', async () => {
    const calls = countDashboardCalls();
    window.__FIRST_SCREEN__ = {
      url: '/api/v1/teachers/me/dashboard',
      body: Promise.resolve({
        status: 'success',
        data: { teacher: teacherRecord({ name: 'From The HTML' }) },
      }),
    };
    expect((await fetchMyDashboard()).teacher.name).toBe('From The HTML');
    expect(calls.count).toBe(0);
    expect((await fetchMyDashboard()).teacher.name).toBe('Asked Again');
    expect(calls.count).toBe(1);
  });

  it('asks itself when the early answer failed or has an unexpected shape', async () => {
    const calls = countDashboardCalls();
    window.__FIRST_SCREEN__ = { url: '/api/v1/teachers/me/dashboard', body: Promise.resolve(null) };
    expect((await fetchMyDashboard()).teacher.name).toBe('Asked Again');
    window.__FIRST_SCREEN__ = { url: '/api/v1/teachers/me/dashboard', body: Promise.resolve({ nope: 1 }) };
    expect((await fetchMyDashboard()).teacher.name).toBe('Asked Again');
    expect(calls.count).toBe(2);
  });

  it('gives /requests its list from the early answer', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/v1/teacher_student_requests', () => {
        asked++;
        return HttpResponse.json({
          status: 'success',
          data: [],
          total: 0,
          pagination: { next: null, prev: null },
        });
      }),
    );
    window.__FIRST_SCREEN__ = {
      url: '/api/v1/teacher_student_requests?limit=100',
      body: Promise.resolve({
        status: 'success',
        data: [sampleRequest],
        total: 1,
        pagination: { next: null, prev: null },
      }),
    };
    expect((await fetchMyRequests()).map((r) => r.id)).toEqual([sampleRequest.id]);
    expect(asked).toBe(0);
    expect(await fetchMyRequests()).toEqual([]);
    expect(asked).toBe(1);
  });

  it('hands an answer already back to the page’s first render, the same to each asker, then no more', async () => {
    const calls = countDashboardCalls();
    const body = { status: 'success', data: { teacher: teacherRecord({ name: 'Already Back' }) } };
    // On its way: not back yet, so the page loads it (and then gets it from the early call).
    window.__FIRST_SCREEN__ = { url: '/api/v1/teachers/me/dashboard', body: Promise.resolve(body) };
    expect(myDashboardBack()).toBeUndefined();
    // Back: the same answer to React's two renders of the page, without waiting a step.
    window.__FIRST_SCREEN__ = {
      url: '/api/v1/teachers/me/dashboard',
      body: Promise.resolve(body),
      done: true,
      value: body,
    };
    expect(myDashboardBack()?.teacher.name).toBe('Already Back');
    expect(myDashboardBack()?.teacher.name).toBe('Already Back');
    // Given once: any later load (a retry, another visit) asks the server.
    await Promise.resolve();
    expect(myDashboardBack()).toBeUndefined();
    expect((await fetchMyDashboard()).teacher.name).toBe('Asked Again');
    expect(calls.count).toBe(1);
    // Back but failed (null) or of another shape: not given; the page asks itself.
    for (const value of [null, { nope: 1 }]) {
      window.__FIRST_SCREEN__ = {
        url: '/api/v1/teachers/me/dashboard',
        body: Promise.resolve(value),
        done: true,
        value,
      };
      expect(myDashboardBack()).toBeUndefined();
    }
    // Another route's answer is not this page's.
    window.__FIRST_SCREEN__ = {
      url: '/api/v1/students/me/finder',
      body: Promise.resolve(body),
      done: true,
      value: body,
    };
    expect(myDashboardBack()).toBeUndefined();
  });

  it('gives the route guard the progress the HTML asked for, once, then asks as usual', async () => {
    let asked = 0;
    const progress = (personal: boolean) => ({
      role_id: 1,
      teacher: { personal, education: personal, preferences: personal, schedule: personal },
      student: null,
      job_seeker: null,
    });
    server.use(
      http.get('*/api/v1/me/progress', () => {
        asked++;
        return HttpResponse.json({ status: 'success', data: progress(false) });
      }),
    );
    window.__PROGRESS__ = {
      url: '/api/v1/me/progress',
      body: Promise.resolve({ status: 'success', data: progress(true) }),
    };
    expect((await fetchGuardProgress()).teacher?.personal).toBe(true);
    expect(asked).toBe(0);
    expect((await fetchGuardProgress()).teacher?.personal).toBe(false);
    expect(asked).toBe(1);
    // A failed early call (an expired token: null) and the guard asks itself.
    window.__PROGRESS__ = { url: '/api/v1/me/progress', body: Promise.resolve(null) };
    expect((await fetchGuardProgress()).teacher?.personal).toBe(false);
    expect(asked).toBe(2);
  });
});
