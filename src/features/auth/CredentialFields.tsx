import { ActionIcon, Group } from '@mantine/core';
import { accountRoutes } from '../../../contract/api/accounts';
import { maxLengthsOf } from '../../../contract/api/limits';
import type {
  CredentialContext,
  CredentialEvent,
  CredentialField,
} from '../../../machines/common/credentials';
import { TextInput } from '../../components/TextField';
import { useMessage, useTranslation } from '../../i18n';
import { ClearIcon, PasswordVisibilityIcon } from './icons';

/** What the server accepts: the fields hold no more. */
const LIMITS = maxLengthsOf(accountRoutes.signUp.body);

/**
 * The email field (with a clear button) and the password field (clear, show / hide) of the login
 * screen and the admin sign-in card; both machines take the same credential events.
 */
export function CredentialFields({
  context,
  busy,
  signUp,
  placeholders,
  send,
}: {
  /** The machine's context: the two values, password visibility and field errors. */
  context: Pick<CredentialContext, 'email' | 'password' | 'passwordVisible' | 'fieldErrors'>;
  busy: boolean;
  /** A new account: the browser offers to save the password rather than fill a saved one. */
  signUp: boolean;
  placeholders?: Partial<Record<CredentialField, string>>;
  send: (event: CredentialEvent) => void;
}) {
  const { t } = useTranslation();
  const m = useMessage();
  const { email, password, passwordVisible, fieldErrors: errors } = context;
  const change = (field: CredentialField) => (e: React.ChangeEvent<HTMLInputElement>) =>
    send({ type: 'field.change', field, value: e.currentTarget.value });
  const clear = (field: CredentialField, label: string) =>
    context[field] ? (
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={label}
        onClick={() => send({ type: 'field.clear', field })}
        disabled={busy}
      >
        <ClearIcon />
      </ActionIcon>
    ) : null;

  return (
    <>
      <TextInput
        label={t('auth:fields.email')}
        type="email"
        placeholder={placeholders?.email}
        autoComplete={signUp ? 'email' : 'username'}
        data-field="email"
        value={email}
        maxLength={LIMITS.email}
        onChange={change('email')}
        error={m(errors.email) || undefined}
        disabled={busy}
        rightSection={clear('email', t('auth:fields.clearEmail'))}
      />
      <TextInput
        label={t('auth:fields.password')}
        type={passwordVisible ? 'text' : 'password'}
        placeholder={placeholders?.password}
        autoComplete={signUp ? 'new-password' : 'current-password'}
        data-field="password"
        value={password}
        maxLength={LIMITS.password}
        onChange={change('password')}
        error={m(errors.password) || undefined}
        disabled={busy}
        rightSectionWidth={password ? 64 : 36}
        rightSection={
          <Group gap={2} wrap="nowrap">
            {clear('password', t('auth:fields.clearPassword'))}
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={passwordVisible ? t('auth:fields.hidePassword') : t('auth:fields.showPassword')}
              aria-pressed={passwordVisible}
              onClick={() => send({ type: 'password.toggleVisibility' })}
            >
              <PasswordVisibilityIcon visible={passwordVisible} />
            </ActionIcon>
          </Group>
        }
      />
    </>
  );
}
