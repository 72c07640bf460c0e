import './messages';
import { Alert, Button, Checkbox, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { TIME_SLOTS, WEEKDAYS } from '../../../contract/constants';
import { TEACHER_SCHEDULE_MESSAGES as M } from '../../../contract/rules/teacher-schedule';
import type { TeacherSchedule } from '../../../contract/structs/teacher';
import { hasAnySlot, type SaveScheduleInput, scheduleMachine } from '../../../machines/teacher/schedule';
import { fetchSavedTeacher, importSchedule } from '../../api/teachers';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useMessage, useTranslation, weekdayLong } from '../../i18n';
import { session } from '../../lib/session';
import { useFlow } from '../../lib/useFlow';
import { optionLabel } from '../student/labels';
import { EditModeBar, nextPath, useEditMode } from './edit-mode';
import { TeacherStepShell } from './TeacherStepShell';

/** Step 4 of teacher onboarding: weekly availability ('Date & Time', /slots). */
export default function SlotsPage() {
  const { t } = useTranslation();
  const m = useMessage();
  const [, navigate] = useLocation();
  const editing = useEditMode();
  const machine = useMemo(
    () =>
      scheduleMachine.provide({
        actors: {
          loadSchedule: fromPromise<TeacherSchedule[], { teacherId: number | null }>(
            async ({ input }) => (await fetchSavedTeacher(input.teacherId))?.teacher_schedules ?? [],
          ),
          saveSchedule: fromPromise<unknown, SaveScheduleInput>(({ input }) =>
            importSchedule(input.teacherId, input.days),
          ),
        },
        actions: {
          // After Create Profile (and after an edit) the teacher lands on their dashboard, not the login screen.
          goHome: () => navigate('/dashboard'),
          goBack: (_, { editing }) => navigate(nextPath('/teacherSubject', editing)),
        },
      }),
    [navigate],
  );
  const [state, send] = useFlow(machine, { teacherId: session.numberOf('teacherId'), editing });
  const { days, failure } = state.context;
  const saving = state.matches('submitting');
  const loading = state.matches('loading');
  const saved = state.matches('saved') || state.matches('done');

  return (
    <TeacherStepShell step={4} title={t('teacher:slots.title')}>
      {state.context.editing ? <EditModeBar /> : null}
      <Paper p="md" withBorder>
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            {t('teacher:slots.intro')}
          </Text>
          {loading ? (
            <Group justify="center">
              <Loader size="sm" aria-label={t('teacher:slots.loading')} />
            </Group>
          ) : null}
          {WEEKDAYS.map((weekday, index) => {
            const day = weekdayLong(index);
            const slotLabel = (value: string) => optionLabel(t, 'timeOfDay', value);
            // A ticked day with no time is not saved (a schedule is days with their times): say so
            // under the day, rather than let Create Profile drop it without a word.
            const needsTime = days[index].enabled && days[index].slots.length === 0;
            const noteId = `slots-${weekday}-note`;
            return (
              <Paper key={weekday} p="sm" withBorder bg={days[index].enabled ? 'blue.0' : undefined}>
                <Checkbox
                  label={day}
                  fw={600}
                  checked={days[index].enabled}
                  disabled={loading || saving || saved}
                  onChange={() => send({ type: 'day.toggle', day: index })}
                />
                <Group
                  gap="md"
                  mt="xs"
                  ml="lg"
                  role="group"
                  aria-label={t('teacher:slots.daySlots', { day })}
                  aria-describedby={needsTime ? noteId : undefined}
                >
                  {TIME_SLOTS.map((slot) => (
                    <Checkbox
                      key={slot.value}
                      size="sm"
                      label={slotLabel(slot.value)}
                      aria-label={t('teacher:slots.daySlot', { day, slot: slotLabel(slot.value) })}
                      checked={days[index].slots.includes(slot.value)}
                      disabled={!days[index].enabled || saving || saved}
                      onChange={() => send({ type: 'slot.toggle', day: index, slot: slot.value })}
                    />
                  ))}
                </Group>
                {needsTime ? (
                  <Text id={noteId} size="sm" c="orange.9" mt="xs" ml="lg">
                    {t('teacher:slots.dayNeedsTime', { day })}
                  </Text>
                ) : null}
              </Paper>
            );
          })}
          {failure ? <ErrorBanner message={failure} /> : null}
          {saved ? (
            <Alert color="green" role="status">
              {state.context.editing ? t('teacher:slots.saved') : m(M.success)}
            </Alert>
          ) : null}
          <Group justify="space-between">
            <Button variant="default" onClick={() => send({ type: 'form.back' })} disabled={saving || saved}>
              {t('teacher:back')}
            </Button>
            <Button
              onClick={() => send({ type: 'form.submit' })}
              disabled={!hasAnySlot(days) || saving || saved}
            >
              {saving
                ? m(M.saving)
                : t(state.context.editing ? 'teacher:slots.save' : 'teacher:slots.create')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </TeacherStepShell>
  );
}
