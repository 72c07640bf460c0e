import './messages';
import { Button, Group, Loader, NativeSelect, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { maxLengthsOf } from '../../../contract/api/limits';
import { teacherRoutes } from '../../../contract/api/teachers';
import { SCHOOL_BOARDS } from '../../../contract/constants';
import {
  TEACHER_EDUCATION_MESSAGES as M,
  OTHER_DEGREE,
  type TeacherEducationField,
} from '../../../contract/rules/teacher-education';
import {
  type EducationDraft,
  educationalDetailsMachine,
  type Option,
  type SavedQualification,
  type SaveQualificationInput,
} from '../../../machines/teacher/educationalDetails';
import { fetchDegrees, fetchSubjects } from '../../api/reference';
import { createQualification, fetchSavedTeacher, updateQualification } from '../../api/teachers';
import { ErrorBanner } from '../../components/ErrorBanner';
import { subjectChoices } from '../../components/subject-choices';
import { TextInput } from '../../components/TextField';
import { formatDigits, namedOptions, optionName, useMessage, useTranslation } from '../../i18n';
import { drafts } from '../../lib/drafts';
import { revealField } from '../../lib/reveal-errors';
import { session } from '../../lib/session';
import { useFlow } from '../../lib/useFlow';
import { nextPath, useEditMode } from './edit-mode';
import { StepActions } from './StepActions';
import { StepForm, TeacherStepShell } from './TeacherStepShell';

const BOARD_KEYS: Record<string, string> = {
  cbse: 'teacher:education.board.cbse',
  icse: 'teacher:education.board.icse',
  state: 'teacher:education.board.state',
  other: 'teacher:education.board.other',
};

/** What the server accepts per field: the inputs hold no more. */
const LIMITS: Record<string, number | undefined> = maxLengthsOf(teacherRoutes.createQualification.body);

const names = (list: { id: number; name: string }[]): Option[] => list.map(({ id, name }) => ({ id, name }));

/** Step 2 of teacher onboarding (/educational_details_teacher). */
export default function EducationalDetailsPage() {
  const { t } = useTranslation();
  const m = useMessage();
  const [, navigate] = useLocation();
  const editing = useEditMode();
  const machine = useMemo(
    () =>
      educationalDetailsMachine.provide({
        actors: {
          loadDegrees: fromPromise<Option[]>(async () => names(await fetchDegrees())),
          loadSubjects: fromPromise<Option[]>(async () => names(await fetchSubjects())),
          loadQualification: fromPromise<SavedQualification | null, { teacherId: number | null }>(
            async ({ input }) =>
              (await fetchSavedTeacher(input.teacherId))?.teacher_educational_qualification ?? null,
          ),
          saveQualification: fromPromise<unknown, SaveQualificationInput>(({ input }) =>
            input.qualificationId
              ? updateQualification(input.qualificationId, input.qualification)
              : createQualification(input.teacherId, input.qualification),
          ),
        },
        actions: {
          scrollToField: (_, { field }) => revealField(field),
          goToPreferences: (_, { editing }) => navigate(nextPath('/teacherSubject', editing)),
          goBack: (_, { editing }) => navigate(nextPath('/personal_details_teacher', editing)),
          saveDraft: (_, { draft }) => drafts.save('educational_details_teacher', session.userId(), draft),
          clearDraft: () => drafts.clear('educational_details_teacher', session.userId()),
        },
      }),
    [navigate],
  );
  const [state, send] = useFlow(machine, {
    teacherId: session.numberOf('teacherId'),
    editing,
    draft: drafts.load<EducationDraft>('educational_details_teacher', session.userId()),
  });
  const { values, errors, degrees, subjects, failure, loadError, universityFreeText } = state.context;
  const change = (field: TeacherEducationField) => ({
    value: values[field],
    maxLength: LIMITS[field],
    error: errors[field] ? m(errors[field]) : undefined,
    'data-field': field,
    onChange: (e: { currentTarget: { value: string } }) =>
      send({ type: 'field.change', field, value: e.currentTarget.value }),
  });

  if (state.matches('loading')) {
    return (
      <TeacherStepShell step={2} title={t('teacher:education.title')}>
        <Group justify="center" py="xl">
          <Loader aria-label={t('teacher:loading')} />
        </Group>
      </TeacherStepShell>
    );
  }

  if (state.matches('loadFailed')) {
    return (
      <TeacherStepShell step={2} title={t('teacher:education.title')}>
        <Stack gap="sm">
          <Title order={2} size="h3">
            {m(M.couldNotLoad)}
          </Title>
          <ErrorBanner
            message={M.connectionProblem}
            onRetry={() => send({ type: 'data.retry' })}
            retryLabel={t('teacher:education.tryAgain')}
          >
            {loadError ? (
              <Text size="sm" c="red.9">
                {m(loadError)}
              </Text>
            ) : null}
          </ErrorBanner>
        </Stack>
      </TeacherStepShell>
    );
  }

  const submitting = state.matches('submitting');
  return (
    <TeacherStepShell step={2} title={t('teacher:education.title')}>
      <StepForm
        editing={state.context.editing}
        saving={submitting}
        onSubmit={() => send({ type: 'form.submit' })}
      >
        <NativeSelect
          label={t('teacher:education.highest')}
          required
          data={[
            { value: '', label: t('teacher:education.selectQualification') },
            ...degrees.map((d) => ({
              value: String(d.id),
              label: optionName(t, 'options:degree', String(d.id), d.name),
            })),
            { value: OTHER_DEGREE, label: t('teacher:education.otherDegree') },
          ]}
          {...change('degree_id')}
        />
        {values.degree_id === OTHER_DEGREE ? (
          <TextInput label={t('teacher:education.specify')} required {...change('degree_name')} />
        ) : null}
        <Select
          label={t('teacher:education.specialized')}
          required
          searchable
          placeholder={t('teacher:education.searchSubjects')}
          nothingFoundMessage={t('teacher:education.noSubjectsMatch')}
          {...subjectChoices(t, subjects)}
          value={values.subject_id || null}
          error={errors.subject_id ? m(errors.subject_id) : undefined}
          data-field="subject_id"
          onChange={(value) => send({ type: 'field.change', field: 'subject_id', value: value ?? '' })}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput label={t('teacher:education.schoolName')} required {...change('school_name')} />
        <NativeSelect
          label={t('teacher:education.schoolBoard')}
          required
          data={SCHOOL_BOARDS.map((b) => ({
            value: b.value,
            label: BOARD_KEYS[b.value] ? t(BOARD_KEYS[b.value]) : b.label,
          }))}
          {...change('school_education_board')}
        />
        <TextInput label={t('teacher:education.collegeName')} required {...change('college_name')} />
        {universityFreeText ? (
          <Stack gap={4}>
            <TextInput
              label={t('teacher:education.universityName')}
              required
              {...change('university_name')}
            />
            <Button
              variant="subtle"
              size="compact-sm"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => send({ type: 'university.showDropdown' })}
            >
              {t('teacher:education.showDropdown')}
            </Button>
          </Stack>
        ) : (
          <NativeSelect
            label={t('teacher:education.university')}
            required
            data={[
              { value: '', label: t('teacher:education.selectUniversity') },
              ...namedOptions(t, 'options:university'),
            ]}
            value={values.university_name}
            error={errors.university_name ? m(errors.university_name) : undefined}
            data-field="university_name"
            onChange={(e) => send({ type: 'university.select', value: e.currentTarget.value })}
          />
        )}
        <TextInput
          label={t('teacher:education.yearOfPassing')}
          required
          inputMode="numeric"
          placeholder={t('teacher:education.yearExample', { year: formatDigits(2023) })}
          {...change('year_of_passing')}
          maxLength={4}
          tooLong={M.yearInvalid}
        />
        <StepActions
          failure={failure}
          submitting={submitting}
          onBack={() => send({ type: 'form.back' })}
          keepsDraft={state.context.qualificationId === null}
        />
      </StepForm>
    </TeacherStepShell>
  );
}
