import { Button } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { logout } from '../api/auth';

/** Logout (D2): revokes the token, clears the stored session, goes to `to` (default '/'). */
export function LogoutButton({ to = '/' }: { to?: string }) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
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
      Logout
    </Button>
  );
}
