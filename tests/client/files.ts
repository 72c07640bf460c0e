/** The first bytes of each type the upload rules accept (what the browser and the server read). */
const SIGNATURES: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
};

/**
 * A file as a person picks it: `size` bytes starting with `type`'s content signature (none for other
 * types), named `name`. `content` overrides the bytes (a text file renamed '.png').
 */
export function fileOf(name: string, type: string, size = 1024, content?: string): File {
  if (content !== undefined) return new File([content], name, { type });
  const signature = SIGNATURES[type] ?? [];
  const bytes = new Uint8Array(Math.max(size, signature.length));
  bytes.set(signature);
  return new File([bytes], name, { type });
}
