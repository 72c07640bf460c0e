import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../../contract/api-failure';
import { ADMIN_MESSAGES } from '../../../contract/rules/admin';
import {
  adminLoginFailureMessage,
  adminSignUpFailureMessage,
  FAILURE_ORDER,
  failureFieldMessages,
  failureMessage,
  failureText,
  failureToForm,
} from '../../../machines/common/failure';

const response = (status: number, body: unknown, message = `Request failed (${status})`): ApiFailure => ({
  kind: 'response',
  status,
  body,
  message,
});
const offline: ApiFailure = {
  kind: 'no_response',
  status: null,
  body: null,
  message: 'No response from server. Please try again later.',
};

describe('the one failure-to-message mapping (machines/common/failure.ts)', () => {
  it('common order: plain-text answer, error_description, message, no answer, a thrown error, the fallback', () => {
    expect(failureMessage(response(502, 'Bad gateway'), 'Fallback')).toBe('Bad gateway');
    expect(failureMessage(response(409, { error_description: ['Described'], message: 'Said' }), 'F')).toBe(
      'Described',
    );
    expect(failureMessage(response(409, { message: 'Said' }), 'F')).toBe('Said');
    expect(failureMessage(response(500, {}), 'Fallback')).toBe('Fallback');
    expect(failureMessage(offline, 'Fallback')).toBe(offline.message);
    expect(failureMessage(new Error('Thrown by the screen'), 'Fallback')).toBe('Thrown by the screen');
    expect(failureMessage(undefined, 'Fallback')).toBe('Fallback');
    // A 2xx answer of the wrong shape is never shown as a message.
    expect(failureMessage({ kind: 'decode', status: 200, body: '<html>', message: 'Unexpected' }, 'F')).toBe(
      'F',
    );
  });

  it('the other orders', () => {
    const withFields = response(422, {
      errors: { name: ['Name is required'] },
      message: 'Validation failed',
    });
    expect(failureText(withFields, FAILURE_ORDER.server, 'F')).toBe('Name is required');
    expect(failureText(withFields, FAILURE_ORDER.refusal, 'F')).toBe('Name is required');
    expect(failureText(withFields, FAILURE_ORDER.described, 'F')).toBe('Validation failed');
    expect(failureText(response(500, {}), FAILURE_ORDER.own, 'F')).toBe('Request failed (500)');
    expect(failureText(offline, FAILURE_ORDER.described, 'F')).toBe('F');
    expect(failureText(withFields, FAILURE_ORDER.screen, 'Screen text')).toBe('Screen text');
  });

  it('field errors and the form banner', () => {
    const error = response(422, {
      errors: { name: ['Name is required', 'Name is too short'], other: ['Something else'] },
      message: 'Validation failed',
    });
    expect(failureFieldMessages(error)).toEqual({
      name: 'Name is required, Name is too short',
      other: 'Something else',
    });
    const form = failureToForm(error, ['name'] as const, 'F');
    expect(form.errors).toEqual({ name: 'Name is required, Name is too short' });
    // A bare 'Validation failed' is replaced by what the fields say; the unplaced message joins it.
    expect(form.failure).not.toMatch(/^Validation failed/);
    expect(form.failure).toContain('Something else');
  });

  it('administrator sign-in and registration', () => {
    expect(adminLoginFailureMessage(response(401, {}))).toBe(ADMIN_MESSAGES.invalidCredentials);
    expect(adminLoginFailureMessage(response(500, { error: 'Broken' }))).toBe('Broken');
    expect(adminLoginFailureMessage(offline)).toBe(ADMIN_MESSAGES.loginError);
    expect(
      adminSignUpFailureMessage(response(422, { errors: { email: ['taken'], password: ['short'] } })),
    ).toBe('email: taken; password: short');
    expect(adminSignUpFailureMessage(response(403, { error: 'Closed' }))).toBe('Closed');
    expect(adminSignUpFailureMessage(offline)).toBe(ADMIN_MESSAGES.registrationFailed);
  });
});
