import { PRODUCT_NAME, TERMS_LAST_UPDATED } from '../../../contract/constants';
import { addEnglish, formatDate, i18n, type Language } from '../../i18n';
import english from '../../i18n/locales/en/terms.json';

/**
 * The terms and privacy text (docs/product.md#screens-and-routes), shown on /terms and in the sign-up
 * modal, in the person's language (src/i18n/locales/<lng>/terms.json). The English file is bundled
 * with this module, so the login screen loads it only when the terms are opened.
 */
addEnglish('terms', english);

export interface TermsSection {
  heading: string;
  intro?: string;
  items?: string[];
  content?: string;
  additional?: string;
}

export interface TermsText {
  title: string;
  lastUpdated: string;
  sections: TermsSection[];
  footer: string;
}

export function termsText(supportEmail: string, language?: Language): TermsText {
  const lng = language ?? (i18n.language as Language);
  const document = i18n.t('terms:document', {
    returnObjects: true,
    lng,
    email: supportEmail,
    product: PRODUCT_NAME,
  }) as unknown as Omit<TermsText, 'lastUpdated'>;
  const lastUpdated =
    lng === 'en' ? TERMS_LAST_UPDATED : formatDate(new Date(TERMS_LAST_UPDATED), 'long', lng);
  return { ...document, lastUpdated };
}
