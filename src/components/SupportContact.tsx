import { Anchor, Text } from '@mantine/core';
import { Trans } from '../i18n';
import { clientConfig } from '../lib/config';

/** The technical support contact line (one configured address for the whole product). */
export function SupportContact() {
  const email = clientConfig().supportEmail;
  return (
    <Text size="sm" c="dimmed" ta="center">
      <Trans
        i18nKey="common:support.line"
        values={{ email }}
        components={{ 1: <Anchor href={`mailto:${email}`} /> }}
      />
    </Text>
  );
}
