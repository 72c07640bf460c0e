import { Anchor } from '@mantine/core';
import { Link } from 'wouter';
import { PageShell } from '../../components/PageShell';
import { useTranslation } from '../../i18n';
import { TermsContent, useTermsTitle } from './TermsContent';

export default function TermsPage() {
  const { t } = useTranslation();
  const title = useTermsTitle();
  return (
    <PageShell title={title}>
      <TermsContent />
      <Anchor component={Link} href="/">
        {t('auth:terms.backToLogin')}
      </Anchor>
    </PageShell>
  );
}
