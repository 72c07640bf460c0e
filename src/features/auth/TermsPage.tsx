import { Anchor } from '@mantine/core';
import { Link } from 'wouter';
import { PageShell } from '../../components/PageShell';
import { TermsContent, termsTitle } from './TermsContent';

export default function TermsPage() {
  return (
    <PageShell title={termsTitle()}>
      <TermsContent />
      <Anchor component={Link} href="/">
        Back to login
      </Anchor>
    </PageShell>
  );
}
