import './messages';
import { Anchor, Group, Text } from '@mantine/core';
import { Link, useSearch } from 'wouter';
import { useTranslation } from '../../i18n';

/**
 * Edit mode of the onboarding steps (D11): the dashboard's Edit opens the first step with `?edit=1`.
 * A page reads the flag once and gives it to its step machine (input `editing`), which holds it and
 * tells its navigation actions: each save keeps edit mode on the way to the next step, the last one
 * returns to the dashboard, and every step offers the way back. The steps are prefilled as on any
 * revisit.
 */
export const EDIT_QUERY = 'edit=1';
export const editPath = (path: string) => `${path}?${EDIT_QUERY}`;

export function useEditMode(): boolean {
  return new URLSearchParams(useSearch()).get('edit') === '1';
}

/** Next step's path, in edit mode when editing. */
export const nextPath = (path: string, editing: boolean) => (editing ? editPath(path) : path);

/** The banner of a step opened from the dashboard's Edit. */
export function EditModeBar() {
  const { t } = useTranslation();
  return (
    <Group
      justify="space-between"
      wrap="wrap"
      gap="xs"
      role="navigation"
      aria-label={t('teacher:editMode.label')}
    >
      <Text size="sm" fw={500}>
        {t('teacher:editMode.text')}
      </Text>
      <Anchor component={Link} href="/dashboard" size="sm">
        {t('teacher:editMode.backToDashboard')}
      </Anchor>
    </Group>
  );
}
