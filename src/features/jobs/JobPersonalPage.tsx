import '@mantine/core/styles/Radio.css';
import { Button, Group, NativeSelect, Paper, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { jobRoutes } from '../../../contract/api/jobs';
import { maxLengthsOf } from '../../../contract/api/limits';
import {
  JOB_GENDERS,
  JOB_PERSONAL_FIELDS,
  type JobPersonalField,
  type JobPersonalValues,
  MARITAL_STATUSES,
} from '../../../contract/rules/jobs';
import { jobPersonalMachine } from '../../../machines/jobs/jobPersonal';
import { saveJobSeeker } from '../../api/jobs';
import { DateInput } from '../../components/DateInput';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageShell } from '../../components/PageShell';
import { drafts } from '../../lib/drafts';
import { session } from '../../lib/session';
import { useFlow } from '../../lib/useFlow';
import { fieldId, focusFirstError } from './form';

/** What the server accepts per field: the inputs hold no more. */
const LIMITS: Record<string, number | undefined> = maxLengthsOf(jobRoutes.createJobSeeker.body);

/** /jobdetails1: the job seeker's personal details (step 1 of 2): a local draft until Next saves them. */
export default function JobPersonalPage() {
  const [, navigate] = useLocation();
  const userId = session.userId();
  const [snapshot, send] = useFlow(
    jobPersonalMachine.provide({
      actors: {
        saveDetails: fromPromise(({ input }) => saveJobSeeker(input.values)),
      },
      actions: {
        saveDraft: (_, { values }) => drafts.save('jobdetails1', userId, values),
        revealErrors: (_, { errors }) => focusFirstError(JOB_PERSONAL_FIELDS, errors),
        goToEducation: () => navigate('/jobdetails2'),
      },
    }),
    { draft: drafts.load<JobPersonalValues>('jobdetails1', userId) },
  );
  const { values, errors, failure } = snapshot.context;
  const busy = snapshot.matches('saving') || snapshot.matches('done');
  const change = (field: JobPersonalField) => (value: string) => send({ type: 'field.change', field, value });
  const text = (field: JobPersonalField) => ({
    id: fieldId(field),
    value: values[field],
    maxLength: LIMITS[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => change(field)(event.currentTarget.value),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'form.submit' });
  };

  return (
    <PageShell title="Personal details">
      <Text c="dimmed">
        Step 1 of 2. Tell us about yourself so we can match you with job opportunities. What you type is kept
        on this device until you press Next.
      </Text>
      {failure ? <ErrorBanner message={failure} /> : null}
      <Paper component="form" withBorder p="md" onSubmit={submit} noValidate aria-label="Personal details">
        <Stack gap="md">
          <TextInput {...text('name')} label="Full name" autoComplete="name" required />
          <TextInput
            {...text('mobile_number')}
            label="Mobile number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="10-digit mobile number"
            required
          />
          <TextInput
            {...text('alternate_number')}
            label="Alternate number (optional)"
            type="tel"
            inputMode="numeric"
            placeholder="10-digit number"
          />
          <Radio.Group
            label="Gender"
            value={values.gender}
            onChange={change('gender')}
            error={errors.gender}
            required
          >
            <Group gap="lg" mt="xs">
              {JOB_GENDERS.map((option, index) => (
                <Radio
                  key={option.value}
                  id={index === 0 ? fieldId('gender') : undefined}
                  value={option.value}
                  label={option.label}
                />
              ))}
            </Group>
          </Radio.Group>
          <DateInput
            {...text('date_of_birth')}
            onChange={change('date_of_birth')}
            label="Date of birth"
            description="You must be 18 or older"
            required
          />
          <NativeSelect
            {...text('marital_status')}
            label="Marital status"
            data={[{ value: '', label: 'Select marital status', disabled: true }, ...MARITAL_STATUSES]}
            required
          />
          <Textarea {...text('address')} label="Address" autoComplete="street-address" rows={3} required />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              Next
            </Button>
          </Group>
        </Stack>
      </Paper>
    </PageShell>
  );
}
