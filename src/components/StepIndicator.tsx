import { Box, Group, Text } from '@mantine/core';

/**
 * Where a person is in an onboarding (the teacher's four steps, the student's two): 'Step N of M'
 * and the steps' names, the current one marked for assistive technology (aria-current="step"). The
 * texts come translated from the caller, whose namespace holds them.
 */
export function StepIndicator({
  label,
  position,
  names,
  step,
}: {
  /** The navigation landmark's name ('Sign-up progress'). */
  label: string;
  /** 'Step N of M'. */
  position: string;
  /** Each step's name, in order. */
  names: readonly string[];
  /** The current step, from 1. */
  step: number;
}) {
  return (
    <Box component="nav" aria-label={label}>
      <Text size="sm" fw={600} c="blue.8">
        {position}
      </Text>
      <Group component="ol" gap={6} m={0} mt={4} p={0} wrap="nowrap" style={{ listStyle: 'none' }}>
        {names.map((name, index) => {
          const current = index + 1 === step;
          const done = index + 1 < step;
          return (
            <Box
              component="li"
              key={name}
              aria-current={current ? 'step' : undefined}
              style={{ flex: 1, minWidth: 0 }}
            >
              <Box h={4} bg={current || done ? 'blue.8' : 'gray.4'} style={{ borderRadius: 2 }} aria-hidden />
              <Text size="xs" mt={2} fw={current ? 700 : 400} c={current ? 'dark' : 'gray.7'} lh={1.2}>
                {name}
              </Text>
            </Box>
          );
        })}
      </Group>
    </Box>
  );
}
