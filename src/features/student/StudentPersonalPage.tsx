import { PageShell } from '../../components/PageShell';

export default function StudentPersonalPage() {
  return <PageShell title="StudentPersonalPage">{null}</PageShell>;
}
