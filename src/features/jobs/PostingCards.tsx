import { Card, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Job postings as a list of cards (the job list, the administrators' postings): a list without
 * bullets, one card per posting named by its title; what a card shows is the caller's.
 */
export function PostingCards<P extends { id: number; title: string }>({
  label,
  gap,
  postings,
  children,
}: {
  /** The list's accessible name. */
  label: string;
  gap: 'sm' | 'md';
  postings: P[];
  children: (posting: P) => ReactNode;
}) {
  return (
    <Stack component="ul" gap={gap} p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {postings.map((p) => (
        <Card component="li" key={p.id} withBorder padding="md" aria-label={p.title}>
          <Stack gap={4}>{children(p)}</Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** A card's first row: the posting's title (and what goes with it) on the left, its badge on the right. */
export function PostingHeading({ children, badge }: { children: ReactNode; badge: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="start">
      {children}
      {badge}
    </Group>
  );
}
