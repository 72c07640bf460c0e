import { PageShell } from '../../components/PageShell';

export default function TermsPage() {
  return <PageShell title="TermsPage">{null}</PageShell>;
}
