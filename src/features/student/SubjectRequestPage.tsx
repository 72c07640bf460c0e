import { PageShell } from '../../components/PageShell';

export default function SubjectRequestPage() {
  return <PageShell title="SubjectRequestPage">{null}</PageShell>;
}
