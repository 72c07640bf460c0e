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
import { clientConfig } from '../../lib/config';
import { useFlow } from '../../lib/useFlow';

const UNITS: { key: keyof Remaining; label: string }[] = [
  { key: 'days', label: 'Days' },
  { key: 'hours', label: 'Hours' },
  { key: 'minutes', label: 'Minutes' },
  { key: 'seconds', label: 'Seconds' },
];

/** /maintainance: the countdown to the configured end of maintenance (the product's date by default). */
export default function MaintenancePage() {
  const [snapshot] = useFlow(maintenanceMachine, { until: clientConfig().maintenanceUntil });
  const { target, now } = snapshot.context;
  const remaining = remainingTime(snapshot.context);

  return (
    <Box mih="100dvh" bg="gray.0" px="md" py="md">
      <Group component="header" justify="flex-end">
        <LanguageSwitcher />
      </Group>
      <Center mih="80dvh" component="main">
        <Paper withBorder radius="lg" p="lg" maw={560} w="100%">
          <Stack gap="md" align="center" ta="center">
            <Title order={1} size="h2">
              Under Maintenance
            </Title>
            <Text>We're currently improving our site to serve you better. Thanks for your patience.</Text>
            <Stack gap={4} align="center">
              <Text fw={600}>We'll be back by:</Text>
              <Text size="lg" c="blue.8" fw={700}>
                <time dateTime={new Date(target).toISOString()}>{formatBackBy(target)}</time>
              </Text>
            </Stack>
            {snapshot.matches('counting') ? (
              <SimpleGrid cols={4} spacing="xs" w="100%" role="timer" aria-label="Time left">
                {UNITS.map((unit) => (
                  <Paper key={unit.key} bg="blue.0" p="xs" radius="md">
                    <Text fz={28} fw={700} lh={1.2} c="blue.9" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {String(remaining[unit.key]).padStart(2, '0')}
                    </Text>
                    <Text size="xs" c="dimmed" tt="uppercase">
                      {unit.label}
                    </Text>
                  </Paper>
                ))}
              </SimpleGrid>
            ) : (
              <Stack gap="sm" align="center">
                <Text role="status" fw={600} c="green.8">
                  We should be back now! Please refresh the page.
                </Text>
                <Group>
                  <Button onClick={() => window.location.reload()}>Refresh page</Button>
                </Group>
              </Stack>
            )}
          </Stack>
        </Paper>
      </Center>
      <Text component="footer" size="sm" c="dimmed" ta="center">
        © {yearOf(now)} {PRODUCT_NAME}. All rights reserved.
      </Text>
    </Box>
  );
}
