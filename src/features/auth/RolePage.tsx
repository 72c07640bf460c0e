import { PageShell } from '../../components/PageShell';

export default function RolePage() {
  return <PageShell title="RolePage">{null}</PageShell>;
}
