import { Stack, Text, Title } from '@mantine/core';
import { clientConfig } from '../../lib/config';
import { termsText } from './terms';

/** The terms text as a document (on /terms and inside the sign-up modal). */
export function TermsContent({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const terms = termsText(clientConfig().supportEmail);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Last updated: {terms.lastUpdated}
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

export const termsTitle = () => termsText(clientConfig().supportEmail).title;
