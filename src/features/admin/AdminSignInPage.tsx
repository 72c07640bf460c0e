import { Anchor, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { ROLE } from '../../../contract/constants';
import { ADMIN_ROLE_LABEL } from '../../../contract/rules/admin';
import { adminSignInMachine } from '../../../machines/admin/adminSignIn';
import { adminLogIn, adminRegister, storeAdminSession } from '../../api/admin';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageShell } from '../../components/PageShell';
import { useHydrated } from '../../lib/hydrated';
import { revealFirstError } from '../../lib/reveal-errors';
import { session } from '../../lib/session';
import { useFlow } from '../../lib/useFlow';
import { CredentialFields } from '../auth/CredentialFields';

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
  // Prerendered: the button works once the page's code has attached (src/lib/hydrated.ts).
  const hydrated = useHydrated();
  const busy =
    snapshot.matches({ login: 'submitting' }) ||
    snapshot.matches({ signup: 'submitting' }) ||
    snapshot.matches('signedIn');

  return (
    <PageShell title="Admin Portal">
      <Paper withBorder radius="md" p="lg" shadow="sm">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'form.submit' });
            revealFirstError(e.currentTarget);
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
            {context.error ? <ErrorBanner message={context.error} /> : null}
            <CredentialFields
              context={context}
              busy={busy}
              signUp={mode === 'signup'}
              placeholders={{ email: 'Enter Admin Email', password: 'Enter admin password' }}
              send={send}
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
            <Button type="submit" fullWidth disabled={busy || !hydrated}>
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
