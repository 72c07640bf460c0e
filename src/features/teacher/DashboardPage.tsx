import { PageShell } from '../../components/PageShell';

export default function DashboardPage() {
  return <PageShell title="DashboardPage">{null}</PageShell>;
}
