import { PageShell } from '../../components/PageShell';

export default function AdminSignInPage() {
  return <PageShell title="AdminSignInPage">{null}</PageShell>;
}
