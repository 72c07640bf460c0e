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
        navigate(to);
      }}
    >
      Logout
    </Button>
  );
}
