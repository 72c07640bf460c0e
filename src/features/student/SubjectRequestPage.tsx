import './messages';
import '@mantine/core/styles/Radio.css';
import { Alert, Anchor, Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { STUDENT_REQUEST_DEFAULTS } from '../../../contract/constants';
import { MATCH_MESSAGES } from '../../../contract/rules/matching';
import {
  ASSIGNMENT_PREFERENCES,
  MODES_OF_TEACHING,
  PREFERRED_GROUPS,
  PREFERRED_MEDIUMS,
  REQUEST_MESSAGES,
  type RequestPreferences,
} from '../../../contract/rules/request';
import { SUBJECT_MESSAGES, SUBJECT_NAME_MAX, sameSubjectName } from '../../../contract/rules/student-subject';
import {
  type PickedSubject,
  type SubjectRequestDraft,
  subjectRequestMachine,
} from '../../../machines/student/subjectRequest';
import { createSubject, fetchSubjects } from '../../api/reference';
import { createRequest, fetchRequest, updateRequest } from '../../api/requests';
import { resolveStudentId } from '../../api/students';
import { ErrorBanner } from '../../components/ErrorBanner';
import { inShownOrder, subjectMatches } from '../../components/subject-choices';
import { TextInput } from '../../components/TextField';
import { subjectName, subjectNameNow, useMessage, useTranslation } from '../../i18n';
import { drafts } from '../../lib/drafts';
import { useRefocusWhen } from '../../lib/keep-focus';
import { loginWithReturn } from '../../lib/return-path';
import { revealFirstError } from '../../lib/reveal-errors';
import { session } from '../../lib/session';
import { useFlow } from '../../lib/useFlow';
import { geolocationActor } from '../teacher/view-helpers';
import { changeRequestIdOf, changeRequestPath } from './change-request';
import { translatedOptions } from './labels';
import { StudentShell } from './StudentShell';

/** Sample subjects (fallback) have no id: find them by name when the request is sent. */
async function subjectIds(subjects: PickedSubject[]): Promise<number[]> {
  if (subjects.every((s) => s.id !== null)) return subjects.map((s) => s.id!);
  const known = await fetchSubjects();
  return subjects.map((s) => {
    const match = s.id ?? known.find((k) => sameSubjectName(k.name, s.name))?.id;
    if (!match) throw new Error(`${s.name} is not available yet. Please choose another subject.`);
    return match;
  });
}

const RADIO_GROUPS: Array<{
  field: keyof RequestPreferences;
  labelKey: string;
  group: string;
  options: readonly { value: string; label: string }[];
}> = [
  {
    field: 'teacher_assignment_preference',
    labelKey: 'student:request.howMany',
    group: 'assignment',
    options: ASSIGNMENT_PREFERENCES,
  },
  {
    field: 'preferred_group',
    labelKey: 'student:request.classType',
    group: 'group',
    options: PREFERRED_GROUPS,
  },
  { field: 'mode_of_teaching', labelKey: 'student:request.mode', group: 'mode', options: MODES_OF_TEACHING },
  {
    field: 'preferred_medium',
    labelKey: 'student:request.medium',
    group: 'medium',
    options: PREFERRED_MEDIUMS,
  },
];

/**
 * /subject. Changing a request needs the session: a signed-out visitor (or Back after Logout) goes
 * to / and returns here after login.
 */
export default function SubjectRequestPage() {
  const changeRequestId = changeRequestIdOf(useSearch());
  if (changeRequestId !== null && !session.token())
    return <Redirect to={loginWithReturn(changeRequestPath(changeRequestId))} replace />;
  return <SubjectRequestForm changeRequestId={changeRequestId} />;
}

function SubjectRequestForm({ changeRequestId }: { changeRequestId: number | null }) {
  const { t } = useTranslation();
  const m = useMessage();
  const [, navigate] = useLocation();
  const [machine] = useState(() =>
    subjectRequestMachine.provide({
      actors: {
        loadSubjects: fromPromise<PickedSubject[], void>(async () =>
          // Each with the name the person reads, so that typing it finds the subject (not a new one).
          (await fetchSubjects()).map(({ id, name, status }) => ({
            id,
            name,
            status,
            label: subjectNameNow(name),
          })),
        ),
        createSubject: fromPromise(async ({ input }) => {
          const created = await createSubject(input.name);
          return { id: created.id, name: created.name, status: created.status };
        }),
        locate: geolocationActor,
        loadRequest: fromPromise(async ({ input }) => fetchRequest(input.id)),
        updateRequest: fromPromise(async ({ input }) =>
          updateRequest(input.id, {
            subject_ids: await subjectIds(input.subjects),
            ...input.preferences,
            // Null clears a location the student no longer shares.
            latitude: input.location?.latitude ?? null,
            longitude: input.location?.longitude ?? null,
          }),
        ),
        submitRequest: fromPromise(async ({ input }) => {
          const studentId = await resolveStudentId();
          if (!studentId) throw new Error(REQUEST_MESSAGES.personalDetailsFirst);
          const created = await createRequest({
            student_id: studentId,
            subject_ids: await subjectIds(input.subjects),
            status: STUDENT_REQUEST_DEFAULTS.status,
            ...input.preferences,
            preferred_time: STUDENT_REQUEST_DEFAULTS.preferred_time,
            ...(input.location ?? {}),
          });
          return { id: created?.id ?? null };
        }),
      },
      actions: {
        goToFinder: (_, params) => navigate('/teacherfinder', { state: { requestId: params.requestId } }),
        saveDraft: (_, { draft }) => drafts.save('subject', session.userId(), draft),
        clearDraft: () => drafts.clear('subject', session.userId()),
      },
    }),
  );
  const [snapshot, send] = useFlow(machine, {
    loggedIn: Boolean(session.token() && session.userId()),
    changeRequestId,
    draft: drafts.load<SubjectRequestDraft>('subject', session.userId()),
  });
  const ctx = snapshot.context;
  // Seeded subjects in the person's language, found by that name or the stored one.
  const nameOf = (s: PickedSubject) => subjectName(t, s.name);
  const visible = inShownOrder(
    ctx.subjects.filter((s) => subjectMatches(ctx.search, nameOf(s), s.name)),
    nameOf,
  );
  // 'Add Subject' only for a name that matches none of them.
  const isSelected = (s: PickedSubject) =>
    ctx.selected.some((x) => (x.id !== null && s.id !== null ? x.id === s.id : x.name === s.name));

  const changing = ctx.changeRequestId !== null;

  // Add Subject and a chosen subject's chip go once pressed, and the buttons are disabled while a
  // subject is added or the location is asked for: each would drop keyboard focus to the page's
  // start. Focus goes to the chosen subjects instead (the one added, or the chip now where the removed
  // one was; the list when none is left), with the ring showing (the person did not click there),
  // back to Add Subject when adding failed, and back to the location button once the location is in.
  // Buttons, not the search: no phone keyboard pops up.
  const chosen = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const locationButton = useRef<HTMLButtonElement>(null);
  const removedAt = useRef<number | null>(null);
  const chips = () => [...(chosen.current?.querySelectorAll<HTMLElement>('button') ?? [])];
  const firstInList = () => list.current?.querySelector<HTMLElement>('button');
  useRefocusWhen(
    !snapshot.matches('addingSubject'),
    () => addButton.current ?? chips().at(-1) ?? firstInList(),
    {
      visible: (to) => to !== addButton.current,
    },
  );
  useRefocusWhen(
    ctx.selected,
    () => {
      const at = removedAt.current;
      removedAt.current = null;
      if (at === null) return null;
      const left = chips();
      return left[Math.min(at, left.length - 1)] ?? firstInList();
    },
    { visible: true },
  );
  useRefocusWhen(!snapshot.matches('locating'), locationButton);

  if (
    snapshot.matches('loadingRequest') ||
    snapshot.matches('changeFailure') ||
    snapshot.matches('starting')
  ) {
    return (
      <StudentShell title={t('student:request.title')}>
        {snapshot.matches('changeFailure') ? (
          <ErrorBanner message={ctx.message} onRetry={() => send({ type: 'change.retry' })}>
            <Group gap="xs">
              <Button size="xs" color="red" variant="light" onClick={() => send({ type: 'change.abandon' })}>
                {t('student:newRequest')}
              </Button>
            </Group>
          </ErrorBanner>
        ) : (
          <Text size="sm">{t('student:request.loadingRequest')}</Text>
        )}
      </StudentShell>
    );
  }

  return (
    <StudentShell title={t('student:request.title')}>
      {changing ? (
        <Text size="sm" role="note">
          {m(REQUEST_MESSAGES.changing)}{' '}
          <Anchor component={Link} href="/requests">
            {t('student:request.backToRequests')}
          </Anchor>
        </Text>
      ) : null}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'form.submit' });
          revealFirstError(e.currentTarget);
        }}
      >
        <Stack gap="md">
          {ctx.message ? <ErrorBanner message={ctx.message} /> : null}
          {ctx.subjectsError ? (
            <Alert color="yellow" role="status">
              {m(ctx.subjectsError)}
            </Alert>
          ) : null}
          <TextInput
            maxLength={SUBJECT_NAME_MAX}
            tooLong={SUBJECT_MESSAGES.nameTooLong}
            label={t('student:request.search')}
            placeholder={t('student:request.searchPlaceholder')}
            value={ctx.search}
            // While the subjects load there is nothing to search; while a subject is added the
            // search holds its name.
            disabled={snapshot.matches('loading') || snapshot.matches('addingSubject')}
            error={ctx.subjectError ? m(ctx.subjectError) : undefined}
            onChange={(e) => send({ type: 'search.change', value: e.currentTarget.value })}
          />
          {ctx.selected.length ? (
            <Group ref={chosen} gap="xs" aria-label={t('student:request.selectedSubjects')} role="group">
              {ctx.selected.map((s, index) => (
                <Button
                  key={`${s.id}-${s.name}`}
                  size="compact-sm"
                  radius="xl"
                  variant="filled"
                  aria-label={t('student:request.removeSubject', { name: nameOf(s) })}
                  onClick={() => {
                    removedAt.current = index;
                    send({ type: 'subject.toggle', subject: s });
                  }}
                >
                  {nameOf(s)} ×
                </Button>
              ))}
            </Group>
          ) : null}
          <Paper withBorder p="xs">
            {snapshot.matches('loading') ? (
              <Text size="sm">{t('student:request.loadingSubjects')}</Text>
            ) : (
              <Group ref={list} gap="xs" role="group" aria-label={t('student:request.subjects')}>
                {visible.map((s) => (
                  <Button
                    key={`${s.id}-${s.name}`}
                    size="compact-sm"
                    radius="xl"
                    variant={isSelected(s) ? 'filled' : 'outline'}
                    aria-pressed={isSelected(s)}
                    onClick={() => send({ type: 'subject.toggle', subject: s })}
                  >
                    {s.status === 'pending'
                      ? t('student:request.pendingSubject', {
                          name: s.name,
                          pending: m(SUBJECT_MESSAGES.pendingLabel),
                        })
                      : nameOf(s)}
                  </Button>
                ))}
                {visible.length === 0 ? (
                  <Text size="sm">{t('student:request.noMatch', { search: ctx.search.trim() })}</Text>
                ) : null}
              </Group>
            )}
            {ctx.search.trim() !== '' && visible.length === 0 ? (
              <Button
                ref={addButton}
                mt="xs"
                variant="light"
                loading={snapshot.matches('addingSubject')}
                onClick={() => send({ type: 'subject.add' })}
              >
                {t('student:request.addSubject')}
              </Button>
            ) : null}
            {ctx.addError ? <ErrorBanner message={ctx.addError} /> : null}
            {ctx.addNote ? (
              <Text size="sm" mt="xs">
                {m(ctx.addNote)}
              </Text>
            ) : null}
          </Paper>
          {RADIO_GROUPS.map((group) => (
            <Radio.Group
              key={group.field}
              label={t(group.labelKey)}
              value={ctx.preferences[group.field]}
              onChange={(value) => send({ type: 'preference.change', field: group.field, value })}
            >
              <Group mt="xs">
                {translatedOptions(t, group.group, group.options).map((o) => (
                  <Radio key={o.value} value={o.value} label={o.label} />
                ))}
              </Group>
            </Radio.Group>
          ))}
          {ctx.preferences.mode_of_teaching === 'online' ? (
            <Text size="sm" c="orange.9">
              {m(MATCH_MESSAGES.onlineNoteOnForm)}
            </Text>
          ) : null}
          <Paper withBorder p="xs">
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                {t('student:request.location')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('student:request.locationHelp')}
              </Text>
              <Group gap="xs">
                {ctx.location ? (
                  <Button
                    ref={locationButton}
                    variant="default"
                    size="compact-md"
                    onClick={() => send({ type: 'location.clear' })}
                  >
                    {m(MATCH_MESSAGES.locationClear)}
                  </Button>
                ) : (
                  <Button
                    ref={locationButton}
                    variant="light"
                    size="compact-md"
                    loading={snapshot.matches('locating')}
                    onClick={() => send({ type: 'location.request' })}
                  >
                    {m(MATCH_MESSAGES.locationAsk)}
                  </Button>
                )}
              </Group>
              {ctx.locationNote ? (
                <Text size="sm" aria-live="polite">
                  {m(ctx.locationNote)}
                </Text>
              ) : null}
            </Stack>
          </Paper>
          {changing ? null : (
            <Text size="xs" c="dimmed">
              {t('common:draftNote')}
            </Text>
          )}
          <Button
            type="submit"
            size="md"
            loading={snapshot.matches('submitting') || snapshot.matches('updating') || ctx.submitQueued}
          >
            {changing ? m(REQUEST_MESSAGES.saveChanges) : t('student:request.explore')}
          </Button>
        </Stack>
      </form>
    </StudentShell>
  );
}
