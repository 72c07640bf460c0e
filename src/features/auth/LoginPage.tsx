import { Anchor, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageShell } from '../../components/PageShell';
import { Trans, useMessage, useTranslation } from '../../i18n';
import { useHydrated } from '../../lib/hydrated';
import { whenIdle } from '../../lib/idle';
import { useRefocusWhen } from '../../lib/keep-focus';
import { afterLogin, returnPathOf } from '../../lib/return-path';
import { revealFirstError } from '../../lib/reveal-errors';
import { session } from '../../lib/session';
import { useFlow } from '../../lib/useFlow';
import { CredentialFields } from './CredentialFields';
import { chosenRole } from './chosenRole';
import { authFlow } from './loginFlow';

const loadSignUpFields = () => import('./SignUpFields');
const SignUpFields = lazy(loadSignUpFields);
const TermsModal = lazy(() => import('./TermsModal'));

/** A message above the form (a light box instead of Mantine's Alert: the / route has a size budget). */
function Notice({
  color,
  role,
  children,
}: {
  color: 'red' | 'green';
  role: 'alert' | 'status';
  children: ReactNode;
}) {
  return (
    <Text
      role={role}
      size="sm"
      c={`${color}.9`}
      bg={`${color}.0`}
      p="sm"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: `1px solid var(--mantine-color-${color}-3)`,
      }}
    >
      {children}
    </Text>
  );
}

/** Button labels that wrap onto a second line instead of being cut off on a narrow screen. */
const wrappingLabel = {
  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center', paddingBlock: 6 },
} as const;

/** The login / sign-up screen (/, /app, /login). */
export default function LoginPage() {
  const [, navigate] = useLocation();
  const { t } = useTranslation();
  const m = useMessage();
  // A signed-out visitor sent here from a screen that needs a session goes back there after login
  // (when their role may see it and their onboarding is complete).
  const [machine] = useState(() => {
    const next = returnPathOf(window.location.search);
    return authFlow((route) => navigate(afterLogin(route, next, session.roleId())));
  });
  const [snapshot, send] = useFlow(machine, {
    hasStoredSession: Boolean(session.token() && session.userId()),
    preferredRoleId: chosenRole.get(),
    // From the role picker (`/?signup`, D17): the machine starts in sign-up.
    signUp: new URLSearchParams(useSearch()).has('signup'),
  });
  const { context } = snapshot;
  // What the login form does not need is fetched once the browser is idle (after the form is usable).
  useEffect(
    () =>
      whenIdle(() => {
        void loadSignUpFields();
      }),
    [],
  );
  // Prerendered: the button works once the page's code has attached (src/lib/hydrated.ts).
  const hydrated = useHydrated();
  const signUp = snapshot.matches('signup');
  const busy =
    snapshot.matches({ login: 'submitting' }) ||
    snapshot.matches({ signup: 'submitting' }) ||
    snapshot.matches('routing') ||
    snapshot.matches('redirected');
  // The form is disabled while the server answers, which drops keyboard focus to the page's start.
  // Once it has answered, focus goes to what is to be typed next: the email when the server refused
  // it (taken), else the password (signed up: the email is kept; a refused log-in: to type it again).
  const form = useRef<HTMLFormElement>(null);
  useRefocusWhen(
    !busy,
    () =>
      form.current?.querySelector<HTMLInputElement>(
        `input[data-field="${context.fieldErrors.email ? 'email' : 'password'}"]`,
      ),
    { from: form, visible: true },
  );

  let body: React.ReactNode;
  if (snapshot.matches('starting') || snapshot.matches('checkingSession')) {
    body = (
      <Group justify="center" py="xl">
        <Loader aria-label={t('auth:login.checkingSession')} />
      </Group>
    );
  } else if (snapshot.matches('sessionFound')) {
    body = (
      <Stack gap="md">
        {/* A long email wraps anywhere rather than widening the card past a 360 px screen. */}
        <Text style={{ overflowWrap: 'anywhere' }}>
          <Trans
            i18nKey="auth:login.alreadyLoggedIn"
            values={{ email: context.resumable?.email ?? '' }}
            components={{ 1: <strong /> }}
          />
        </Text>
        <Button
          fullWidth
          h="auto"
          mih={36}
          styles={wrappingLabel}
          onClick={() => send({ type: 'session.continue' })}
        >
          {t('auth:login.continue')}
        </Button>
        <Button
          variant="subtle"
          fullWidth
          h="auto"
          mih={36}
          styles={wrappingLabel}
          onClick={() => send({ type: 'session.discard' })}
        >
          {t('auth:login.differentAccount')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <form
        ref={form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'form.submit' });
          revealFirstError(e.currentTarget);
        }}
      >
        <Stack gap="md">
          {context.message ? (
            <Notice color="green" role="status">
              {m(context.message)}
            </Notice>
          ) : null}
          {context.error ? <ErrorBanner message={m(context.error)} /> : null}
          <CredentialFields context={context} busy={busy} signUp={signUp} send={send} />
          {signUp ? (
            <Suspense fallback={<Loader size="sm" aria-label={t('frame:loading')} />}>
              <SignUpFields
                roleId={context.roleId}
                terms={context.terms}
                roleError={context.fieldErrors.user_role_id}
                termsError={context.fieldErrors.terms}
                disabled={busy}
                onRoleChange={(roleId) => send({ type: 'role.change', roleId })}
                onTermsChange={(checked) => send({ type: 'terms.change', checked })}
                onOpenTerms={() => send({ type: 'terms.open' })}
              />
            </Suspense>
          ) : null}
          <Button type="submit" fullWidth disabled={busy || !hydrated}>
            {busy ? t('auth:login.processing') : signUp ? t('auth:login.signUp') : t('auth:login.logIn')}
          </Button>
          <Group justify="center" gap={4}>
            <Text size="sm">{signUp ? t('auth:login.haveAccount') : t('auth:login.noAccount')}</Text>
            <Anchor
              component="button"
              type="button"
              size="sm"
              disabled={busy}
              onClick={() => send({ type: 'mode.toggle' })}
            >
              {signUp ? t('auth:login.logIn') : t('auth:login.signUp')}
            </Anchor>
          </Group>
          <Group justify="center" gap={4}>
            <Text size="sm">{t('auth:login.lookingForJob')}</Text>
            <Anchor component={Link} href="/role" size="sm">
              {t('auth:login.startHere')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <PageShell size="xs">
      <Stack gap={4} ta="center">
        <Title order={1} size="h2">
          {snapshot.matches('signup') ? t('auth:login.titleSignUp') : t('auth:login.titleLogIn')}
        </Title>
        <Text c="dimmed">{t('common:tagline')}</Text>
      </Stack>
      <Box
        p="lg"
        bg="white"
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
      >
        {body}
      </Box>
      {snapshot.matches({ signup: { editing: 'termsOpen' } }) ? (
        <Suspense fallback={null}>
          <TermsModal
            onCancel={() => send({ type: 'terms.cancel' })}
            onAgree={() => send({ type: 'terms.agree' })}
          />
        </Suspense>
      ) : null}
    </PageShell>
  );
}
