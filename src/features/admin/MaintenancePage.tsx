import { PageShell } from '../../components/PageShell';

export default function MaintenancePage() {
  return <PageShell title="MaintenancePage">{null}</PageShell>;
}
