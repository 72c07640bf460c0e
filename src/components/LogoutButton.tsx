import { Button } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { logout } from '../api/auth';
import { useTranslation } from '../i18n';

/** Logout (D2): revokes the token, clears the stored session, goes to `to` (default '/'). */
export function LogoutButton({ to = '/' }: { to?: string }) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  return (
    <Button
      variant="light"
      color="red"
      size="sm"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        await logout();
        // Replace this entry: Back after Logout does not return to a screen that needs the session
        // (and if it does, that screen sends the visitor to / again).
        navigate(to, { replace: true });
      }}
    >
      {t('common:actions.logout')}
    </Button>
  );
}
