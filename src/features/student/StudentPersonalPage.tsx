import './messages';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { maxLengthsOf } from '../../../contract/api/limits';
import { studentRoutes } from '../../../contract/api/students';
import { MOBILE_DIGITS } from '../../../contract/constants';
import { digitsOnly } from '../../../contract/rules/common';
import {
  MARITAL_STATUSES,
  STUDENT_GENDERS,
  type StudentPersonalField,
  type StudentPersonalForm,
  studentAge,
  toStudentPayload,
} from '../../../contract/rules/student';
import { type StoredStudent, studentPersonalMachine } from '../../../machines/student/studentPersonal';
import { createStudent, fetchStudent, resolveStudentId, updateStudent } from '../../api/students';
import { DateInput } from '../../components/DateInput';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Textarea, TextInput } from '../../components/TextField';
import { formatNumber, useMessage, useTranslation } from '../../i18n';
import { drafts } from '../../lib/drafts';
import { FormLock } from '../../lib/form-lock';
import { revealFirstError } from '../../lib/reveal-errors';
import { session } from '../../lib/session';
import { useFlow } from '../../lib/useFlow';
import { translatedOptions } from './labels';
import { StudentShell } from './StudentShell';
import { StudentSteps } from './StudentSteps';

/** What the server accepts per field: the inputs hold no more. */
const LIMITS = maxLengthsOf(studentRoutes.createStudent.body);

const DRAFT = 'studentdetails1';

export default function StudentPersonalPage() {
  const { t } = useTranslation();
  const m = useMessage();
  const [, navigate] = useLocation();
  const [userId] = useState(() => (session.token() ? session.userId() : null));
  const [machine] = useState(() =>
    studentPersonalMachine.provide({
      actors: {
        findStudent: fromPromise<StoredStudent | null, void>(async () => {
          const id = await resolveStudentId();
          return id ? fetchStudent(id) : null;
        }),
        saveStudent: fromPromise(async ({ input }) => {
          const payload = toStudentPayload(input.values, input.userId, new Date(`${input.today}T12:00:00`));
          return input.studentId ? updateStudent(input.studentId, payload) : createStudent(payload);
        }),
      },
      actions: {
        saveDraft: (_, params) => drafts.save(DRAFT, userId, params.values),
        clearDraft: () => drafts.clear(DRAFT, userId),
        storeStudentId: (_, params) => session.set('studentId', params.studentId),
        goToEducation: () => navigate('/studentdetails2'),
        goHome: () => navigate('/'),
      },
    }),
  );
  const [snapshot, send] = useFlow(machine, {
    userId,
    draft: drafts.load<StudentPersonalForm>(DRAFT, userId),
  });
  const { values, errors, message } = snapshot.context;
  const busy = snapshot.matches('submitting') || snapshot.matches('finding');
  const change = (field: StudentPersonalField) => (value: string) =>
    send({ type: 'field.change', field, value });
  const age = studentAge(values.date_of_birth);
  const error = (field: StudentPersonalField) => (errors[field] ? m(errors[field]) : undefined);

  if (snapshot.matches('signedOut') || snapshot.matches('left'))
    return (
      <StudentShell title={t('student:personal.title')}>
        <ErrorBanner message={message} />
      </StudentShell>
    );

  return (
    <StudentShell title={t('student:personal.title')}>
      <StudentSteps step={1} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'form.submit' });
          revealFirstError(e.currentTarget);
        }}
      >
        <FormLock locked={snapshot.matches('submitting')}>
          <Stack gap="md">
            {message ? <ErrorBanner message={message} /> : null}
            <TextInput
              label={t('student:personal.name')}
              required
              value={values.name}
              maxLength={LIMITS.name}
              error={error('name')}
              onChange={(e) => change('name')(e.currentTarget.value)}
            />
            <TextInput
              label={t('student:personal.mobile')}
              required
              inputMode="numeric"
              autoComplete="tel-national"
              value={values.mobile_number}
              error={error('mobile_number')}
              onChange={(e) => change('mobile_number')(digitsOnly(e.currentTarget.value, MOBILE_DIGITS))}
            />
            <NativeSelect
              label={t('student:personal.gender')}
              required
              value={values.gender}
              error={error('gender')}
              data={[
                { value: '', label: t('student:personal.selectGender') },
                ...translatedOptions(t, 'gender', STUDENT_GENDERS),
              ]}
              onChange={(e) => change('gender')(e.currentTarget.value)}
            />
            <DateInput
              label={t('student:personal.dateOfBirth')}
              required
              value={values.date_of_birth}
              error={error('date_of_birth')}
              description={
                age !== null ? t('student:personal.age', { count: age, age: formatNumber(age) }) : undefined
              }
              onChange={change('date_of_birth')}
            />
            <NativeSelect
              label={t('student:personal.maritalStatus')}
              required
              value={values.marital_status}
              error={error('marital_status')}
              data={[
                { value: '', label: t('student:personal.selectMaritalStatus') },
                ...translatedOptions(t, 'marital', MARITAL_STATUSES),
              ]}
              onChange={(e) => change('marital_status')(e.currentTarget.value)}
            />
            <Textarea
              label={t('student:personal.address')}
              required
              minRows={2}
              value={values.address}
              maxLength={LIMITS.address}
              error={error('address')}
              onChange={(e) => change('address')(e.currentTarget.value)}
            />
            <TextInput
              label={t('student:personal.guardianMobile')}
              inputMode="numeric"
              value={values.guardian_number}
              error={error('guardian_number')}
              onChange={(e) => change('guardian_number')(digitsOnly(e.currentTarget.value, MOBILE_DIGITS))}
            />
            <Text size="xs" c="dimmed">
              {t('common:draftNote')}
            </Text>
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                {t('student:next')}
              </Button>
            </Group>
          </Stack>
        </FormLock>
      </form>
    </StudentShell>
  );
}
