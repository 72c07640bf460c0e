import '@mantine/core/styles/Badge.css';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { jobRoutes } from '../../../contract/api/jobs';
import { maxLengthsOf } from '../../../contract/api/limits';
import { EMPLOYMENT_TYPES, JOB_INDUSTRIES } from '../../../contract/constants';
import { indiaToday, type JobPostingField, LOCATION_CHOICES } from '../../../contract/rules/job-postings';
import { adminPostingEditorMachine } from '../../../machines/admin/adminPostingEditor';
import { createJobPosting, fetchJobPostings, setJobPostingOpen, updateJobPosting } from '../../api/jobs';
import { revealFirstError } from '../../lib/reveal-errors';
import { useFlow } from '../../lib/useFlow';
import { dayText, employmentTypeLabel, industryLabel, locationLabel } from '../jobs/jobText';
import { AdminJobsFrame } from './AdminJobsFrame';
import { useAdminGuard } from './AdminLayout';

/** What the server accepts per field: the inputs hold no more. */
const LIMITS: Record<string, number | undefined> = maxLengthsOf(jobRoutes.createPosting.body);

export const adminPostingEditorFlow = () =>
  adminPostingEditorMachine.provide({
    actors: {
      fetchPostings: fromPromise(async () => {
        const res = await fetchJobPostings({
          page: 1,
          industry: '',
          district: '',
          type: '',
          q: '',
          all: true,
        });
        return res.data;
      }),
      savePosting: fromPromise(({ input }) =>
        input.id === null ? createJobPosting(input.values) : updateJobPosting(input.id, input.values),
      ),
      setPostingOpen: fromPromise(({ input }) => setJobPostingOpen(input.id, input.open)),
    },
  });

const choose = (label: string) => [{ value: '', label: `Choose ${label}`, disabled: true }];

/** /admin/jobs: every job posting; create, edit, close and reopen them. */
export default function AdminJobsPage() {
  const allowed = useAdminGuard();
  const [machine] = useState(adminPostingEditorFlow);
  const [snapshot, send] = useFlow(machine, { today: indiaToday() });
  const { postings, values, errors, error, editingId } = snapshot.context;
  if (!allowed) return null;
  const inEditor = snapshot.matches('editor');
  const saving = snapshot.matches({ editor: 'saving' });
  const field = (name: JobPostingField) => ({
    value: values[name],
    maxLength: LIMITS[name],
    error: errors[name],
    onChange: (e: { currentTarget: { value: string } }) =>
      send({ type: 'field.change', field: name, value: e.currentTarget.value }),
  });

  return (
    <AdminJobsFrame
      title="Job postings"
      error={error}
      failed={snapshot.matches('failure')}
      onRetry={() => send({ type: 'list.retry' })}
      loading={snapshot.matches('loading')}
      loadingLabel="Loading job postings"
    >
      {inEditor ? (
        <Card
          withBorder
          padding="md"
          component="form"
          aria-label={editingId === null ? 'New job posting' : 'Edit job posting'}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'form.submit' });
            revealFirstError(e.currentTarget);
          }}
        >
          <Stack gap="sm">
            <Title order={2} size="h4">
              {editingId === null ? 'New job posting' : 'Edit job posting'}
            </Title>
            <TextInput label="Organisation" required {...field('organisation')} />
            <NativeSelect
              label="Industry"
              required
              data={[...choose('an industry'), ...JOB_INDUSTRIES]}
              {...field('industry')}
            />
            <TextInput label="Job title" required {...field('title')} />
            <NativeSelect
              label="Location"
              required
              data={[...choose('a district or Remote'), ...LOCATION_CHOICES]}
              {...field('location')}
            />
            <NativeSelect
              label="Employment type"
              required
              data={[...choose('a type'), ...EMPLOYMENT_TYPES]}
              {...field('employment_type')}
            />
            <Group grow>
              <TextInput
                label="Minimum pay (₹ a month, optional)"
                inputMode="numeric"
                {...field('pay_min')}
              />
              <TextInput
                label="Maximum pay (₹ a month, optional)"
                inputMode="numeric"
                {...field('pay_max')}
              />
            </Group>
            <Textarea label="Description" required rows={5} {...field('description')} />
            <TextInput label="Closing date" type="date" required {...field('closing_date')} />
            <Group justify="space-between">
              <Button variant="default" onClick={() => send({ type: 'form.cancel' })} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" loading={saving}>
                Save posting
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : null}
      {snapshot.matches('list') || snapshot.matches('closing') || snapshot.matches('reopening') ? (
        <>
          <Group>
            <Button onClick={() => send({ type: 'posting.new' })}>New job posting</Button>
          </Group>
          {postings.length === 0 ? (
            <Text c="dimmed">No job postings yet.</Text>
          ) : (
            <Stack
              component="ul"
              gap="sm"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Job postings"
            >
              {postings.map((p) => (
                <Card component="li" key={p.id} withBorder padding="md" aria-label={p.title}>
                  <Stack gap={4}>
                    <Group justify="space-between" wrap="nowrap" align="start">
                      <div>
                        <Text fw={600}>{p.title}</Text>
                        <Text size="sm">{p.organisation}</Text>
                      </div>
                      <Badge color={p.accepting_applications ? 'green' : 'gray'}>
                        {p.accepting_applications ? 'Open' : 'Closed'}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {[
                        industryLabel(p.industry),
                        locationLabel(p.location),
                        employmentTypeLabel(p.employment_type),
                      ].join(' · ')}
                      {` · closes ${dayText(p.closing_date)}`}
                    </Text>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        component={Link}
                        href={`/admin/jobs/${p.id}`}
                        variant="light"
                        aria-label={`Applications for ${p.title}`}
                      >
                        Applications
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Edit ${p.title}`}
                        onClick={() => send({ type: 'posting.edit', id: p.id })}
                      >
                        Edit
                      </Button>
                      {p.status === 'open' ? (
                        <Button
                          size="xs"
                          variant="default"
                          color="red"
                          aria-label={`Close ${p.title}`}
                          onClick={() => send({ type: 'posting.close', id: p.id })}
                        >
                          Close
                        </Button>
                      ) : (
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Reopen ${p.title}`}
                          onClick={() => send({ type: 'posting.reopen', id: p.id })}
                        >
                          Reopen
                        </Button>
                      )}
                    </Group>
                  </Stack>
                </Card>
              ))}
            </Stack>
          )}
        </>
      ) : null}
      <Anchor component={Link} href="/admin" size="sm">
        Back to the dashboard
      </Anchor>
    </AdminJobsFrame>
  );
}
