import { PageShell } from '../../components/PageShell';

export default function PersonalDetailsPage() {
  return <PageShell title="PersonalDetailsPage">{null}</PageShell>;
}
