import { PageShell } from '../../components/PageShell';

export default function MachinesPage() {
  return <PageShell title="MachinesPage">{null}</PageShell>;
}
