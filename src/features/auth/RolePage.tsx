import { Button, Group, Stack, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ROLE_CHOICES, rolePickerMachine } from '../../../machines/auth/rolePicker';
import { PageShell } from '../../components/PageShell';
import { useMessage, useTranslation } from '../../i18n';
import { session } from '../../lib/session';
import { useFlow } from '../../lib/useFlow';
import { chosenRole } from './chosenRole';

const rolePickerFlow = (navigate: (route: string) => void) =>
  rolePickerMachine.provide({
    actions: {
      storeRole: (_, params) => chosenRole.set(params.roleId),
      navigate: (_, params) => navigate(params.route),
    },
  });

/** The role picker (/role). */
export default function RolePage() {
  const [, navigate] = useLocation();
  const { t } = useTranslation();
  const m = useMessage();
  const [machine] = useState(() => rolePickerFlow((route) => navigate(route)));
  const signedIn = Boolean(session.token() && session.userId() && session.roleId());
  const [snapshot, send] = useFlow(machine, { storedRoleId: signedIn ? session.roleId() : null });
  const leaving = snapshot.matches('leaving') || snapshot.matches('checking');

  return (
    <PageShell>
      <Title order={1} size="h2" ta="center">
        {t('auth:role.title')}
      </Title>
      <Stack gap="sm" role="group" aria-label={t('auth:role.title')}>
        {ROLE_CHOICES.map((choice) => (
          <UnstyledButton
            key={choice.roleId}
            disabled={leaving}
            onClick={() => send({ type: 'role.choose', roleId: choice.roleId })}
            p="md"
            style={{
              border: '1px solid var(--mantine-color-gray-4)',
              borderRadius: 'var(--mantine-radius-md)',
              background: 'white',
              fontWeight: 500,
            }}
          >
            {m(choice.label)}
          </UnstyledButton>
        ))}
      </Stack>
      <Group justify="space-between">
        <Button variant="default" onClick={() => send({ type: 'nav.back' })} disabled={leaving}>
          {t('common:actions.back')}
        </Button>
        <Button onClick={() => send({ type: 'nav.next' })} disabled={leaving}>
          {t('common:actions.next')}
        </Button>
      </Group>
    </PageShell>
  );
}
