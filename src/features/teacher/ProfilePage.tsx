import { PageShell } from '../../components/PageShell';

export default function ProfilePage() {
  return <PageShell title="ProfilePage">{null}</PageShell>;
}
