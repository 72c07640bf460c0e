import { Anchor, Text } from '@mantine/core';
import { clientConfig } from '../lib/config';

/** The technical support contact line (one configured address for the whole product). */
export function SupportContact() {
  const email = clientConfig().supportEmail;
  return (
    <Text size="sm" c="dimmed" ta="center">
      For technical support contact <Anchor href={`mailto:${email}`}>{email}</Anchor>
    </Text>
  );
}
