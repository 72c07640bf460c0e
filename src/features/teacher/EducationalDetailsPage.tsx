import {
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { maxLengthsOf } from '../../../contract/api/limits';
import { teacherRoutes } from '../../../contract/api/teachers';
import { SCHOOL_BOARDS, UNIVERSITIES } from '../../../contract/constants';
import {
  TEACHER_EDUCATION_MESSAGES as M,
  OTHER_DEGREE,
  type TeacherEducationField,
} from '../../../contract/rules/teacher-education';
import {
  educationalDetailsMachine,
  type Option,
  type SavedQualification,
  type SaveQualificationInput,
} from '../../../machines/teacher/educationalDetails';
import { fetchDegrees, fetchSubjects } from '../../api/reference';
import { createQualification, fetchSavedTeacher, updateQualification } from '../../api/teachers';
import { ErrorBanner } from '../../components/ErrorBanner';
import { session } from '../../lib/session';
import { useFlow } from '../../lib/useFlow';
import { EditModeBar, nextPath, useEditMode } from './edit-mode';
import { StepActions } from './StepActions';
import { TeacherStepShell } from './TeacherStepShell';
import { scrollToField } from './view-helpers';

/** What the server accepts per field: the inputs hold no more. */
const LIMITS: Record<string, number | undefined> = maxLengthsOf(teacherRoutes.createQualification.body);

const names = (list: { id: number; name: string }[]): Option[] => list.map(({ id, name }) => ({ id, name }));

/** Step 2 of teacher onboarding (/educational_details_teacher). */
export default function EducationalDetailsPage() {
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
          scrollToField: (_, { field }) => scrollToField(field),
          goToPreferences: (_, { editing }) => navigate(nextPath('/teacherSubject', editing)),
          goBack: (_, { editing }) => navigate(nextPath('/personal_details_teacher', editing)),
        },
      }),
    [navigate],
  );
  const [state, send] = useFlow(machine, { teacherId: session.numberOf('teacherId'), editing });
  const { values, errors, degrees, subjects, failure, loadError, universityFreeText } = state.context;
  const change = (field: TeacherEducationField) => ({
    value: values[field],
    maxLength: LIMITS[field],
    error: errors[field],
    'data-field': field,
    onChange: (e: { currentTarget: { value: string } }) =>
      send({ type: 'field.change', field, value: e.currentTarget.value }),
  });

  if (state.matches('loading')) {
    return (
      <TeacherStepShell step={2} title="Educational Details">
        <Group justify="center" py="xl">
          <Loader aria-label="Loading" />
        </Group>
      </TeacherStepShell>
    );
  }

  if (state.matches('loadFailed')) {
    return (
      <TeacherStepShell step={2} title="Educational Details">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {M.couldNotLoad}
          </Title>
          <ErrorBanner
            message={M.connectionProblem}
            onRetry={() => send({ type: 'data.retry' })}
            retryLabel="Try Again"
          >
            {loadError ? (
              <Text size="sm" c="red.9">
                {loadError}
              </Text>
            ) : null}
          </ErrorBanner>
        </Stack>
      </TeacherStepShell>
    );
  }

  const submitting = state.matches('submitting');
  return (
    <TeacherStepShell step={2} title="Educational Details">
      {state.context.editing ? <EditModeBar /> : null}
      <Paper
        component="form"
        noValidate
        p="md"
        withBorder
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'form.submit' });
        }}
      >
        <Stack gap="md">
          <NativeSelect
            label="Highest qualification"
            required
            data={[
              { value: '', label: 'Select your qualification' },
              ...degrees.map((d) => ({ value: String(d.id), label: d.name })),
              { value: OTHER_DEGREE, label: 'Other' },
            ]}
            {...change('degree_id')}
          />
          {values.degree_id === OTHER_DEGREE ? (
            <TextInput label="Please specify your qualification" required {...change('degree_name')} />
          ) : null}
          <Select
            label="Specialized subject"
            required
            searchable
            placeholder="Search subjects"
            nothingFoundMessage="No subjects match"
            data={subjects.map((s) => ({ value: String(s.id), label: s.name }))}
            value={values.subject_id || null}
            error={errors.subject_id}
            data-field="subject_id"
            onChange={(value) => send({ type: 'field.change', field: 'subject_id', value: value ?? '' })}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput label="School name" required {...change('school_name')} />
          <NativeSelect
            label="School education board"
            required
            data={SCHOOL_BOARDS.map((b) => ({ value: b.value, label: b.label }))}
            {...change('school_education_board')}
          />
          <TextInput label="College name" required {...change('college_name')} />
          {universityFreeText ? (
            <Stack gap={4}>
              <TextInput label="University name" required {...change('university_name')} />
              <Button
                variant="subtle"
                size="compact-sm"
                style={{ alignSelf: 'flex-start' }}
                onClick={() => send({ type: 'university.showDropdown' })}
              >
                Show Dropdown
              </Button>
            </Stack>
          ) : (
            <NativeSelect
              label="University"
              required
              data={[
                { value: '', label: 'Select your university' },
                ...UNIVERSITIES.map((u) => ({ value: u, label: u })),
              ]}
              value={values.university_name}
              error={errors.university_name}
              data-field="university_name"
              onChange={(e) => send({ type: 'university.select', value: e.currentTarget.value })}
            />
          )}
          <TextInput
            label="Year of passing"
            required
            inputMode="numeric"
            placeholder="e.g. 2023"
            {...change('year_of_passing')}
            maxLength={4}
          />
          <StepActions failure={failure} submitting={submitting} onBack={() => send({ type: 'form.back' })} />
        </Stack>
      </Paper>
    </TeacherStepShell>
  );
}
