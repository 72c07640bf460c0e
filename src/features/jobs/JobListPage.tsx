import '@mantine/core/styles/Badge.css';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { EMPLOYMENT_TYPES, JOB_INDUSTRIES } from '../../../contract/constants';
import { LOCATION_CHOICES } from '../../../contract/rules/job-postings';
import { type JobFilterField, jobListMachine } from '../../../machines/jobs/jobList';
import { fetchJobPostings } from '../../api/jobs';
import { ErrorBanner } from '../../components/ErrorBanner';
import { LogoutButton } from '../../components/LogoutButton';
import { PageShell } from '../../components/PageShell';
import { useFlow } from '../../lib/useFlow';
import {
  dayText,
  employmentTypeLabel,
  industryLabel,
  locationLabel,
  payText,
  STATUS_COLOURS,
  statusLabel,
} from './jobText';

export const jobListFlow = () =>
  jobListMachine.provide({
    actors: {
      fetchPostings: fromPromise(async ({ input }) => {
        const res = await fetchJobPostings({ ...input.filters, page: input.page });
        return {
          postings: res.data,
          total: res.total_count,
          next: res.pagination.next,
          prev: res.pagination.prev,
        };
      }),
    },
  });

const FILTERS: Array<{
  field: JobFilterField;
  label: string;
  all: string;
  data: { value: string; label: string }[];
}> = [
  { field: 'industry', label: 'Industry', all: 'All industries', data: [...JOB_INDUSTRIES] },
  { field: 'district', label: 'District', all: 'All districts', data: LOCATION_CHOICES },
  { field: 'type', label: 'Employment type', all: 'All types', data: [...EMPLOYMENT_TYPES] },
];

/** /joblist: open job postings, newest first, with filters, search and pages from the server. */
export default function JobListPage() {
  const [machine] = useState(jobListFlow);
  const [snapshot, send] = useFlow(machine);
  const { filters, search, postings, total, page, next, prev, error } = snapshot.context;
  const loading = snapshot.matches('loading');

  return (
    <PageShell title="Job opportunities" headerRight={<LogoutButton />}>
      <Group gap="sm">
        <Button component={Link} href="/myapplications" variant="light">
          My applications
        </Button>
        <Button component={Link} href="/jobdetails1" variant="default">
          Edit my details
        </Button>
      </Group>
      <Card withBorder padding="md" component="section" aria-label="Filters">
        <Stack gap="sm">
          <form
            aria-label="Job search"
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'search.submit' });
            }}
          >
            <Group align="end" gap="xs" wrap="nowrap">
              <TextInput
                label="Search jobs"
                placeholder="Title, organisation or keyword"
                value={search}
                onChange={(e) => send({ type: 'search.change', value: e.currentTarget.value })}
                style={{ flex: 1 }}
              />
              <Button type="submit" variant="filled">
                Search
              </Button>
            </Group>
          </form>
          {FILTERS.map((f) => (
            <NativeSelect
              key={f.field}
              label={f.label}
              value={filters[f.field]}
              onChange={(e) => send({ type: 'filter.change', field: f.field, value: e.currentTarget.value })}
              data={[{ value: '', label: f.all }, ...f.data]}
            />
          ))}
        </Stack>
      </Card>
      {snapshot.matches('failure') ? (
        <ErrorBanner message={error} onRetry={() => send({ type: 'list.retry' })} />
      ) : null}
      {loading ? <Loader aria-label="Loading job openings" /> : null}
      {snapshot.matches('ready') ? (
        <>
          <Text size="sm" c="dimmed" role="status">
            {total === 0
              ? 'No job openings match. Try other filters.'
              : `${total} job opening${total === 1 ? '' : 's'}`}
          </Text>
          <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Job listings">
            {postings.map((p) => (
              <Card component="li" key={p.id} withBorder padding="md" aria-label={p.title}>
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap" align="start">
                    <Title order={2} size="h4">
                      <Anchor component={Link} href={`/jobs/${p.id}`}>
                        {p.title}
                      </Anchor>
                    </Title>
                    {p.my_application ? (
                      <Badge color={STATUS_COLOURS[p.my_application.status] ?? 'blue'}>
                        {statusLabel(p.my_application.status)}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text fw={500}>{p.organisation}</Text>
                  <Text size="sm" c="dimmed">
                    {[
                      industryLabel(p.industry),
                      locationLabel(p.location),
                      employmentTypeLabel(p.employment_type),
                    ].join(' · ')}
                  </Text>
                  {payText(p) ? <Text size="sm">{payText(p)}</Text> : null}
                  <Text size="sm" c="dimmed">
                    Apply by {dayText(p.closing_date)}
                  </Text>
                </Stack>
              </Card>
            ))}
          </Stack>
          {prev !== null || next !== null ? (
            <Group justify="space-between">
              <Button variant="default" disabled={prev === null} onClick={() => send({ type: 'page.prev' })}>
                Previous
              </Button>
              <Text size="sm">Page {page}</Text>
              <Button variant="default" disabled={next === null} onClick={() => send({ type: 'page.next' })}>
                Next
              </Button>
            </Group>
          ) : null}
        </>
      ) : null}
    </PageShell>
  );
}
