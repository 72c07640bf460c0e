import { PageShell } from '../../components/PageShell';

export default function PreferencesPage() {
  return <PageShell title="PreferencesPage">{null}</PageShell>;
}
