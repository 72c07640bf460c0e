import { PageShell } from '../../components/PageShell';

export default function AdminDashboardPage() {
  return <PageShell title="AdminDashboardPage">{null}</PageShell>;
}
