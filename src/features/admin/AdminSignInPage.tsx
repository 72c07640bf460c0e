import './messages';
import { Anchor, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { ROLE } from '../../../contract/constants';
import { adminSignInMachine } from '../../../machines/admin/adminSignIn';
import { adminLogIn, adminRegister, storeAdminSession } from '../../api/admin';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageShell } from '../../components/PageShell';
import { Trans, useMessage, useTranslation } from '../../i18n';
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
    title: 'admin:signIn.login.title',
    subtitle: 'admin:signIn.login.subtitle',
    submit: 'admin:signIn.login.submit',
    toggle: 'admin:signIn.login.toggle',
  },
  signup: {
    title: 'admin:signIn.signup.title',
    subtitle: 'admin:signIn.signup.subtitle',
    submit: 'admin:signIn.signup.submit',
    toggle: 'admin:signIn.signup.toggle',
  },
} as const;

/** /adminsignin: the Admin Portal's login / signup card. */
export default function AdminSignInPage() {
  const [, navigate] = useLocation();
  const { t } = useTranslation();
  const m = useMessage();
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
    <PageShell title={t('admin:signIn.portal')}>
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
                {t(copy.title)}
              </Title>
              <Text c="dimmed" size="sm">
                {t(copy.subtitle)}
              </Text>
            </div>
            {context.message ? (
              <Text role="status" size="sm" c="green.9" bg="green.0" p="sm" style={{ borderRadius: 8 }}>
                {m(context.message)}
              </Text>
            ) : null}
            {context.error ? <ErrorBanner message={context.error} /> : null}
            <CredentialFields
              context={context}
              busy={busy}
              signUp={mode === 'signup'}
              placeholders={{
                email: t('admin:signIn.emailPlaceholder'),
                password: t('admin:signIn.passwordPlaceholder'),
              }}
              send={send}
            />
            {mode === 'signup' ? (
              <>
                <NativeSelect
                  label={t('admin:signIn.role')}
                  disabled
                  value={String(ROLE.admin)}
                  data={[{ value: String(ROLE.admin), label: t('admin:signIn.roleAdmin') }]}
                  onChange={() => {}}
                />
                <Checkbox
                  checked={context.agreeToTerms}
                  onChange={(e) => send({ type: 'terms.change', checked: e.currentTarget.checked })}
                  disabled={busy}
                  error={context.fieldErrors.terms ? m(context.fieldErrors.terms) : undefined}
                  label={
                    <Trans
                      i18nKey="admin:signIn.agree"
                      components={{ 1: <Anchor component={Link} href="/terms" target="_blank" /> }}
                    />
                  }
                />
              </>
            ) : null}
            <Button type="submit" fullWidth disabled={busy || !hydrated}>
              {busy ? t('admin:signIn.processing') : t(copy.submit)}
            </Button>
            <Group justify="center">
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => send({ type: 'mode.toggle' })}
              >
                {t(copy.toggle)}
              </Anchor>
            </Group>
          </Stack>
        </form>
      </Paper>
    </PageShell>
  );
}
