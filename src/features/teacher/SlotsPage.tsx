import { PageShell } from '../../components/PageShell';

export default function SlotsPage() {
  return <PageShell title="SlotsPage">{null}</PageShell>;
}
