// A module of its own: the admin dashboard shows addresses without the teacher card (whose avatar
// would bring the signed-in screens' shared chunk onto /admin).
/**
 * An e-mail address that wraps after its '@' when the line is full (a narrow card on a phone), and
 * only inside a part when that part alone is wider than the line.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at < 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}
