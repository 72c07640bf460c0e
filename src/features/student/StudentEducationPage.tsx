import './messages';
import '@mantine/core/styles/Radio.css';
import { Anchor, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { maxLengthsOf } from '../../../contract/api/limits';
import { studentRoutes } from '../../../contract/api/students';
import {
  EDUCATION_WIRE_FIELDS,
  STUDENT_EDUCATION_TYPE_NAMES,
  type StudentEducationField,
  type StudentEducationForm,
  toQualificationPayload,
} from '../../../contract/rules/student-education';
import {
  type StoredQualification,
  studentEducationMachine,
} from '../../../machines/student/studentEducation';
import {
  createStudentQualification,
  fetchStudentQualifications,
  resolveStudentId,
  updateStudentQualification,
} from '../../api/students';
import { ErrorBanner } from '../../components/ErrorBanner';
import { TextInput } from '../../components/TextField';
import { useMessage, useTranslation } from '../../i18n';
import { drafts } from '../../lib/drafts';
import { FormLock } from '../../lib/form-lock';
import { revealFirstError } from '../../lib/reveal-errors';
import { session } from '../../lib/session';
import { useFlow } from '../../lib/useFlow';
import { StudentShell } from './StudentShell';
import { StudentSteps } from './StudentSteps';

/** What the server accepts per wire field (the class and the profession are additional_information). */
const LIMITS: Record<string, number | undefined> = maxLengthsOf(studentRoutes.createQualification.body);

const DRAFT = 'studentdetails2';

const TYPE_KEYS: Record<string, string> = {
  School: 'student:education.type.School',
  College: 'student:education.type.College',
  University: 'student:education.type.University',
  Working: 'student:education.type.Working',
};

export default function StudentEducationPage() {
  const { t } = useTranslation();
  const m = useMessage();
  const [, navigate] = useLocation();
  const [userId] = useState(() => session.userId());
  const [machine] = useState(() =>
    studentEducationMachine.provide({
      actors: {
        findStudent: fromPromise<
          { studentId: number | null; qualification: StoredQualification | null },
          void
        >(async () => {
          const studentId = await resolveStudentId();
          if (!studentId) return { studentId: null, qualification: null };
          const list = await fetchStudentQualifications(studentId);
          return { studentId, qualification: list.at(-1) ?? null };
        }),
        saveQualification: fromPromise(async ({ input }) => {
          const payload = toQualificationPayload(input.values, input.studentId);
          return input.qualificationId
            ? updateStudentQualification(input.qualificationId, payload)
            : createStudentQualification(payload);
        }),
      },
      actions: {
        saveDraft: (_, params) => drafts.save(DRAFT, userId, params.values),
        clearDraft: () => drafts.clear(DRAFT, userId),
        goToSubjects: () => navigate('/subject'),
      },
    }),
  );
  const [snapshot, send] = useFlow(machine, { draft: drafts.load<StudentEducationForm>(DRAFT, userId) });
  const { values, errors, message } = snapshot.context;
  const change = (field: StudentEducationField) => (value: string) =>
    send({ type: 'field.change', field, value });
  const text = (field: StudentEducationField, label: string) => (
    <TextInput
      label={label}
      required
      value={values[field]}
      maxLength={LIMITS[EDUCATION_WIRE_FIELDS[field]]}
      error={errors[field] ? m(errors[field]) : undefined}
      onChange={(e) => change(field)(e.currentTarget.value)}
    />
  );

  if (snapshot.matches('missingStudent'))
    return (
      <StudentShell title={t('student:education.title')}>
        <ErrorBanner message={message} />
        <Anchor component={Link} href="/studentdetails1">
          {t('student:education.goToPersonal')}
        </Anchor>
      </StudentShell>
    );

  return (
    <StudentShell title={t('student:education.title')}>
      <StudentSteps step={2} />
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
            <Radio.Group
              label={t('student:education.currently')}
              required
              value={values.education_type}
              error={errors.education_type ? m(errors.education_type) : undefined}
              onChange={change('education_type')}
            >
              <Group mt="xs">
                {STUDENT_EDUCATION_TYPE_NAMES.map((name) => (
                  <Radio key={name} value={name} label={t(TYPE_KEYS[name] ?? name)} />
                ))}
              </Group>
            </Radio.Group>
            {values.education_type === 'School' ? (
              <>
                {text('school_name', t('student:education.schoolName'))}
                {text('class_standard', t('student:education.classStandard'))}
              </>
            ) : null}
            {values.education_type === 'College'
              ? text('college_name', t('student:education.collegeName'))
              : null}
            {values.education_type === 'University'
              ? text('university_name', t('student:education.universityName'))
              : null}
            {values.education_type === 'Working'
              ? text('profession', t('student:education.profession'))
              : null}
            <Text size="xs" c="dimmed">
              {t('common:draftNote')}
            </Text>
            <Group justify="space-between">
              <Button variant="default" component={Link} href="/studentdetails1">
                {t('student:back')}
              </Button>
              <Button type="submit" loading={snapshot.matches('submitting') || snapshot.matches('finding')}>
                {t('student:next')}
              </Button>
            </Group>
          </Stack>
        </FormLock>
      </form>
    </StudentShell>
  );
}
