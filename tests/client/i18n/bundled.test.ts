import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, usedKeys } from './scan';

/**
 * English texts travel with the code that shows them (src/i18n/instance.ts): a route loads only its
 * own namespaces' English. The namespaces below are registered by a `messages` module, and every
 * module showing one of their texts imports it (else the text would show as its key on a route that
 * happened not to load that module).
 */
const REGISTERED_BY: Record<string, string> = {
  teacher: 'src/features/teacher/messages.ts',
  student: 'src/features/student/messages.ts',
  admin: 'src/features/admin/messages.ts',
  jobs: 'src/features/jobs/messages.ts',
  notifications: 'src/components/notification-messages.ts',
  terms: 'src/features/auth/terms.ts',
};

describe('English messages by route', () => {
  it("every module using a route's namespace imports the module that registers its English", () => {
    const files = new Map<string, Set<string>>();
    for (const [key, where] of usedKeys()) {
      const namespace = key.split(':')[0];
      if (!REGISTERED_BY[namespace]) continue;
      for (const file of where) files.set(file, (files.get(file) ?? new Set()).add(namespace));
    }
    const missing: string[] = [];
    for (const [file, namespaces] of files)
      for (const namespace of namespaces) {
        const target = REGISTERED_BY[namespace];
        if (file === target) continue;
        const spec = relative(dirname(file), target).replace(/\.ts$/, '');
        const path = spec.startsWith('.') ? spec : `./${spec}`;
        const text = readFileSync(join(ROOT, file), 'utf8');
        if (!text.includes(`'${path}'`)) missing.push(`${file}: import '${path}'; (${namespace})`);
      }
    expect(missing).toEqual([]);
  });

  it('only the namespaces every route needs are bundled with the app', () => {
    const instance = readFileSync(join(ROOT, 'src/i18n/instance.ts'), 'utf8');
    expect(instance).toContain("'./locales/en/{frame,common,auth}.json'");
  });
});
