import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { ROLE } from '../../../contract/constants';
import { ADMIN_ROLE_LABEL } from '../../../contract/rules/admin';
import { type AdminField, adminSignInMachine } from '../../../machines/admin/adminSignIn';
import { adminLogIn, adminRegister, storeAdminSession } from '../../api/admin';
import { PageShell } from '../../components/PageShell';
import { session } from '../../lib/session';
import { useFlow } from '../../lib/useFlow';
import { ClearIcon, PasswordVisibilityIcon } from '../auth/icons';

export function adminSignInFlow(navigate: (to: string) => void) {
  return adminSignInMachine.provide({
    actors: {
      logIn: fromPromise(({ input }) => adminLogIn(input.email, input.password)),
      register: fromPromise(({ input }) => adminRegister(input.email, input.password)),
    },
    actions: {
      clearSession: () => session.clear(),
      storeSession: (_, stored) => storeAdminSession(stored),
      goToDashboard: () => navigate('/admin'),
    },
  });
}

const COPY = {
  login: {
    title: 'Admin Access',
    subtitle: 'Log in to access admin dashboard',
    submit: 'Admin Login',
    toggle: 'Need admin access? Sign up',
  },
  signup: {
    title: 'Create Admin Account',
    subtitle: 'Create new administrator account',
    submit: 'Register Admin',
    toggle: 'Already an admin? Log in',
  },
} as const;

/** /adminsignin: the Admin Portal's login / signup card. */
export default function AdminSignInPage() {
  const [, navigate] = useLocation();
  const [machine] = useState(() => adminSignInFlow(navigate));
  const [snapshot, send] = useFlow(machine);
  const { context } = snapshot;
  const mode = snapshot.matches('signup') ? 'signup' : 'login';
  const copy = COPY[mode];
  const busy =
    snapshot.matches({ login: 'submitting' }) ||
    snapshot.matches({ signup: 'submitting' }) ||
    snapshot.matches('signedIn');

  const change = (field: AdminField) => (e: React.ChangeEvent<HTMLInputElement>) =>
    send({ type: 'field.change', field, value: e.currentTarget.value });
  const clear = (field: AdminField, label: string) =>
    context[field] ? (
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={`Clear ${label}`}
        onClick={() => send({ type: 'field.clear', field })}
        disabled={busy}
      >
        <ClearIcon />
      </ActionIcon>
    ) : null;

  return (
    <PageShell title="Admin Portal">
      <Paper withBorder radius="md" p="lg" shadow="sm">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'form.submit' });
          }}
        >
          <Stack gap="md">
            <div>
              <Title order={2} size="h3">
                {copy.title}
              </Title>
              <Text c="dimmed" size="sm">
                {copy.subtitle}
              </Text>
            </div>
            {context.message ? (
              <Text role="status" size="sm" c="green.9" bg="green.0" p="sm" style={{ borderRadius: 8 }}>
                {context.message}
              </Text>
            ) : null}
            {context.error ? (
              <Text role="alert" size="sm" c="red.9" bg="red.0" p="sm" style={{ borderRadius: 8 }}>
                {context.error}
              </Text>
            ) : null}
            <TextInput
              label="Email"
              type="email"
              placeholder="Enter Admin Email"
              autoComplete={mode === 'signup' ? 'email' : 'username'}
              value={context.email}
              onChange={change('email')}
              error={context.fieldErrors.email}
              disabled={busy}
              rightSection={clear('email', 'email')}
            />
            <TextInput
              label="Password"
              type={context.passwordVisible ? 'text' : 'password'}
              placeholder="Enter admin password"
              autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
              value={context.password}
              onChange={change('password')}
              error={context.fieldErrors.password}
              disabled={busy}
              rightSectionWidth={context.password ? 64 : 36}
              rightSection={
                <Group gap={2} wrap="nowrap">
                  {clear('password', 'password')}
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={context.passwordVisible ? 'Hide password' : 'Show password'}
                    aria-pressed={context.passwordVisible}
                    onClick={() => send({ type: 'password.toggleVisibility' })}
                  >
                    <PasswordVisibilityIcon visible={context.passwordVisible} />
                  </ActionIcon>
                </Group>
              }
            />
            {mode === 'signup' ? (
              <>
                <NativeSelect
                  label="Role"
                  disabled
                  value={String(ROLE.admin)}
                  data={[{ value: String(ROLE.admin), label: ADMIN_ROLE_LABEL }]}
                  onChange={() => {}}
                />
                <Checkbox
                  checked={context.agreeToTerms}
                  onChange={(e) => send({ type: 'terms.change', checked: e.currentTarget.checked })}
                  disabled={busy}
                  error={context.fieldErrors.terms}
                  label={
                    <>
                      I agree to the{' '}
                      <Anchor component={Link} href="/terms" target="_blank">
                        terms and conditions
                      </Anchor>
                    </>
                  }
                />
              </>
            ) : null}
            <Button type="submit" fullWidth disabled={busy}>
              {busy ? 'Processing...' : copy.submit}
            </Button>
            <Group justify="center">
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => send({ type: 'mode.toggle' })}
              >
                {copy.toggle}
              </Anchor>
            </Group>
          </Stack>
        </form>
      </Paper>
    </PageShell>
  );
}
