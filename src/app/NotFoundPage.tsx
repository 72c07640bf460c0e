import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { PageShell } from '../components/PageShell';

export default function NotFoundPage() {
  return (
    <PageShell title="Page not found">
      <Stack>
        <Text>The page you opened does not exist.</Text>
        <Button component={Link} href="/">
          Go to the home page
        </Button>
      </Stack>
    </PageShell>
  );
}
