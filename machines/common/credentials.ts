import { assign, type EventObject } from 'xstate';
import { declaredFieldErrors } from '../../contract/api/limits';
import type { AnyStruct } from '../../contract/api/route';
import type { FieldErrors } from '../../contract/rules/common';

/**
 * Editing an email + password pair, as the login screen (auth) and the admin sign-in card
 * (adminSignIn) both do: a field change or clear removes that field's error, and the password can be
 * shown or hidden. Each machine spreads these named actions into its own `setup()` and the event
 * handlers into its own editing states, so its states, events and ids stay its own.
 */

export type CredentialField = 'email' | 'password';

export type CredentialEvent =
  | { type: 'field.change'; field: CredentialField; value: string }
  | { type: 'field.clear'; field: CredentialField }
  | { type: 'password.toggleVisibility' };

export interface CredentialContext {
  email: string;
  password: string;
  passwordVisible: boolean;
  fieldErrors: Partial<Record<CredentialField, string>>;
  /** A failure shown above the form. */
  error: string | null;
  /** A success message shown above the form. */
  message: string | null;
}

/** No field errors, failure or success message. */
export const clearedFeedback = { fieldErrors: {}, error: null, message: null } as const;

/** The named actions behind the credential events, typed for the machine that spreads them. */
export function credentialActions<TContext extends CredentialContext, TEvent extends EventObject>() {
  return {
    changeField: assign<TContext, TEvent, undefined, TEvent, never>(({ context, event }) => {
      const edit = event as unknown as CredentialEvent;
      if (edit.type !== 'field.change' && edit.type !== 'field.clear') return {};
      const value = edit.type === 'field.change' ? edit.value : '';
      return {
        [edit.field]: value,
        fieldErrors: { ...context.fieldErrors, [edit.field]: undefined },
      } as Partial<TContext>;
    }),
    togglePasswordVisibility: assign<TContext, TEvent, undefined, TEvent, never>(
      ({ context }) => ({ passwordVisible: !context.passwordVisible }) as Partial<TContext>,
    ),
    clearFeedback: assign<TContext, TEvent, undefined, TEvent, never>(
      () => ({ ...clearedFeedback }) as Partial<TContext>,
    ),
    startSubmit: assign<TContext, TEvent, undefined, TEvent, never>(
      () => ({ error: null, message: null }) as Partial<TContext>,
    ),
  };
}

/** An editing state's handlers for the field events. */
export const credentialFieldEvents = {
  'field.change': { actions: 'changeField' },
  'field.clear': { actions: 'changeField' },
} as const;

/** The machine-wide handler: the password can be shown or hidden in every state. */
export const passwordVisibilityEvents = {
  'password.toggleVisibility': { actions: 'togglePasswordVisibility' },
} as const;

/** What a sign-in or registration call is given: the email trimmed, the password as typed. */
export const credentialsInput = ({
  context,
}: {
  context: Pick<CredentialContext, 'email' | 'password'>;
}) => ({
  email: context.email.trim(),
  password: context.password,
});

/**
 * A credentials form's own rules (`errors`), and where they pass, what the route's declaration
 * refuses in what would be sent: the server's words for an address over 254 characters or a
 * password over 1024, before any call.
 */
export function credentialErrors<F extends string>(
  body: AnyStruct | undefined,
  context: Pick<CredentialContext, 'email' | 'password'>,
  errors: FieldErrors<F>,
): FieldErrors<F | CredentialField> {
  const declared: FieldErrors<CredentialField> = declaredFieldErrors(body, credentialsInput({ context }));
  return { ...declared, ...errors } as FieldErrors<F | CredentialField>;
}
