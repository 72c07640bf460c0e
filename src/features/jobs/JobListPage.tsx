import './messages';
import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Button, Card, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { jobRoutes } from '../../../contract/api/jobs';
import { maxLengthsOf } from '../../../contract/api/limits';
import { type JobFilterField, jobListMachine } from '../../../machines/jobs/jobList';
import { fetchJobPostings } from '../../api/jobs';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageShell } from '../../components/PageShell';
import { SessionActions, SessionNav } from '../../components/SessionHeader';
import { TextInput } from '../../components/TextField';
import { formatDay, formatNumber, namedOptions, type OptionsKey, useTranslation } from '../../i18n';
import { usePagerFocus } from '../../lib/keep-focus';
import { useFlow } from '../../lib/useFlow';
import { kindText, payText, STATUS_COLOURS, statusLabel } from './jobText';

/** The search box holds no more than the list's `q` takes. */
const SEARCH_MAX = maxLengthsOf(jobRoutes.listPostings.query).q;

import { PostingCards, PostingHeading } from './PostingCards';

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
  /** Keys of the select's label and of its "all" option, and the list of its options. */
  label: string;
  all: string;
  options: OptionsKey;
}> = [
  {
    field: 'industry',
    label: 'jobs:list.industry',
    all: 'jobs:list.allIndustries',
    options: 'options:industry',
  },
  {
    field: 'district',
    label: 'jobs:list.district',
    all: 'jobs:list.allDistricts',
    options: 'options:location',
  },
  { field: 'type', label: 'jobs:list.type', all: 'jobs:list.allTypes', options: 'options:employmentType' },
];

/** /joblist: open job postings, newest first, with filters, search and pages from the server. */
export default function JobListPage() {
  const { t } = useTranslation();
  const [machine] = useState(jobListFlow);
  const [snapshot, send] = useFlow(machine);
  const { filters, search, postings, total, page, next, prev, error } = snapshot.context;
  const loading = snapshot.matches('loading');
  const pager = useRef<HTMLDivElement>(null);
  usePagerFocus(pager, snapshot.matches('ready'));

  return (
    <PageShell title={t('jobs:list.title')} headerRight={<SessionActions />} nav={<SessionNav />}>
      <Group gap="sm">
        <Button component={Link} href="/jobdetails1" variant="default">
          {t('jobs:list.editDetails')}
        </Button>
      </Group>
      <Card withBorder padding="md" component="section" aria-label={t('jobs:list.filters')}>
        <Stack gap="sm">
          <form
            aria-label={t('jobs:list.searchForm')}
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'search.submit' });
            }}
          >
            <Group align="end" gap="xs" wrap="nowrap">
              <TextInput
                label={t('jobs:list.search')}
                description={t('jobs:list.searchHint')}
                value={search}
                maxLength={SEARCH_MAX}
                onChange={(e) => send({ type: 'search.change', value: e.currentTarget.value })}
                style={{ flex: 1 }}
              />
              <Button type="submit" variant="filled">
                {t('jobs:list.searchButton')}
              </Button>
            </Group>
          </form>
          {FILTERS.map((f) => (
            <NativeSelect
              key={f.field}
              label={t(f.label)}
              value={filters[f.field]}
              onChange={(e) => send({ type: 'filter.change', field: f.field, value: e.currentTarget.value })}
              data={[{ value: '', label: t(f.all) }, ...namedOptions(t, f.options)]}
            />
          ))}
        </Stack>
      </Card>
      {snapshot.matches('failure') ? (
        <ErrorBanner message={error} onRetry={() => send({ type: 'list.retry' })} />
      ) : null}
      {loading ? <Loader aria-label={t('jobs:list.loading')} /> : null}
      {snapshot.matches('ready') ? (
        <>
          <Text size="sm" c="dimmed" role="status">
            {total === 0
              ? t('jobs:list.noMatch')
              : t('jobs:list.count', { count: total, formatted: formatNumber(total) })}
          </Text>
          <PostingCards label={t('jobs:list.listings')} gap="md" postings={postings}>
            {(p) => (
              <>
                <PostingHeading
                  badge={
                    p.my_application ? (
                      <Badge color={STATUS_COLOURS[p.my_application.status] ?? 'blue'}>
                        {statusLabel(p.my_application.status)}
                      </Badge>
                    ) : null
                  }
                >
                  <Title order={2} size="h4">
                    <Anchor component={Link} href={`/jobs/${p.id}`}>
                      {p.title}
                    </Anchor>
                  </Title>
                </PostingHeading>
                <Text fw={500}>{p.organisation}</Text>
                <Text size="sm" c="dimmed">
                  {kindText(p)}
                </Text>
                {payText(p) ? <Text size="sm">{payText(p)}</Text> : null}
                <Text size="sm" c="dimmed">
                  {t('jobs:applyBy', { date: formatDay(p.closing_date) })}
                </Text>
              </>
            )}
          </PostingCards>
          {prev !== null || next !== null ? (
            <Group ref={pager} justify="space-between">
              <Button
                variant="default"
                data-pager="previous"
                disabled={prev === null}
                onClick={() => send({ type: 'page.prev' })}
              >
                {t('jobs:list.previous')}
              </Button>
              <Text size="sm" tabIndex={-1} data-pager-current="">
                {t('jobs:list.page', { page: formatNumber(page) })}
              </Text>
              <Button
                variant="default"
                data-pager="next"
                disabled={next === null}
                onClick={() => send({ type: 'page.next' })}
              >
                {t('jobs:next')}
              </Button>
            </Group>
          ) : null}
        </>
      ) : null}
    </PageShell>
  );
}
