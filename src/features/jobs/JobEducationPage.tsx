import { PageShell } from '../../components/PageShell';

export default function JobEducationPage() {
  return <PageShell title="JobEducationPage">{null}</PageShell>;
}
