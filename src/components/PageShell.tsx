import { Anchor, Box, Container, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '../../contract/constants';
import { useTranslation } from '../i18n';
import { LOGO_SRC } from '../lib/logo';
import { LanguageSwitcher } from './LanguageSwitcher';
import { SupportContact } from './SupportContact';

/** Mobile-first page frame: logo (links to /), optional title, content, support line. */
export function PageShell({
  title,
  children,
  size = 'sm',
  headerRight,
  nav,
}: {
  title?: ReactNode;
  children: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  headerRight?: ReactNode;
  /** A row of links under the header (signed-in screens). */
  nav?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box mih="100dvh" bg="gray.0">
      <Box
        component="header"
        bg="white"
        px="md"
        py="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        {/* On a phone a signed-in header (language, bell, photo, Logout: longer in Bengali and Hindi)
            can be wider than the screen: its controls then move under the logo, never off screen. */}
        <Group justify="space-between" wrap="wrap" style={{ rowGap: 6 }}>
          <Anchor
            component={Link}
            href="/"
            underline="never"
            aria-label={t('frame:home', { product: PRODUCT_NAME })}
          >
            <Group gap="xs" wrap="nowrap">
              <Image src={LOGO_SRC} alt="" w={32} h={32} />
              <Text fw={700} c="blue.8">
                {PRODUCT_NAME}
              </Text>
            </Group>
          </Anchor>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher />
            {headerRight}
          </Group>
        </Group>
      </Box>
      {nav ? (
        <Box bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          {nav}
        </Box>
      ) : null}
      <Container size={size} px="md" py="lg" component="main">
        <Stack gap="lg">
          {title ? (
            <Title order={1} size="h2">
              {title}
            </Title>
          ) : null}
          {children}
          <SupportContact />
        </Stack>
      </Container>
    </Box>
  );
}
