import './messages';
import '@mantine/core/styles/Badge.css';
import { Alert, Anchor, Badge, Button, Card, Group, Input, Loader, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { COVER_NOTE_MAX } from '../../../contract/constants';
import { isLiveApplication, POSTING_MESSAGES } from '../../../contract/rules/job-postings';
import { jobApplyMachine } from '../../../machines/jobs/jobApply';
import { applyToJob, fetchJobPosting } from '../../api/jobs';
import { ErrorBanner } from '../../components/ErrorBanner';
import { FileChooser } from '../../components/FilePicker';
import { PageShell } from '../../components/PageShell';
import { SessionActions, SessionNav } from '../../components/SessionHeader';
import { Textarea } from '../../components/TextField';
import { formatDay, useMessage, useTranslation } from '../../i18n';
import { FormLock } from '../../lib/form-lock';
import { useRefocusWhen } from '../../lib/keep-focus';
import { revealFirstError } from '../../lib/reveal-errors';
import { useFlow } from '../../lib/useFlow';
import { kindText, payText, STATUS_COLOURS, statusLabel } from './jobText';
import { heldResumeKey } from './resume';

export const jobApplyFlow = () =>
  jobApplyMachine.provide({
    actors: {
      fetchPosting: fromPromise(({ input }) => fetchJobPosting(input.postingId)),
      submitApplication: fromPromise(({ input }) =>
        applyToJob(input.postingId, input.coverNote, input.resume as unknown as Blob | null),
      ),
    },
  });

/** /jobs/{id}: a job posting, and applying to it with the resume on file (or a new one). */
export default function JobPostingPage() {
  const { t } = useTranslation();
  const m = useMessage();
  const params = useParams<{ id: string }>();
  const [machine] = useState(jobApplyFlow);
  const [snapshot, send] = useFlow(machine, { postingId: Number(params.id) });
  const { posting, coverNote, resume, errors, error } = snapshot.context;
  const composing = snapshot.matches('composing');
  const submitting = snapshot.matches({ composing: 'submitting' });
  // A withdrawn application leaves the way open: the job seeker may apply again.
  const live = isLiveApplication(posting?.my_application);
  const withdrawn = posting?.my_application?.status === 'withdrawn';
  const canApply = snapshot.matches('viewing') && Boolean(posting?.accepting_applications) && !live;
  // Apply hides itself and opens the form: keyboard focus goes to the form's first field; Cancel
  // brings Apply back and focus with it; once sent, focus goes to what says it was sent.
  const coverNoteField = useRef<HTMLTextAreaElement>(null);
  const applyButton = useRef<HTMLButtonElement>(null);
  const applied = useRef<HTMLDivElement>(null);
  useRefocusWhen(composing, coverNoteField);
  useRefocusWhen(canApply, applyButton);
  useRefocusWhen(live, applied);
  // The resume picked taken back: Delete goes with it, focus goes to the field to pick another.
  useRefocusWhen(composing && !resume, () => document.getElementById('apply-resume'));

  return (
    <PageShell
      title={posting?.title ?? t('jobs:posting.title')}
      headerRight={<SessionActions />}
      nav={<SessionNav />}
    >
      <Anchor component={Link} href="/joblist">
        {t('jobs:backToJobs')}
      </Anchor>
      {snapshot.matches('loading') ? <Loader aria-label={t('jobs:posting.loading')} /> : null}
      {snapshot.matches('failure') ? (
        <ErrorBanner message={error} onRetry={() => send({ type: 'posting.retry' })} />
      ) : null}
      {posting ? (
        <Card withBorder padding="md" component="article" aria-label={t('jobs:posting.details')}>
          <Stack gap="xs">
            <Text fw={600} size="lg">
              {posting.organisation}
            </Text>
            <Text size="sm" c="dimmed">
              {kindText(posting)}
            </Text>
            {payText(posting) ? <Text size="sm">{payText(posting)}</Text> : null}
            <Text size="sm">{t('jobs:applyBy', { date: formatDay(posting.closing_date) })}</Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{posting.description}</Text>
          </Stack>
        </Card>
      ) : null}
      {posting?.my_application ? (
        <Alert
          ref={applied}
          tabIndex={-1}
          color={STATUS_COLOURS[posting.my_application.status] ?? 'blue'}
          role="status"
          title={withdrawn ? t('jobs:posting.withdrawn') : t('jobs:posting.applied')}
        >
          <Group gap="xs">
            <Text size="sm">{t('jobs:posting.status')}</Text>
            <Badge color={STATUS_COLOURS[posting.my_application.status] ?? 'blue'}>
              {statusLabel(posting.my_application.status)}
            </Badge>
            <Anchor component={Link} href="/myapplications" size="sm">
              {t('jobs:applications.title')}
            </Anchor>
          </Group>
        </Alert>
      ) : null}
      {posting && !live && !posting.accepting_applications ? (
        <Alert color="gray" role="status">
          {t('jobs:posting.closed')}
        </Alert>
      ) : null}
      {canApply ? (
        <Button ref={applyButton} onClick={() => send({ type: 'apply.open' })}>
          {withdrawn ? t('jobs:posting.applyAgain') : t('jobs:posting.apply')}
        </Button>
      ) : null}
      {composing ? (
        <Card
          withBorder
          padding="md"
          component="form"
          aria-label={t('jobs:posting.yourApplication')}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'apply.submit' });
            revealFirstError(e.currentTarget);
          }}
        >
          <FormLock locked={submitting}>
            <Stack gap="md">
              <Title order={2} size="h4">
                {t('jobs:posting.yourApplication')}
              </Title>
              {error ? <ErrorBanner message={error} /> : null}
              <Textarea
                ref={coverNoteField}
                label={t('jobs:posting.coverNote')}
                value={coverNote}
                onChange={(e) => send({ type: 'cover.change', value: e.currentTarget.value })}
                error={errors.cover_note ? m(errors.cover_note) : undefined}
                maxLength={COVER_NOTE_MAX}
                tooLong={POSTING_MESSAGES.coverNoteTooLong}
                rows={4}
              />
              <Input.Wrapper
                id="apply-resume"
                label={t('jobs:posting.resume')}
                description={
                  resume
                    ? t(heldResumeKey(Boolean(errors.resume)), { name: resume.name })
                    : t('jobs:posting.resumeHint')
                }
                error={errors.resume ? m(errors.resume) : undefined}
              >
                <FileChooser
                  id="apply-resume"
                  accept="application/pdf,.pdf"
                  invalid={Boolean(errors.resume)}
                  describedBy="apply-resume-description"
                  onFile={(file) => send({ type: 'resume.select', file })}
                />
                {/* Optional: a file picked by mistake can be taken back (the one on file goes instead). */}
                {resume ? (
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    mt="xs"
                    onClick={() => send({ type: 'resume.select', file: null })}
                    aria-label={t('common:file.deleteLabel', { label: t('jobs:posting.resume') })}
                  >
                    {t('common:file.delete')}
                  </Button>
                ) : null}
              </Input.Wrapper>
              <Group justify="space-between">
                <Button
                  variant="default"
                  onClick={() => send({ type: 'apply.cancel' })}
                  disabled={submitting}
                >
                  {t('jobs:posting.cancel')}
                </Button>
                <Button type="submit" loading={submitting}>
                  {t('jobs:posting.send')}
                </Button>
              </Group>
            </Stack>
          </FormLock>
        </Card>
      ) : null}
    </PageShell>
  );
}
