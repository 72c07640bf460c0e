import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { PageShell } from '../components/PageShell';
import { useTranslation } from '../i18n';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageShell title={t('common:notFound.title')}>
      <Stack>
        <Text>{t('common:notFound.body')}</Text>
        <Button component={Link} href="/">
          {t('common:notFound.home')}
        </Button>
      </Stack>
    </PageShell>
  );
}
