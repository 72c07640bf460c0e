// The messages the server sends when a request does not have the shape its route declares
// (contract/api/): wrong types, over-long text, NUL characters, malformed ids and numbers.
// Product rules (required fields, formats, ranges a person can get wrong in a form) keep their own
// messages in the other files of this folder; these only guard the boundary.

export const ID_MAX = 2147483647;

export const INPUT_MESSAGES = {
  required: 'is required',
  notText: 'must be text',
  tooLong: (max: number) => `must be at most ${max} characters`,
  nul: 'must not contain NUL characters',
  notId: 'must be a positive whole number (an id)',
  notInteger: (min: number, max: number) => `must be a whole number from ${min} to ${max}`,
  notNumber: 'must be a number',
  notWholeNumber: 'must be a whole number',
  notValid: 'is not valid',
  notBoolean: 'must be true or false',
  notList: 'must be a list',
  tooMany: (max: number) => `must have at most ${max} items`,
  notObject: 'must be an object',
  invalidBody: 'The request body does not have the expected shape',
  invalidQuery: 'The query string does not have the expected shape',
  notFound: 'Not found',
} as const;

/** A plain positive 32-bit integer written in decimal: '0x1', '1e0', '+1', ' 1', '01' are not ids. */
export const ID_PATTERN = /^[1-9][0-9]{0,9}$/;
export const INTEGER_PATTERN = /^-?(0|[1-9][0-9]{0,15})$/;

/** A field's name as people read it: 'teacher.date_of_birth' -> 'Date of birth', 'days.0.slot' -> 'Slot'. */
export function fieldLabelOf(key: string): string {
  const last =
    key
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? key;
  const words = last.replace(/[_\s]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/**
 * A field's message as a sentence that names the field. The boundary's messages above start with the
 * rule ('must be at most 200 characters') and get the field's name in front; the product rules'
 * messages already name it ('Profile photo is required') and stay as they are.
 */
export function namedFieldMessage(key: string, message: string): string {
  if (key === 'base') return message;
  return /^(must|is|are|has|should) /.test(message) ? `${fieldLabelOf(key)} ${message}` : message;
}

/** Every field's messages, each naming its field, as one sentence list: what a 422 says it refused. */
export function describeFieldErrors(errors: Record<string, readonly string[]>): string {
  const parts: string[] = [];
  for (const [key, messages] of Object.entries(errors))
    for (const message of messages) {
      const named = namedFieldMessage(key, message);
      if (named && !parts.includes(named)) parts.push(named);
    }
  return parts.join('; ');
}
