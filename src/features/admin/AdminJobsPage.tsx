import './messages';
import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { jobRoutes } from '../../../contract/api/jobs';
import { maxLengthsOf } from '../../../contract/api/limits';
import { JOB_DESCRIPTION_MAX } from '../../../contract/constants';
import { asciiDigits } from '../../../contract/rules/common';
import { indiaToday, type JobPostingField, POSTING_MESSAGES } from '../../../contract/rules/job-postings';
import { adminPostingEditorMachine } from '../../../machines/admin/adminPostingEditor';
import { createJobPosting, fetchEveryJobPosting, setJobPostingOpen, updateJobPosting } from '../../api/jobs';
import { DateInput } from '../../components/DateInput';
import { Textarea, TextInput } from '../../components/TextField';
import { formatDay, namedOptions, useMessage, useTranslation } from '../../i18n';
import { FormLock } from '../../lib/form-lock';
import { useRefocusWhen } from '../../lib/keep-focus';
import { revealFirstError } from '../../lib/reveal-errors';
import { useFlow } from '../../lib/useFlow';
import { kindText } from '../jobs/jobText';
import { PostingCards, PostingHeading } from '../jobs/PostingCards';
import { AdminJobsFrame } from './AdminJobsFrame';
import { useAdminGuard } from './AdminLayout';

/** What the server accepts per field: the inputs hold no more. */
const LIMITS: Record<string, number | undefined> = maxLengthsOf(jobRoutes.createPosting.body);

export const adminPostingEditorFlow = () =>
  adminPostingEditorMachine.provide({
    actors: {
      fetchPostings: fromPromise(fetchEveryJobPosting),
      savePosting: fromPromise(({ input }) =>
        input.id === null ? createJobPosting(input.values) : updateJobPosting(input.id, input.values),
      ),
      setPostingOpen: fromPromise(({ input }) => setJobPostingOpen(input.id, input.open)),
    },
  });

const PAY_FIELDS = new Set<JobPostingField>(['pay_min', 'pay_max']);

/** The disabled first option of a select ('Choose an industry'), in the person's language. */
const choose = (text: string) => [{ value: '', label: text, disabled: true }];

/** /admin/jobs: every job posting; create, edit, close and reopen them. */
export default function AdminJobsPage() {
  const allowed = useAdminGuard();
  const { t } = useTranslation();
  const m = useMessage();
  const [machine] = useState(adminPostingEditorFlow);
  const [snapshot, send] = useFlow(machine, { today: indiaToday() });
  const { postings, values, errors, error, editingId } = snapshot.context;
  const inEditor = snapshot.matches('editor');
  const saving = snapshot.matches({ editor: 'saving' });
  const listed = snapshot.matches('list') || snapshot.matches('closing') || snapshot.matches('reopening');
  // The buttons that open and close the editor, and Close / Reopen, leave the page as they act:
  // keyboard focus goes to the editor's first field, then back to the posting acted on (its button
  // in the same place), or to New job posting.
  const firstField = useRef<HTMLInputElement>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const actedOn = useRef<{ id: number | null; action: 'new' | 'edit' | 'toggle' } | null>(null);
  const list = useRef<HTMLDivElement>(null);
  useRefocusWhen(inEditor, firstField);
  useRefocusWhen(snapshot.matches('list'), () => {
    const acted = actedOn.current;
    if (!acted) return null;
    actedOn.current = null;
    const button =
      acted.id === null
        ? null
        : list.current?.querySelector<HTMLElement>(
            `[data-posting="${acted.id}"][data-action="${acted.action}"]`,
          );
    return button ?? newButton.current;
  });
  if (!allowed) return null;
  const field = (name: JobPostingField) => ({
    value: values[name],
    // The description's own rule (5000) is stricter than the route's (10,000): its note counts to that.
    maxLength: name === 'description' ? JOB_DESCRIPTION_MAX : LIMITS[name],
    tooLong: name === 'description' ? POSTING_MESSAGES.descriptionTooLong : undefined,
    error: errors[name] ? m(errors[name]) : undefined,
    onChange: (e: { currentTarget: { value: string } }) =>
      send({
        type: 'field.change',
        field: name,
        // Pay typed with Bengali or Hindi digits is the same number.
        value: PAY_FIELDS.has(name) ? asciiDigits(e.currentTarget.value) : e.currentTarget.value,
      }),
  });

  return (
    <AdminJobsFrame
      title={t('admin:jobs.title')}
      error={error}
      failed={snapshot.matches('failure')}
      onRetry={() => send({ type: 'list.retry' })}
      loading={snapshot.matches('loading')}
      loadingLabel={t('admin:jobs.loading')}
    >
      {inEditor ? (
        <Card
          withBorder
          padding="md"
          component="form"
          aria-label={editingId === null ? t('admin:jobs.new') : t('admin:jobs.edit')}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'form.submit' });
            revealFirstError(e.currentTarget);
          }}
        >
          <FormLock locked={saving}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {editingId === null ? t('admin:jobs.new') : t('admin:jobs.edit')}
              </Title>
              <TextInput
                ref={firstField}
                label={t('admin:jobs.organisation')}
                required
                {...field('organisation')}
              />
              <NativeSelect
                label={t('admin:jobs.industry')}
                required
                data={[...choose(t('admin:jobs.chooseIndustry')), ...namedOptions(t, 'options:industry')]}
                {...field('industry')}
              />
              <TextInput label={t('admin:jobs.jobTitle')} required {...field('title')} />
              <NativeSelect
                label={t('admin:jobs.location')}
                required
                data={[...choose(t('admin:jobs.chooseLocation')), ...namedOptions(t, 'options:location')]}
                {...field('location')}
              />
              <NativeSelect
                label={t('admin:jobs.employmentType')}
                required
                data={[...choose(t('admin:jobs.chooseType')), ...namedOptions(t, 'options:employmentType')]}
                {...field('employment_type')}
              />
              <Group grow>
                <TextInput label={t('admin:jobs.payMin')} inputMode="numeric" {...field('pay_min')} />
                <TextInput label={t('admin:jobs.payMax')} inputMode="numeric" {...field('pay_max')} />
              </Group>
              <Textarea label={t('admin:jobs.description')} required rows={5} {...field('description')} />
              <DateInput
                label={t('admin:jobs.closingDate')}
                required
                autoComplete="off"
                value={values.closing_date}
                error={errors.closing_date ? m(errors.closing_date) : undefined}
                onChange={(value) => send({ type: 'field.change', field: 'closing_date', value })}
              />
              <Group justify="space-between">
                <Button variant="default" onClick={() => send({ type: 'form.cancel' })} disabled={saving}>
                  {t('admin:newSubjects.cancel')}
                </Button>
                <Button type="submit" loading={saving}>
                  {t('admin:jobs.save')}
                </Button>
              </Group>
            </Stack>
          </FormLock>
        </Card>
      ) : null}
      {listed ? (
        <div ref={list}>
          <Group mb="md">
            <Button
              ref={newButton}
              onClick={() => {
                actedOn.current = { id: null, action: 'new' };
                send({ type: 'posting.new' });
              }}
            >
              {t('admin:jobs.new')}
            </Button>
          </Group>
          {postings.length === 0 ? (
            <Text c="dimmed">{t('admin:jobs.none')}</Text>
          ) : (
            <PostingCards label={t('admin:jobs.title')} gap="sm" postings={postings}>
              {(p) => (
                <>
                  <PostingHeading
                    badge={
                      <Badge color={p.accepting_applications ? 'green' : 'gray'}>
                        {p.accepting_applications ? t('admin:jobs.open') : t('admin:jobs.closed')}
                      </Badge>
                    }
                  >
                    <div>
                      <Text fw={600}>{p.title}</Text>
                      <Text size="sm">{p.organisation}</Text>
                    </div>
                  </PostingHeading>
                  <Text size="sm" c="dimmed">
                    {kindText(p)}
                    {t('admin:jobs.closes', { date: formatDay(p.closing_date) })}
                  </Text>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      component={Link}
                      href={`/admin/jobs/${p.id}`}
                      variant="light"
                      aria-label={t('admin:jobs.applicationsFor', { title: p.title })}
                    >
                      {t('admin:jobs.applications')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('admin:jobs.editNamed', { title: p.title })}
                      data-posting={p.id}
                      data-action="edit"
                      onClick={() => {
                        actedOn.current = { id: p.id, action: 'edit' };
                        send({ type: 'posting.edit', id: p.id });
                      }}
                    >
                      {t('admin:jobs.editButton')}
                    </Button>
                    {p.status === 'open' ? (
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        aria-label={t('admin:jobs.closeNamed', { title: p.title })}
                        data-posting={p.id}
                        data-action="toggle"
                        onClick={() => {
                          actedOn.current = { id: p.id, action: 'toggle' };
                          send({ type: 'posting.close', id: p.id });
                        }}
                      >
                        {t('admin:jobs.close')}
                      </Button>
                    ) : (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t('admin:jobs.reopenNamed', { title: p.title })}
                        data-posting={p.id}
                        data-action="toggle"
                        onClick={() => {
                          actedOn.current = { id: p.id, action: 'toggle' };
                          send({ type: 'posting.reopen', id: p.id });
                        }}
                      >
                        {t('admin:jobs.reopen')}
                      </Button>
                    )}
                  </Group>
                </>
              )}
            </PostingCards>
          )}
        </div>
      ) : null}
      <Anchor component={Link} href="/admin" size="sm">
        {t('admin:jobs.backToDashboard')}
      </Anchor>
    </AdminJobsFrame>
  );
}
