import { PageShell } from '../../components/PageShell';

export default function AdminTeachersPage() {
  return <PageShell title="AdminTeachersPage">{null}</PageShell>;
}
