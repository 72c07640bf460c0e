import { PageShell } from '../../components/PageShell';

export default function LoginPage() {
  return <PageShell title="LoginPage">{null}</PageShell>;
}
