import { PageShell } from '../../components/PageShell';

export default function EducationalDetailsPage() {
  return <PageShell title="EducationalDetailsPage">{null}</PageShell>;
}
