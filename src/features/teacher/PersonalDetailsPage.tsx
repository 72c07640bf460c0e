import './messages';
import { Button, Checkbox, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { maxLengthsOf } from '../../../contract/api/limits';
import { teacherRoutes } from '../../../contract/api/teachers';
import { GENDERS, TEACHER_PERSONAL_MESSAGES as M } from '../../../contract/rules/teacher-personal';
import {
  type PersonalDraft,
  type PersonalTextField,
  personalDetailsMachine,
  type SaveTeacherInput,
  type StoredTeacher,
} from '../../../machines/teacher/personalDetails';
import { fetchTeacher, saveTeacher } from '../../api/teachers';
import { DateInput } from '../../components/DateInput';
import { ErrorBanner } from '../../components/ErrorBanner';
import { FilePicker } from '../../components/FilePicker';
import { Textarea, TextInput } from '../../components/TextField';
import { formatNumber, useMessage, useTranslation } from '../../i18n';
import { drafts } from '../../lib/drafts';
import { revealField } from '../../lib/reveal-errors';
import { session } from '../../lib/session';
import { useFlow } from '../../lib/useFlow';
import { nextPath, useEditMode } from './edit-mode';
import { StepActions } from './StepActions';
import { RefusalNotice, StepForm, TeacherStepShell } from './TeacherStepShell';
import { blobOf, filePickerProps, geolocationActor, IMAGE_ACCEPT } from './view-helpers';

const GENDER_KEYS: Record<string, string> = {
  male: 'teacher:personal.genders.male',
  female: 'teacher:personal.genders.female',
  others: 'teacher:personal.genders.others',
};

function save(input: SaveTeacherInput) {
  const v = input.values;
  return saveTeacher(input.teacherId, {
    user_id: input.userId,
    name: v.name.trim(),
    email: v.email.trim(),
    mobile_number: v.mobile_number,
    whatsapp_number: input.wire.whatsapp_number,
    gender: v.gender,
    date_of_birth: input.wire.date_of_birth,
    address: v.address.trim(),
    latitude: v.latitude,
    longitude: v.longitude,
    aadhar_photo: blobOf(input.files.aadhar_photo),
    profile_photo: blobOf(input.files.profile_photo),
  });
}

/** What the server accepts per field: the inputs hold no more. */
const LIMITS = maxLengthsOf(teacherRoutes.createTeacher.body);

/** Step 1 of teacher onboarding (/personal_details_teacher). */
export default function PersonalDetailsPage() {
  const { t } = useTranslation();
  const m = useMessage();
  const [, navigate] = useLocation();
  const editing = useEditMode();
  const userId = session.userId();
  const input = useMemo(
    () => ({
      userId,
      hasToken: Boolean(session.token()),
      email: session.get('userEmail'),
      teacherId: session.numberOf('teacherId'),
      draft: drafts.load<PersonalDraft>('personaldetails', userId),
      editing,
    }),
    [userId, editing],
  );
  const machine = useMemo(
    () =>
      personalDetailsMachine.provide({
        actors: {
          getLocation: geolocationActor,
          loadTeacher: fromPromise<StoredTeacher | null, { teacherId: number | null }>(({ input }) =>
            input.teacherId ? fetchTeacher(input.teacherId) : Promise.resolve(null),
          ),
          saveTeacher: fromPromise<StoredTeacher, SaveTeacherInput>(({ input }) => save(input)),
        },
        actions: {
          saveDraft: (_, { values }) => drafts.save('personaldetails', userId, values),
          clearDraft: () => drafts.clear('personaldetails', userId),
          storeTeacher: (_, { teacher }) => {
            session.set('teacherId', teacher.id);
            session.set('teacherData', JSON.stringify(teacher));
          },
          scrollToField: (_, { field }) => revealField(field),
          goToEducation: (_, { editing }) => navigate(nextPath('/educational_details_teacher', editing)),
          // Back from step 1 (only offered to a teacher with a profile): the dashboard; nobody: /.
          goHome: (_, { editing }) =>
            navigate(editing || (session.token() && session.numberOf('teacherId')) ? '/dashboard' : '/'),
        },
      }),
    [navigate, userId],
  );
  const [state, send] = useFlow(machine, input);
  const { values, errors, files, onFile, failure, notice, locationMessage, emailLocked } = state.context;
  const submitting = state.matches({ active: { form: 'submitting' } });
  const loading = state.matches({ active: { form: 'loadingTeacher' } });

  if (notice) {
    return (
      <TeacherStepShell step={1} title={t('teacher:personal.title')}>
        <ErrorBanner message={notice} />
      </TeacherStepShell>
    );
  }

  const error = (field: keyof typeof errors) => (errors[field] ? m(errors[field]) : undefined);
  const text = (field: PersonalTextField) => ({
    value: values[field],
    maxLength: LIMITS[field],
    error: error(field),
    'data-field': field,
    onChange: (e: { currentTarget: { value: string } }) =>
      send({ type: 'field.change', field, value: e.currentTarget.value }),
  });

  return (
    <TeacherStepShell step={1} title={t('teacher:personal.title')}>
      <RefusalNotice refusal={state.context.refusal} />
      <StepForm
        editing={state.context.editing}
        saving={submitting}
        onSubmit={() => send({ type: 'form.submit', userId: session.userId() })}
      >
        {loading ? <Text c="dimmed">{t('teacher:personal.loading')}</Text> : null}
        <TextInput label={t('teacher:personal.name')} required autoComplete="name" {...text('name')} />
        <TextInput
          label={t('teacher:personal.email')}
          type="email"
          required
          readOnly={emailLocked}
          autoComplete="email"
          {...text('email')}
        />
        <TextInput
          label={t('teacher:personal.mobile')}
          type="tel"
          inputMode="numeric"
          required
          autoComplete="tel-national"
          {...text('mobile_number')}
        />
        <Stack gap={6}>
          <TextInput
            label={t('teacher:personal.whatsapp')}
            type="tel"
            inputMode="numeric"
            readOnly={values.same_as_mobile}
            required={!values.same_as_mobile}
            {...text('whatsapp_number')}
          />
          <Checkbox
            label={t('teacher:personal.sameAsMobile')}
            checked={values.same_as_mobile}
            onChange={(e) => send({ type: 'whatsapp.sameAsMobile', checked: e.currentTarget.checked })}
          />
        </Stack>
        <NativeSelect
          label={t('teacher:personal.gender')}
          required
          data={[
            { value: '', label: t('teacher:personal.selectGender') },
            ...GENDERS.map((g) => ({
              value: g.value,
              label: GENDER_KEYS[g.value] ? t(GENDER_KEYS[g.value]) : g.label,
            })),
          ]}
          {...text('gender')}
        />
        <DateInput
          label={t('teacher:personal.dateOfBirth')}
          required
          {...text('date_of_birth')}
          onChange={(value) => send({ type: 'field.change', field: 'date_of_birth', value })}
        />
        <Textarea
          label={t('teacher:personal.address')}
          required
          rows={3}
          autoComplete="street-address"
          {...text('address')}
        />
        <Group grow align="flex-start">
          <TextInput label={t('teacher:personal.latitude')} readOnly {...text('latitude')} />
          <TextInput label={t('teacher:personal.longitude')} readOnly {...text('longitude')} />
        </Group>
        {state.matches({ active: { location: 'locating' } }) ? (
          <Text size="sm" c="dimmed">
            {t('teacher:personal.locating')}
          </Text>
        ) : null}
        {locationMessage ? (
          <Group gap="xs">
            <Text size="sm" c="red.7" role="status">
              {m(locationMessage)}
            </Text>
            <Button size="compact-sm" variant="subtle" onClick={() => send({ type: 'location.retry' })}>
              {t('teacher:tryAgain')}
            </Button>
          </Group>
        ) : null}
        <FilePicker
          label={t('teacher:personal.aadhar')}
          accept={IMAGE_ACCEPT}
          required
          description={m(M.maskedAadharHint)}
          hint={t('teacher:imageHint', { size: formatNumber(500) })}
          {...filePickerProps('aadhar_photo', files, error('aadhar_photo'), send)}
          onFileLabel={onFile.aadhar_photo ? t('teacher:personal.aadharOnFile') : null}
        />
        <FilePicker
          label={t('teacher:personal.photo')}
          accept={IMAGE_ACCEPT}
          required
          hint={t('teacher:imageHint', { size: formatNumber(500) })}
          {...filePickerProps('profile_photo', files, error('profile_photo'), send)}
          onFileLabel={onFile.profile_photo ? t('teacher:personal.photoOnFile') : null}
        />
        <StepActions
          failure={failure}
          submitting={submitting}
          keepsDraft
          onBack={state.can({ type: 'form.back' }) ? () => send({ type: 'form.back' }) : undefined}
        />
      </StepForm>
    </TeacherStepShell>
  );
}
