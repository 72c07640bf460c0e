import './messages';
import { Button, Group, Input, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { jobRoutes } from '../../../contract/api/jobs';
import { maxLengthsOf } from '../../../contract/api/limits';
import {
  JOB_EDUCATION_FIELDS,
  type JobEducationValues,
  latestYearOfPassing,
} from '../../../contract/rules/jobs';
import { jobEducationMachine } from '../../../machines/jobs/jobEducation';
import { saveJobEducation } from '../../api/jobs';
import { ErrorBanner } from '../../components/ErrorBanner';
import { FileChooser } from '../../components/FilePicker';
import { LogoutButton } from '../../components/LogoutButton';
import { PageShell } from '../../components/PageShell';
import { TextInput } from '../../components/TextField';
import { formatDigits, namedOptions, useMessage, useTranslation } from '../../i18n';
import { drafts } from '../../lib/drafts';
import { FormLock } from '../../lib/form-lock';
import { revealField } from '../../lib/reveal-errors';
import { session } from '../../lib/session';
import { useFlow } from '../../lib/useFlow';
import { fieldId, firstFieldInError } from './form';
import { heldResumeKey, readResumeSignature } from './resume';

/** What the server accepts per field: the inputs hold no more. */
const LIMITS = maxLengthsOf(jobRoutes.saveEducation.body);

/** /jobdetails2: the job seeker's education and resume (step 2 of 2), saved on Submit. */
/** The qualifications by degree id, as people read them. */
export default function JobEducationPage() {
  const { t } = useTranslation();
  const m = useMessage();
  const [, navigate] = useLocation();
  const userId = session.userId();
  const [snapshot, send] = useFlow(
    jobEducationMachine.provide({
      actors: {
        resumeSignature: readResumeSignature,
        saveEducation: fromPromise(({ input }) =>
          saveJobEducation(input.values, input.resume as unknown as Blob),
        ),
      },
      actions: {
        saveDraft: (_, { values }) => drafts.save('jobdetails2', userId, values),
        revealErrors: (_, { errors }) => revealField(firstFieldInError(JOB_EDUCATION_FIELDS, errors)),
        goBack: () => navigate('/jobdetails1'),
        goToJobList: () => navigate('/joblist'),
      },
    }),
    { draft: drafts.load<JobEducationValues>('jobdetails2', userId) },
  );
  const { values, errors, resume, failure } = snapshot.context;
  const busy = snapshot.matches('validating') || snapshot.matches('saving') || snapshot.matches('done');
  const change = (field: keyof JobEducationValues) => (event: { currentTarget: { value: string } }) =>
    send({ type: 'field.change', field, value: event.currentTarget.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'form.submit' });
  };
  const resumeId = fieldId('resume');

  return (
    <PageShell title={t('jobs:education.title')} headerRight={session.token() ? <LogoutButton /> : null}>
      <Text c="dimmed">{t('jobs:education.intro')}</Text>
      {failure ? <ErrorBanner message={failure} /> : null}
      <Paper
        component="form"
        withBorder
        p="md"
        onSubmit={submit}
        noValidate
        aria-label={t('jobs:education.title')}
      >
        <FormLock locked={snapshot.matches('saving')}>
          <Stack gap="md">
            <NativeSelect
              id={fieldId('qualification')}
              label={t('jobs:education.qualification')}
              value={values.qualification}
              onChange={change('qualification')}
              error={errors.qualification ? m(errors.qualification) : undefined}
              data={[
                { value: '', label: t('jobs:education.selectQualification'), disabled: true },
                ...namedOptions(t, 'options:degree'),
              ]}
              required
            />
            <TextInput
              id={fieldId('school_name')}
              label={t('jobs:education.schoolName')}
              value={values.school_name}
              maxLength={LIMITS.school_name}
              onChange={change('school_name')}
              error={errors.school_name ? m(errors.school_name) : undefined}
              required
            />
            <TextInput
              id={fieldId('year_of_passing')}
              label={t('jobs:education.yearOfPassing')}
              value={values.year_of_passing}
              onChange={change('year_of_passing')}
              error={errors.year_of_passing ? m(errors.year_of_passing) : undefined}
              inputMode="numeric"
              placeholder={t('jobs:education.yearExample', { year: formatDigits(2023) })}
              description={t('jobs:education.yearHint', { year: formatDigits(latestYearOfPassing()) })}
              required
            />
            <Input.Wrapper
              id={resumeId}
              label={t('jobs:education.resume')}
              description={
                resume
                  ? t(heldResumeKey(Boolean(errors.resume)), { name: resume.name })
                  : t('jobs:education.resumeHint')
              }
              error={errors.resume ? m(errors.resume) : undefined}
              required
            >
              <FileChooser
                id={resumeId}
                accept="application/pdf,.pdf"
                invalid={Boolean(errors.resume)}
                describedBy={
                  errors.resume ? `${resumeId}-error ${resumeId}-description` : `${resumeId}-description`
                }
                onFile={(file) => send({ type: 'resume.select', file })}
              />
            </Input.Wrapper>
            <Group justify="space-between">
              <Button type="button" variant="default" onClick={() => send({ type: 'form.back' })}>
                {t('jobs:back')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('jobs:submit')}
              </Button>
            </Group>
          </Stack>
        </FormLock>
      </Paper>
    </PageShell>
  );
}
