import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { PageShell } from '../../components/PageShell';

/** SPEC.md: "Job list placeholder: 3 blank cards". */
const PLACEHOLDER_CARDS = 3;

/** /joblist: the job list is under construction (SPEC.md); no calls, three blank cards. */
export default function JobListPage() {
  return (
    <PageShell title="Job opportunities">
      <Alert color="blue" title="This page is under construction">
        Thank you for sharing your details. Matching job openings will appear here as employers post them.
      </Alert>
      <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Job listings">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder cards with no identity
          <Card component="li" key={index} withBorder padding="md" aria-label="Job listing placeholder">
            <Group gap="md" wrap="nowrap" aria-hidden>
              <Skeleton height={48} width={48} radius="md" animate={false} />
              <Stack gap={8} style={{ flex: 1 }}>
                <Skeleton height={14} width="70%" animate={false} />
                <Skeleton height={10} width="45%" animate={false} />
                <Skeleton height={10} width="90%" animate={false} />
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
      <Title order={2} size="h5">
        Need to change something?
      </Title>
      <Text size="sm" c="dimmed">
        Your details stay saved on this device.
      </Text>
      <Group>
        <Button component={Link} href="/jobdetails1" variant="default">
          Edit my details
        </Button>
      </Group>
    </PageShell>
  );
}
