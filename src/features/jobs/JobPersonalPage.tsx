import './messages';
import '@mantine/core/styles/Radio.css';
import { Button, Group, NativeSelect, Paper, Radio, Stack, Text } from '@mantine/core';
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
import { LogoutButton } from '../../components/LogoutButton';
import { PageShell } from '../../components/PageShell';
import { Textarea, TextInput } from '../../components/TextField';
import { useMessage, useTranslation } from '../../i18n';
import { drafts } from '../../lib/drafts';
import { FormLock } from '../../lib/form-lock';
import { revealField } from '../../lib/reveal-errors';
import { session } from '../../lib/session';
import { useFlow } from '../../lib/useFlow';
import { translatedOptions } from '../student/labels';
import { fieldId, firstFieldInError } from './form';

/** What the server accepts per field: the inputs hold no more. */
const LIMITS: Record<string, number | undefined> = maxLengthsOf(jobRoutes.createJobSeeker.body);

/** /jobdetails1: the job seeker's personal details (step 1 of 2): a local draft until Next saves them. */
export default function JobPersonalPage() {
  const { t } = useTranslation();
  const m = useMessage();
  const [, navigate] = useLocation();
  const userId = session.userId();
  const [snapshot, send] = useFlow(
    jobPersonalMachine.provide({
      actors: {
        saveDetails: fromPromise(({ input }) => saveJobSeeker(input.values)),
      },
      actions: {
        saveDraft: (_, { values }) => drafts.save('jobdetails1', userId, values),
        revealErrors: (_, { errors }) => revealField(firstFieldInError(JOB_PERSONAL_FIELDS, errors)),
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
    error: errors[field] ? m(errors[field]) : undefined,
    onChange: (event: { currentTarget: { value: string } }) => change(field)(event.currentTarget.value),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'form.submit' });
  };

  return (
    <PageShell title={t('jobs:personal.title')} headerRight={session.token() ? <LogoutButton /> : null}>
      <Text c="dimmed">{t('jobs:personal.intro')}</Text>
      {failure ? <ErrorBanner message={failure} /> : null}
      <Paper
        component="form"
        withBorder
        p="md"
        onSubmit={submit}
        noValidate
        aria-label={t('jobs:personal.title')}
      >
        <FormLock locked={snapshot.matches('saving')}>
          <Stack gap="md">
            <TextInput {...text('name')} label={t('jobs:personal.name')} autoComplete="name" required />
            <TextInput
              {...text('mobile_number')}
              label={t('jobs:personal.mobile')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder={t('jobs:personal.mobilePlaceholder')}
              required
            />
            <TextInput
              {...text('alternate_number')}
              label={t('jobs:personal.alternate')}
              type="tel"
              inputMode="numeric"
              placeholder={t('jobs:personal.alternatePlaceholder')}
            />
            <Radio.Group
              label={t('jobs:personal.gender')}
              value={values.gender}
              onChange={change('gender')}
              error={errors.gender ? m(errors.gender) : undefined}
              required
            >
              <Group gap="lg" mt="xs">
                {translatedOptions(t, 'gender', JOB_GENDERS).map((option, index) => (
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
              label={t('jobs:personal.dateOfBirth')}
              description={t('jobs:personal.adult')}
              required
            />
            <NativeSelect
              {...text('marital_status')}
              label={t('jobs:personal.maritalStatus')}
              data={[
                { value: '', label: t('jobs:personal.selectMaritalStatus'), disabled: true },
                ...translatedOptions(t, 'marital', MARITAL_STATUSES),
              ]}
              required
            />
            <Textarea
              {...text('address')}
              label={t('jobs:personal.address')}
              autoComplete="street-address"
              rows={3}
              required
            />
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                {t('jobs:next')}
              </Button>
            </Group>
          </Stack>
        </FormLock>
      </Paper>
    </PageShell>
  );
}
