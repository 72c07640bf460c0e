import { PageShell } from '../../components/PageShell';

export default function StudentEducationPage() {
  return <PageShell title="StudentEducationPage">{null}</PageShell>;
}
