import './messages';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Slider.css';
import './PreferencesPage.css';
import { Checkbox, Group, Input, Loader, MultiSelect, Radio, Slider, Stack, Text } from '@mantine/core';
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
  type PreferencesDraft,
  preferencesMachine,
  type SavedTeacher,
  type SavePreferenceInput,
  type SubjectOption,
} from '../../../machines/teacher/preferences';
import { fetchSubjects } from '../../api/reference';
import { createPreference, fetchSavedTeacher } from '../../api/teachers';
import { ErrorBanner } from '../../components/ErrorBanner';
import { FilePicker } from '../../components/FilePicker';
import { subjectChoices } from '../../components/subject-choices';
import { TextInput } from '../../components/TextField';
import { formatNumber, useMessage, useTranslation } from '../../i18n';
import { drafts } from '../../lib/drafts';
import { revealField } from '../../lib/reveal-errors';
import { session } from '../../lib/session';
import { useFlow } from '../../lib/useFlow';
import { optionLabel } from '../student/labels';
import { nextPath, useEditMode } from './edit-mode';
import { StepActions } from './StepActions';
import { RefusalNotice, StepForm, TeacherStepShell } from './TeacherStepShell';
import { blobOf, filePickerProps, IMAGE_ACCEPT } from './view-helpers';

/** What the server accepts per field: the inputs hold no more. */
const LIMITS = maxLengthsOf(teacherRoutes.savePreferences.body);

/** The yes/no questions, by field. */
const QUESTION_KEYS: Record<string, string> = {
  special_attention_children: 'teacher:preferences.question.special_attention_children',
  teaching_school: 'teacher:preferences.question.teaching_school',
  special_need_children: 'teacher:preferences.question.special_need_children',
};

const save = ({ teacherId, preference, files }: SavePreferenceInput) =>
  createPreference(teacherId, {
    ...preference,
    mark_sheet: blobOf(files.mark_sheet),
    highest_qualification_certificate: blobOf(files.highest_qualification_certificate),
    resume: blobOf(files.resume),
  });

/** Step 3 of teacher onboarding (/teacherSubject, also /teachersubject). */
export default function PreferencesPage() {
  const { t } = useTranslation();
  const m = useMessage();
  const [, navigate] = useLocation();
  const editing = useEditMode();
  const machine = useMemo(
    () =>
      preferencesMachine.provide({
        actors: {
          loadSubjects: fromPromise<SubjectOption[]>(async () =>
            (await fetchSubjects()).map(({ id, name }) => ({ id, name })),
          ),
          loadPreference: fromPromise<SavedTeacher | null, { teacherId: number | null }>(({ input }) =>
            fetchSavedTeacher(input.teacherId),
          ),
          savePreference: fromPromise<unknown, SavePreferenceInput>(({ input }) => save(input)),
        },
        actions: {
          scrollToField: (_, { field }) => revealField(field),
          goToSchedule: (_, { editing }) => navigate(nextPath('/slots', editing)),
          goBack: (_, { editing }) => navigate(nextPath('/educational_details_teacher', editing)),
          saveDraft: (_, { values }) => drafts.save('teacherSubject', session.userId(), values),
          clearDraft: () => drafts.clear('teacherSubject', session.userId()),
        },
      }),
    [navigate],
  );
  const [state, send] = useFlow(machine, {
    teacherId: session.numberOf('teacherId'),
    editing,
    draft: drafts.load<PreferencesDraft>('teacherSubject', session.userId()),
  });
  const { values, errors, files, onFile, failure, subjects, subjectsError } = state.context;
  const submitting = state.matches({ form: 'submitting' });
  const onFileLabel = (name: string | null) => (name ? t('teacher:preferences.onFile', { name }) : null);
  const error = (field: keyof typeof errors) => (errors[field] ? m(errors[field]) : undefined);
  const question = (q: (typeof YES_NO_QUESTIONS)[number]) => (
    <YesNo
      key={q.field}
      field={q.field}
      label={t(QUESTION_KEYS[q.field])}
      value={values[q.field]}
      error={error(q.field)}
      send={send}
    />
  );

  if (state.matches({ form: 'loading' })) {
    return (
      <TeacherStepShell step={3} title={t('teacher:preferences.title')}>
        <Group justify="center" py="xl">
          <Loader aria-label={t('teacher:preferences.loading')} />
        </Group>
      </TeacherStepShell>
    );
  }

  const subjectPicker = state.matches({ subjects: 'loading' }) ? (
    <Text size="sm" c="dimmed" data-field="subject_ids">
      {m(M.loadingSubjects)}
    </Text>
  ) : state.matches({ subjects: 'failed' }) ? (
    <div data-field="subject_ids">
      <ErrorBanner message={subjectsError} onRetry={() => send({ type: 'subjects.retry' })} />
    </div>
  ) : subjects.length === 0 ? (
    <Text size="sm" c="dimmed" data-field="subject_ids">
      {m(M.noSubjects)}
    </Text>
  ) : (
    <MultiSelect
      label={t('teacher:preferences.subjects')}
      required
      searchable
      placeholder={t('teacher:preferences.chooseSubjects')}
      {...subjectChoices(t, subjects)}
      value={values.subject_ids.map(String)}
      error={error('subject_ids')}
      data-field="subject_ids"
      onChange={(ids) => send({ type: 'subjects.change', ids: ids.map(Number) })}
    />
  );

  return (
    <TeacherStepShell step={3} title={t('teacher:preferences.title')}>
      <RefusalNotice refusal={state.context.refusal} />
      <StepForm
        editing={state.context.editing}
        gap="lg"
        saving={submitting}
        onSubmit={() => send({ type: 'form.submit' })}
      >
        {failure ? <ErrorBanner message={m(failure)} /> : null}
        {state.matches({ subjects: 'loaded' }) && subjects.length > 0 ? (
          subjectPicker
        ) : (
          <Input.Wrapper label={t('teacher:preferences.subjects')} required error={error('subject_ids')}>
            {subjectPicker}
          </Input.Wrapper>
        )}
        <TextInput
          label={t('teacher:preferences.experience')}
          required
          inputMode="numeric"
          value={values.prior_experience}
          maxLength={LIMITS.prior_experience}
          error={error('prior_experience')}
          data-field="prior_experience"
          onChange={(e) => send({ type: 'experience.change', value: e.currentTarget.value })}
        />
        <Checkbox.Group
          label={t('teacher:preferences.medium')}
          withAsterisk
          value={values.preferred_medium}
          error={error('preferred_medium')}
          data-field="preferred_medium"
          onChange={(list) => send({ type: 'mediums.change', values: list })}
        >
          <Group gap="md" mt={6}>
            {MEDIUMS.map((m) => (
              <Checkbox key={m} value={m.toLowerCase()} label={optionLabel(t, 'medium', m.toLowerCase())} />
            ))}
          </Group>
        </Checkbox.Group>
        {YES_NO_QUESTIONS.slice(0, 1).map(question)}
        <Input.Wrapper
          label={t('teacher:preferences.mode')}
          required
          error={error('teaching_mode')}
          data-field="teaching_mode"
        >
          <Stack gap={6} mt={6}>
            <Checkbox
              label={t('teacher:mode.online')}
              description={m(M.onlineUnavailable)}
              checked={values.online}
              disabled
              readOnly
            />
            <Checkbox
              label={t('teacher:mode.offline')}
              checked={values.offline}
              onChange={(e) => send({ type: 'offline.toggle', checked: e.currentTarget.checked })}
            />
          </Stack>
        </Input.Wrapper>
        <Input.Wrapper
          label={t('teacher:preferences.radius', { km: formatNumber(values.teaching_radius_km) })}
          error={error('teaching_radius_km')}
          data-field="teaching_radius_km"
        >
          <Slider
            className="radius-slider"
            mt="sm"
            mb="md"
            min={RADIUS_MIN}
            max={RADIUS_MAX}
            step={1}
            value={values.teaching_radius_km}
            onChange={(value) => send({ type: 'radius.change', value })}
            thumbLabel={t('teacher:preferences.radiusThumb')}
            marks={[
              { value: 0, label: formatNumber(0) },
              { value: 25, label: formatNumber(25) },
              { value: 50, label: t('teacher:summary.km', { km: formatNumber(50) }) },
            ]}
          />
        </Input.Wrapper>
        {YES_NO_QUESTIONS.slice(1, 2).map(question)}
        <FilePicker
          label={t('teacher:preferences.marksheet')}
          accept={IMAGE_ACCEPT}
          required
          hint={m(M.fileHint)}
          {...filePickerProps('mark_sheet', files, error('mark_sheet'), send)}
          onFileLabel={onFileLabel(onFile.mark_sheet)}
        />
        <FilePicker
          label={t('teacher:preferences.certificate')}
          accept={IMAGE_ACCEPT}
          required
          hint={m(M.fileHint)}
          {...filePickerProps(
            'highest_qualification_certificate',
            files,
            error('highest_qualification_certificate'),
            send,
          )}
          onFileLabel={onFileLabel(onFile.highest_qualification_certificate)}
        />
        {YES_NO_QUESTIONS.slice(2).map(question)}
        <FilePicker
          label={t('teacher:preferences.resume')}
          accept=".pdf,application/pdf"
          hint={t('teacher:preferences.pdfOnly')}
          {...filePickerProps('resume', files, error('resume'), send)}
          onFileLabel={onFileLabel(onFile.resume)}
        />
        <StepActions
          submitting={submitting}
          onBack={() => send({ type: 'form.back' })}
          keepsDraft={!state.context.saved}
        />
      </StepForm>
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
  const { t } = useTranslation();
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
        <Radio value="yes" label={t('teacher:yes')} />
        <Radio value="no" label={t('teacher:no')} />
      </Group>
    </Radio.Group>
  );
}
