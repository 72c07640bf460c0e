import './messages';
import { NativeSelect, Text } from '@mantine/core';
import { fromPromise } from 'xstate';
import { adminSubjectsMachine, type NewSubject } from '../../../machines/admin/adminSubjects';
import type { DecisionInput, ReviewQueueList } from '../../../machines/admin/reviewQueue';
import {
  approveSubject,
  fetchNewSubjects,
  mergeSubject,
  newSubjectsBack,
  rejectSubject,
} from '../../api/admin';
import { formatDateTime, subjectName, useTranslation } from '../../i18n';
import { ReviewQueuePanel } from './ReviewQueuePanel';

/** New subjects as the review queue takes them: the suggestions, and the subjects to merge into. */
const subjectsList = ({
  subjects,
  approved,
}: Awaited<ReturnType<typeof fetchNewSubjects>>): ReviewQueueList => ({
  items: subjects,
  choices: approved,
});

/** New subjects when the page's HTML already has both answers back. */
const subjectsBack = () => {
  const back = newSubjectsBack();
  return back && subjectsList(back);
};

export const adminSubjectsFlow = () =>
  adminSubjectsMachine.provide({
    actors: {
      fetchNewSubjects: fromPromise<ReviewQueueList>(async () => subjectsList(await fetchNewSubjects())),
      approveSubject: fromPromise<unknown, DecisionInput>(({ input }) => approveSubject(input.id)),
      rejectSubject: fromPromise<unknown, DecisionInput>(({ input }) => rejectSubject(input.id)),
      mergeSubject: fromPromise<unknown, DecisionInput>(({ input }) =>
        mergeSubject(input.id, Number(input.value)),
      ),
    },
  });

/**
 * 'New subjects' (D14), beside Teacher Approvals: each subject a student added waits here until an
 * administrator approves it, merges it into a subject of the shared list, or rejects it. `onDecided`
 * after each decision (the month's Most Searched Subject counts a merged or approved subject anew).
 */
export function NewSubjects({ onDecided }: { onDecided?: () => void }) {
  const { t } = useTranslation();
  return (
    <ReviewQueuePanel<NewSubject>
      flow={adminSubjectsFlow}
      first={subjectsBack}
      title={t('admin:newSubjects.title')}
      loadingLabel={t('admin:newSubjects.loading')}
      empty={{ title: t('admin:newSubjects.none'), text: t('admin:newSubjects.noneText') }}
      decisions={['approve', 'merge', 'reject']}
      details={(s) => (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {s.suggested_by ? `${t('admin:newSubjects.suggestedBy', { who: s.suggested_by })} | ` : ''}
          {formatDateTime(s.created_at)}
        </Text>
      )}
      field={({ value, error, choices, busy, change }) => (
        <NativeSelect
          label={t('admin:newSubjects.mergeInto')}
          value={value === null ? '' : String(value)}
          data={[
            { value: '', label: t('admin:newSubjects.chooseSubject') },
            ...choices.map((a) => ({ value: String(a.id), label: subjectName(t, a.name) })),
          ]}
          onChange={(e) => {
            const picked = e.currentTarget.value;
            change(picked ? Number(picked) : null);
          }}
          error={error}
          disabled={busy}
        />
      )}
      confirm={{ label: t('admin:newSubjects.confirmMerge') }}
      onDecided={onDecided}
    />
  );
}
