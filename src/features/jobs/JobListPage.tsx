import { PageShell } from '../../components/PageShell';

export default function JobListPage() {
  return <PageShell title="JobListPage">{null}</PageShell>;
}
