import { Button, Group, Input, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { jobRoutes } from '../../../contract/api/jobs';
import { maxLengthsOf } from '../../../contract/api/limits';
import {
  JOB_EDUCATION_FIELDS,
  JOB_QUALIFICATIONS,
  type JobEducationValues,
  latestYearOfPassing,
} from '../../../contract/rules/jobs';
import { jobEducationMachine } from '../../../machines/jobs/jobEducation';
import { saveJobEducation } from '../../api/jobs';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageShell } from '../../components/PageShell';
import { drafts } from '../../lib/drafts';
import { session } from '../../lib/session';
import { useFlow } from '../../lib/useFlow';
import { fieldId, focusFirstError } from './form';
import { readResumeSignature } from './resume';

/** What the server accepts per field: the inputs hold no more. */
const LIMITS = maxLengthsOf(jobRoutes.saveEducation.body);

/** /jobdetails2: the job seeker's education and resume (step 2 of 2), saved on Submit. */
export default function JobEducationPage() {
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
        revealErrors: (_, { errors }) => focusFirstError(JOB_EDUCATION_FIELDS, errors),
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
    <PageShell title="Educational details">
      <Text c="dimmed">Step 2 of 2. Your highest qualification and your latest resume.</Text>
      {failure ? <ErrorBanner message={failure} /> : null}
      <Paper component="form" withBorder p="md" onSubmit={submit} noValidate aria-label="Educational details">
        <Stack gap="md">
          <NativeSelect
            id={fieldId('qualification')}
            label="Highest qualification"
            value={values.qualification}
            onChange={change('qualification')}
            error={errors.qualification}
            data={[{ value: '', label: 'Select your qualification', disabled: true }, ...JOB_QUALIFICATIONS]}
            required
          />
          <TextInput
            id={fieldId('school_name')}
            label="School name"
            value={values.school_name}
            maxLength={LIMITS.school_name}
            onChange={change('school_name')}
            error={errors.school_name}
            required
          />
          <TextInput
            id={fieldId('year_of_passing')}
            label="Year of passing"
            value={values.year_of_passing}
            onChange={change('year_of_passing')}
            error={errors.year_of_passing}
            inputMode="numeric"
            placeholder="e.g. 2023"
            description={`A 4-digit year, no later than ${latestYearOfPassing()}`}
            required
          />
          <Input.Wrapper
            id={resumeId}
            label="Resume (PDF)"
            description={resume ? `File selected: ${resume.name}` : 'Your latest resume, as a PDF file'}
            error={errors.resume}
            required
          >
            <input
              id={resumeId}
              type="file"
              accept="application/pdf,.pdf"
              aria-invalid={Boolean(errors.resume)}
              aria-describedby={
                errors.resume ? `${resumeId}-error ${resumeId}-description` : `${resumeId}-description`
              }
              onChange={(event) =>
                send({ type: 'resume.select', file: event.currentTarget.files?.[0] ?? null })
              }
              style={{ display: 'block', width: '100%', marginTop: 6, fontSize: 16 }}
            />
          </Input.Wrapper>
          <Group justify="space-between">
            <Button type="button" variant="default" onClick={() => send({ type: 'form.back' })}>
              Back
            </Button>
            <Button type="submit" loading={busy}>
              Submit
            </Button>
          </Group>
        </Stack>
      </Paper>
    </PageShell>
  );
}
