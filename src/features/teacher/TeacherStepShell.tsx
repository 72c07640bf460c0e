import './messages';
import { Alert, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { VERIFICATION_MESSAGES as V } from '../../../contract/rules/teacher-dashboard';
import type { Refusal } from '../../../machines/teacher/form';
import { PageShell } from '../../components/PageShell';
import { SessionActions } from '../../components/SessionHeader';
import { StepIndicator } from '../../components/StepIndicator';
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
function TeacherSteps({ step }: { step: 1 | 2 | 3 | 4 }) {
  const { t } = useTranslation();
  return (
    <StepIndicator
      label={t('teacher:steps.progress')}
      position={t('teacher:steps.stepOf', {
        step: formatNumber(step),
        count: formatNumber(TEACHER_STEPS.length),
      })}
      names={TEACHER_STEPS.map((key) => t(key))}
      step={step}
    />
  );
}

/**
 * The frame of a teacher onboarding step: the step indicator under the title, and the signed-in
 * header (the notifications bell, and Logout: the way out of the wizard at any step) whenever
 * someone is signed in; a teacher fixing refused documents reads what the administrator sent here.
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
    <PageShell title={title} headerRight={session.token() ? <SessionActions /> : null}>
      <TeacherSteps step={step} />
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
