import './messages';
import { Alert, Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { VERIFICATION_MESSAGES as V } from '../../../contract/rules/teacher-dashboard';
import type { Refusal } from '../../../machines/teacher/form';
import { LogoutButton } from '../../components/LogoutButton';
import { PageShell } from '../../components/PageShell';
import { formatNumber, useMessage, useTranslation } from '../../i18n';
import { FormLock } from '../../lib/form-lock';
import { useReviewChanges } from '../../lib/review-changes';
import { session } from '../../lib/session';
import { EditModeBar } from './edit-mode';

/** The four onboarding steps of a teacher, in order (keys of their names). */
const TEACHER_STEPS = [
  'teacher:steps.personal',
  'teacher:steps.education',
  'teacher:steps.preferences',
  'teacher:steps.schedule',
] as const;

/** 'Step N of 4' with the four step names, the current one marked. */
export function StepIndicator({ step }: { step: 1 | 2 | 3 | 4 }) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('teacher:steps.progress')}>
      <Text size="sm" fw={600} c="blue.8">
        {t('teacher:steps.stepOf', { step: formatNumber(step), count: formatNumber(TEACHER_STEPS.length) })}
      </Text>
      <Group component="ol" gap={6} m={0} mt={4} p={0} wrap="nowrap" style={{ listStyle: 'none' }}>
        {TEACHER_STEPS.map((key, index) => {
          const current = index + 1 === step;
          const done = index + 1 < step;
          return (
            <Box
              component="li"
              key={key}
              aria-current={current ? 'step' : undefined}
              style={{ flex: 1, minWidth: 0 }}
            >
              <Box h={4} bg={current || done ? 'blue.8' : 'gray.4'} style={{ borderRadius: 2 }} aria-hidden />
              <Text size="xs" mt={2} fw={current ? 700 : 400} c={current ? 'dark' : 'gray.7'} lh={1.2}>
                {t(key)}
              </Text>
            </Box>
          );
        })}
      </Group>
    </Box>
  );
}

/**
 * The frame of a teacher onboarding step: the step indicator under the title, and Logout in the
 * header whenever someone is signed in (the way out of the wizard at any step).
 */
export function TeacherStepShell({
  step,
  title,
  children,
}: {
  step: 1 | 2 | 3 | 4;
  title: string;
  children: ReactNode;
}) {
  return (
    <PageShell title={title} headerRight={session.token() ? <LogoutButton /> : null}>
      <StepIndicator step={step} />
      {children}
    </PageShell>
  );
}

/**
 * A step's form: the edit-mode bar when the step was opened from the dashboard, then the form in
 * its bordered panel. Submitting only tells the machine (the rules are the machine's). While the
 * step is saved (`saving`) its fields are locked: what they hold is what is sent.
 */
export function StepForm({
  editing,
  gap = 'md',
  saving = false,
  onSubmit,
  children,
}: {
  editing: boolean;
  gap?: 'md' | 'lg';
  saving?: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <>
      {editing ? <EditModeBar /> : null}
      <Paper
        component="form"
        noValidate
        p="md"
        withBorder
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <FormLock locked={saving}>
          <Stack gap={gap}>{children}</Stack>
        </FormLock>
      </Paper>
    </>
  );
}

/**
 * At the top of a step where documents are replaced, for a teacher whose review was refused (D13):
 * the administrator's reason, the documents not on file, and what to do.
 */
export function RefusalNotice({ refusal }: { refusal: Refusal | null }) {
  const { t } = useTranslation();
  const m = useMessage();
  const documents = useReviewChanges();
  if (!refusal) return null;
  return (
    <section aria-label={t('teacher:dashboard.verification')}>
      {/* A note, not an alert: it is there when the step opens, and alerts are the step's failures. */}
      <Alert color="red" role="note" title={m(V.rejected(refusal.reason))}>
        <Stack gap={4}>
          {refusal.missing.length ? (
            <Text size="sm">{m(V.fixMissing(documents(refusal.missing)))}</Text>
          ) : null}
          <Text size="sm">{m(V.fixBody)}</Text>
        </Stack>
      </Alert>
    </section>
  );
}
