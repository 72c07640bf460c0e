/**
 * The `of` formatter (`{{name, of}}`): a person's name as the owner of what follows. Bengali joins
 * the genitive ending to the word: 'র' after a vowel ('এই ছাত্রছাত্রীর'), otherwise '-এর', the way
 * a name in another script is written ('Riya Sen-এর'). Hindi puts a demonstrative in its oblique form
 * before का / के ('इस विद्यार्थी का'); names do not change. English never uses it.
 */
const BENGALI_VOWEL_END = /[\u0985-\u0994\u09BE-\u09CC\u09D7]$/;

export function possessive(value: unknown, language: string | undefined): string {
  const text = String(value ?? '');
  if (language === 'bn') return BENGALI_VOWEL_END.test(text) ? `${text}র` : `${text}-এর`;
  if (language === 'hi') return text.replace(/^यह /, 'इस ');
  return text;
}
