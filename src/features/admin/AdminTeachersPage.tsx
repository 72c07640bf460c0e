import './messages';
import { Button, Group, Loader, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { ADMIN_PAGE_SIZES } from '../../../contract/constants';
import {
  ADMIN_MESSAGES,
  pageWindow,
  SEARCH_MAX,
  showingRange,
  type TeacherStatusFilter,
  totalPages,
} from '../../../contract/rules/admin';
import type { TeacherRecord } from '../../../contract/structs/teacher';
import { adminTeacherListMachine } from '../../../machines/admin/adminTeacherList';
import { fetchAdminTeachers } from '../../api/admin';
import { ErrorBanner } from '../../components/ErrorBanner';
import { TextInput } from '../../components/TextField';
import { formatNumber, useMessage, useTranslation } from '../../i18n';
import { usePagerFocus } from '../../lib/keep-focus';
import { useFlow } from '../../lib/useFlow';
import { AdminLayout, useAdminGuard } from './AdminLayout';
import { TeacherCard } from './TeacherCard';

export const adminTeacherListFlow = () =>
  adminTeacherListMachine.provide({
    actors: { fetchTeachers: fromPromise(({ input }) => fetchAdminTeachers(input)) },
  });

const STATUS_KEYS: Record<TeacherStatusFilter, string> = {
  active: 'admin:teachers.status.active',
  inactive: 'admin:teachers.status.inactive',
  all: 'admin:teachers.status.all',
};

function TeacherList() {
  const { t } = useTranslation();
  const m = useMessage();
  const [machine] = useState(adminTeacherListFlow);
  const [snapshot, send] = useFlow(machine);
  const { context } = snapshot;
  const loading = snapshot.matches({ list: 'loading' });
  const failed = snapshot.matches({ list: 'failure' });
  const teachers = context.teachers as TeacherRecord[];
  const pages = totalPages(context.count, context.limit);
  const range = showingRange(context.page, context.limit, teachers.length);
  const pager = useRef<HTMLDivElement>(null);
  usePagerFocus(pager, !loading);

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('admin:teachers.title')}
        </Title>
        <Text c="dimmed">{t('admin:teachers.subtitle')}</Text>
      </div>
      <Group gap="sm" align="end" wrap="wrap">
        <TextInput
          type="search"
          label={t('admin:teachers.search')}
          placeholder={t('admin:teachers.searchPlaceholder')}
          value={context.searchInput}
          maxLength={SEARCH_MAX}
          tooLong={ADMIN_MESSAGES.searchTooLong}
          onChange={(e) => send({ type: 'search.change', value: e.currentTarget.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') send({ type: 'search.submit' });
          }}
          style={{ flex: '1 1 220px' }}
        />
        <Button
          variant="light"
          onClick={() => send({ type: 'status.cycle' })}
          aria-label={t('admin:teachers.statusFilter', { status: t(STATUS_KEYS[context.status]) })}
        >
          {t(STATUS_KEYS[context.status])}
        </Button>
      </Group>
      {loading ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>{m(ADMIN_MESSAGES.listLoading)}</Text>
        </Group>
      ) : null}
      {failed && context.error ? (
        <ErrorBanner message={context.error} onRetry={() => send({ type: 'list.retry' })} />
      ) : null}
      {!loading && !failed ? (
        <>
          <Text fw={500}>
            {t('admin:teachers.total', { count: context.count, formatted: formatNumber(context.count) })}
          </Text>
          {teachers.length === 0 ? (
            <Text c="dimmed">{m(ADMIN_MESSAGES.listEmpty)}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {teachers.map((teacher) => (
                <TeacherCard key={teacher.id} teacher={teacher} />
              ))}
            </SimpleGrid>
          )}
        </>
      ) : null}
      <Stack ref={pager} gap="sm" component="footer">
        {context.count > 0 ? (
          <Text size="sm">
            {t('admin:teachers.showing', {
              from: formatNumber(range.from),
              to: formatNumber(range.to),
              total: formatNumber(context.count),
            })}
          </Text>
        ) : null}
        {/* A pager only when there is more than one page. */}
        {pages > 1 ? (
          <Group gap={4} wrap="wrap" component="nav" aria-label={t('admin:teachers.pages')}>
            <Button
              size="xs"
              variant="default"
              data-pager="previous"
              onClick={() => send({ type: 'page.previous' })}
              disabled={context.page <= 1 || loading}
            >
              {t('admin:teachers.previous')}
            </Button>
            {pageWindow(context.page, pages).map((n) => (
              <Button
                key={n}
                size="xs"
                variant={n === context.page ? 'filled' : 'default'}
                aria-label={t('admin:teachers.page', { page: formatNumber(n) })}
                aria-current={n === context.page ? 'page' : undefined}
                data-pager={`page-${n}`}
                data-pager-current={n === context.page ? '' : undefined}
                onClick={() => send({ type: 'page.go', page: n })}
                disabled={loading}
              >
                {formatNumber(n)}
              </Button>
            ))}
            <Button
              size="xs"
              variant="default"
              data-pager="next"
              onClick={() => send({ type: 'page.next' })}
              disabled={context.page >= pages || loading}
            >
              {t('admin:teachers.next')}
            </Button>
          </Group>
        ) : null}
        <NativeSelect
          label={t('admin:teachers.rowsPerPage')}
          w={140}
          value={String(context.limit)}
          data={ADMIN_PAGE_SIZES.map((n) => ({ value: String(n), label: formatNumber(n) }))}
          onChange={(e) => send({ type: 'pageSize.change', limit: Number(e.currentTarget.value) })}
        />
      </Stack>
    </Stack>
  );
}

/** /Admin_Teacher: every registered teacher, a page at a time (server-side, D10). */
export default function AdminTeachersPage() {
  const { t } = useTranslation();
  const allowed = useAdminGuard();
  if (!allowed) return null;
  return (
    <AdminLayout active="teachers" header={<Text fw={600}>{t('admin:layout.myAccount')}</Text>}>
      <TeacherList />
    </AdminLayout>
  );
}
