import { PageShell } from '../../components/PageShell';

export default function TeacherFinderPage() {
  return <PageShell title="TeacherFinderPage">{null}</PageShell>;
}
