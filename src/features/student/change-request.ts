/** `/subject?change=<id>`: 'Change request' on the finder and the requests page opens that request. */
export const changeRequestPath = (id: number) => `/subject?change=${id}`;

/** The request id a `?change=` query names, or null. */
export function changeRequestIdOf(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('change'));
  return Number.isInteger(id) && id > 0 ? id : null;
}
