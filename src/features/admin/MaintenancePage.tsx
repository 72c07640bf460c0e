import { Box, Button, Center, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { PRODUCT_NAME } from '../../../contract/constants';
import {
  formatBackBy,
  maintenanceMachine,
  type Remaining,
  remainingTime,
  yearOf,
} from '../../../machines/maintenance/maintenance';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { formatDigits, formatMoment, useTranslation } from '../../i18n';
import { clientConfig } from '../../lib/config';
import { useFlow } from '../../lib/useFlow';

const UNITS: { key: keyof Remaining; labelKey: string }[] = [
  { key: 'days', labelKey: 'common:maintenance.days' },
  { key: 'hours', labelKey: 'common:maintenance.hours' },
  { key: 'minutes', labelKey: 'common:maintenance.minutes' },
  { key: 'seconds', labelKey: 'common:maintenance.seconds' },
];

/** When the site is back, in the person's language (English exactly as the machine words it). */
function backBy(target: number, language: string): string {
  if (language === 'en') return formatBackBy(target);
  return formatMoment(target, 'Asia/Kolkata');
}

/** /maintainance: the countdown to the configured end of maintenance (the product's date by default). */
export default function MaintenancePage() {
  const [snapshot] = useFlow(maintenanceMachine, { until: clientConfig().maintenanceUntil });
  const { target, now } = snapshot.context;
  const remaining = remainingTime(snapshot.context);
  const { t, i18n } = useTranslation();

  return (
    <Box mih="100dvh" bg="gray.0" px="md" py="md">
      <Group component="header" justify="flex-end">
        <LanguageSwitcher />
      </Group>
      <Center mih="80dvh" component="main">
        <Paper withBorder radius="lg" p="lg" maw={560} w="100%">
          <Stack gap="md" align="center" ta="center">
            <Title order={1} size="h2">
              {t('common:maintenance.heading')}
            </Title>
            <Text>{t('common:maintenance.body')}</Text>
            <Stack gap={4} align="center">
              <Text fw={600}>{t('common:maintenance.backBy')}</Text>
              <Text size="lg" c="blue.8" fw={700}>
                <time dateTime={new Date(target).toISOString()}>{backBy(target, i18n.language)}</time>
              </Text>
            </Stack>
            {snapshot.matches('counting') ? (
              <SimpleGrid
                cols={4}
                spacing="xs"
                w="100%"
                role="timer"
                aria-label={t('common:maintenance.timeLeft')}
              >
                {UNITS.map((unit) => (
                  <Paper key={unit.key} bg="blue.0" p="xs" radius="md">
                    <Text fz={28} fw={700} lh={1.2} c="blue.9" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatDigits(String(remaining[unit.key]).padStart(2, '0'))}
                    </Text>
                    <Text size="xs" c="dimmed" tt="uppercase">
                      {t(unit.labelKey)}
                    </Text>
                  </Paper>
                ))}
              </SimpleGrid>
            ) : (
              <Stack gap="sm" align="center">
                <Text role="status" fw={600} c="green.8">
                  {t('common:maintenance.backNow')}
                </Text>
                <Group>
                  <Button onClick={() => window.location.reload()}>{t('common:maintenance.refresh')}</Button>
                </Group>
              </Stack>
            )}
          </Stack>
        </Paper>
      </Center>
      <Text component="footer" size="sm" c="dimmed" ta="center">
        {t('common:maintenance.copyright', { year: formatDigits(yearOf(now)), product: PRODUCT_NAME })}
      </Text>
    </Box>
  );
}
