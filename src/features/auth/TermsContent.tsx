import { Stack, Text, Title } from '@mantine/core';
import { type Language, useTranslation } from '../../i18n';
import { clientConfig } from '../../lib/config';
import { termsText } from './terms';

/** The terms text as a document (on /terms and inside the sign-up modal). */
export function TermsContent({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const terms = termsText(clientConfig().supportEmail, i18n.language as Language);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('auth:terms.lastUpdated', { date: terms.lastUpdated })}
      </Text>
      {terms.sections.map((section) => (
        <Stack key={section.heading} gap={6} component="section">
          <Title order={headingOrder} size="h4">
            {section.heading}
          </Title>
          {section.intro ? <Text size="sm">{section.intro}</Text> : null}
          {section.items?.length ? (
            <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
              {section.items.map((item) => (
                <li key={item}>
                  <Text size="sm">{item}</Text>
                </li>
              ))}
            </ul>
          ) : null}
          {section.content ? <Text size="sm">{section.content}</Text> : null}
          {section.additional ? <Text size="sm">{section.additional}</Text> : null}
        </Stack>
      ))}
      <Text size="sm" fw={500}>
        {terms.footer}
      </Text>
    </Stack>
  );
}

/** The terms' title in the current language (re-rendered with the screen on a switch). */
export function useTermsTitle(): string {
  const { i18n } = useTranslation();
  return termsText(clientConfig().supportEmail, i18n.language as Language).title;
}
