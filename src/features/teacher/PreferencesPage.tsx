import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Slider.css';
import {
  Checkbox,
  Group,
  Input,
  Loader,
  MultiSelect,
  Paper,
  Radio,
  Slider,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { maxLengthsOf } from '../../../contract/api/limits';
import { teacherRoutes } from '../../../contract/api/teachers';
import { MEDIUMS, RADIUS_MAX, RADIUS_MIN } from '../../../contract/constants';
import {
  TEACHER_PREFERENCE_MESSAGES as M,
  YES_NO_QUESTIONS,
} from '../../../contract/rules/teacher-preferences';
import {
  preferencesMachine,
  type SavedPreference,
  type SavePreferenceInput,
  type SubjectOption,
} from '../../../machines/teacher/preferences';
import { fetchSubjects } from '../../api/reference';
import { createPreference, fetchSavedTeacher } from '../../api/teachers';
import { ErrorBanner } from '../../components/ErrorBanner';
import { FilePicker } from '../../components/FilePicker';
import { session } from '../../lib/session';
import { useFlow } from '../../lib/useFlow';
import { EditModeBar, nextPath, useEditMode } from './edit-mode';
import { StepActions } from './StepActions';
import { TeacherStepShell } from './TeacherStepShell';
import { blobOf, scrollToField } from './view-helpers';

/** What the server accepts per field: the inputs hold no more. */
const LIMITS = maxLengthsOf(teacherRoutes.savePreferences.body);

const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

const save = ({ teacherId, preference, files }: SavePreferenceInput) =>
  createPreference(teacherId, {
    ...preference,
    mark_sheet: blobOf(files.mark_sheet),
    highest_qualification_certificate: blobOf(files.highest_qualification_certificate),
    resume: blobOf(files.resume),
  });

/** Step 3 of teacher onboarding (/teacherSubject, also /teachersubject). */
export default function PreferencesPage() {
  const [, navigate] = useLocation();
  const editing = useEditMode();
  const machine = useMemo(
    () =>
      preferencesMachine.provide({
        actors: {
          loadSubjects: fromPromise<SubjectOption[]>(async () =>
            (await fetchSubjects()).map(({ id, name }) => ({ id, name })),
          ),
          loadPreference: fromPromise<SavedPreference | null, { teacherId: number | null }>(
            async ({ input }) => (await fetchSavedTeacher(input.teacherId))?.teacher_preference ?? null,
          ),
          savePreference: fromPromise<unknown, SavePreferenceInput>(({ input }) => save(input)),
        },
        actions: {
          scrollToField: (_, { field }) => scrollToField(field),
          goToSchedule: (_, { editing }) => navigate(nextPath('/slots', editing)),
          goBack: (_, { editing }) => navigate(nextPath('/educational_details_teacher', editing)),
        },
      }),
    [navigate],
  );
  const [state, send] = useFlow(machine, { teacherId: session.numberOf('teacherId'), editing });
  const { values, errors, files, onFile, failure, subjects, subjectsError } = state.context;
  const submitting = state.matches({ form: 'submitting' });
  const onFileLabel = (name: string | null) => (name ? `On file: ${name}` : null);

  if (state.matches({ form: 'loading' })) {
    return (
      <TeacherStepShell step={3} title="Teaching Preferences">
        <Group justify="center" py="xl">
          <Loader aria-label="Loading your preferences" />
        </Group>
      </TeacherStepShell>
    );
  }

  const subjectPicker = state.matches({ subjects: 'loading' }) ? (
    <Text size="sm" c="dimmed" data-field="subject_ids">
      {M.loadingSubjects}
    </Text>
  ) : state.matches({ subjects: 'failed' }) ? (
    <div data-field="subject_ids">
      <ErrorBanner message={subjectsError} onRetry={() => send({ type: 'subjects.retry' })} />
    </div>
  ) : subjects.length === 0 ? (
    <Text size="sm" c="dimmed" data-field="subject_ids">
      {M.noSubjects}
    </Text>
  ) : (
    <MultiSelect
      label="Subjects you teach"
      required
      searchable
      placeholder="Choose subjects"
      data={subjects.map((s) => ({ value: String(s.id), label: s.name }))}
      value={values.subject_ids.map(String)}
      error={errors.subject_ids}
      data-field="subject_ids"
      onChange={(ids) => send({ type: 'subjects.change', ids: ids.map(Number) })}
    />
  );

  return (
    <TeacherStepShell step={3} title="Teaching Preferences">
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
        <Stack gap="lg">
          {failure ? <ErrorBanner message={failure} /> : null}
          {state.matches({ subjects: 'loaded' }) && subjects.length > 0 ? (
            subjectPicker
          ) : (
            <Input.Wrapper label="Subjects you teach" required error={errors.subject_ids}>
              {subjectPicker}
            </Input.Wrapper>
          )}
          <TextInput
            label="Teaching experience (years)"
            required
            inputMode="numeric"
            value={values.prior_experience}
            maxLength={LIMITS.prior_experience}
            error={errors.prior_experience}
            data-field="prior_experience"
            onChange={(e) => send({ type: 'experience.change', value: e.currentTarget.value })}
          />
          <Checkbox.Group
            label="Medium of teaching"
            withAsterisk
            value={values.preferred_medium}
            error={errors.preferred_medium}
            data-field="preferred_medium"
            onChange={(list) => send({ type: 'mediums.change', values: list })}
          >
            <Group gap="md" mt={6}>
              {MEDIUMS.map((m) => (
                <Checkbox key={m} value={m.toLowerCase()} label={m} />
              ))}
            </Group>
          </Checkbox.Group>
          {YES_NO_QUESTIONS.slice(0, 1).map((q) => (
            <YesNo key={q.field} {...q} value={values[q.field]} error={errors[q.field]} send={send} />
          ))}
          <Input.Wrapper
            label="Teaching mode"
            required
            error={errors.teaching_mode}
            data-field="teaching_mode"
          >
            <Stack gap={6} mt={6}>
              <Checkbox
                label="Online"
                description={M.onlineUnavailable}
                checked={values.online}
                disabled
                readOnly
              />
              <Checkbox
                label="Offline"
                checked={values.offline}
                onChange={(e) => send({ type: 'offline.toggle', checked: e.currentTarget.checked })}
              />
            </Stack>
          </Input.Wrapper>
          <Input.Wrapper
            label={`Teaching radius: ${values.teaching_radius_km} km`}
            error={errors.teaching_radius_km}
            data-field="teaching_radius_km"
          >
            <Slider
              mt="sm"
              mb="md"
              min={RADIUS_MIN}
              max={RADIUS_MAX}
              step={1}
              value={values.teaching_radius_km}
              onChange={(value) => send({ type: 'radius.change', value })}
              thumbLabel="Teaching radius (km)"
              marks={[
                { value: 0, label: '0' },
                { value: 25, label: '25' },
                { value: 50, label: '50 km' },
              ]}
            />
          </Input.Wrapper>
          {YES_NO_QUESTIONS.slice(1, 2).map((q) => (
            <YesNo key={q.field} {...q} value={values[q.field]} error={errors[q.field]} send={send} />
          ))}
          <FilePicker
            label="Marksheet (class 12)"
            field="mark_sheet"
            accept={IMAGE_ACCEPT}
            required
            hint={M.fileHint}
            file={files.mark_sheet}
            error={errors.mark_sheet}
            onFileLabel={onFileLabel(onFile.mark_sheet)}
            onPick={(file) => send({ type: 'file.pick', field: 'mark_sheet', file })}
            onRemove={() => send({ type: 'file.remove', field: 'mark_sheet' })}
          />
          <FilePicker
            label="Highest qualification certificate"
            field="highest_qualification_certificate"
            accept={IMAGE_ACCEPT}
            required
            hint={M.fileHint}
            file={files.highest_qualification_certificate}
            error={errors.highest_qualification_certificate}
            onFileLabel={onFileLabel(onFile.highest_qualification_certificate)}
            onPick={(file) => send({ type: 'file.pick', field: 'highest_qualification_certificate', file })}
            onRemove={() => send({ type: 'file.remove', field: 'highest_qualification_certificate' })}
          />
          {YES_NO_QUESTIONS.slice(2).map((q) => (
            <YesNo key={q.field} {...q} value={values[q.field]} error={errors[q.field]} send={send} />
          ))}
          <FilePicker
            label="Resume (optional)"
            field="resume"
            accept=".pdf,application/pdf"
            hint="PDF only"
            file={files.resume}
            error={errors.resume}
            onFileLabel={onFileLabel(onFile.resume)}
            onPick={(file) => send({ type: 'file.pick', field: 'resume', file })}
            onRemove={() => send({ type: 'file.remove', field: 'resume' })}
          />
          <StepActions submitting={submitting} onBack={() => send({ type: 'form.back' })} />
        </Stack>
      </Paper>
    </TeacherStepShell>
  );
}

function YesNo({
  field,
  label,
  value,
  error,
  send,
}: {
  field: (typeof YES_NO_QUESTIONS)[number]['field'];
  label: string;
  value: boolean | null;
  error?: string;
  send: (event: {
    type: 'answer.change';
    field: (typeof YES_NO_QUESTIONS)[number]['field'];
    value: boolean;
  }) => void;
}) {
  return (
    <Radio.Group
      label={label}
      withAsterisk
      value={value === null ? '' : value ? 'yes' : 'no'}
      error={error}
      data-field={field}
      onChange={(v) => send({ type: 'answer.change', field, value: v === 'yes' })}
    >
      <Group gap="lg" mt={6}>
        <Radio value="yes" label="Yes" />
        <Radio value="no" label="No" />
      </Group>
    </Radio.Group>
  );
}
