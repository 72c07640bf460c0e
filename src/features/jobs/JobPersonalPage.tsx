import { PageShell } from '../../components/PageShell';

export default function JobPersonalPage() {
  return <PageShell title="JobPersonalPage">{null}</PageShell>;
}
