import { type ComponentType, lazy, useState } from 'react';

type PageModule = { default: ComponentType };

/** A page component loaded on demand, which can also be fetched ahead (`preload`). */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * `React.lazy` for a route's page, with one difference: once the page's module is in (fetched ahead
 * by `preload`, as src/main.tsx does for the route being opened), the page renders at once instead
 * of suspending first. A suspended page shows the app frame, and React holds the page back for a
 * moment after a fallback has shown: on a slow phone that was a few hundred milliseconds before the
 * screen a person came for. Each mounted page keeps the component it started with (no remount when
 * the module arrives while it is suspended).
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: ComponentType | undefined;
  const take = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(take);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page at module level, as React.lazy is
  function Page() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  Page.preload = take;
  return Page;
}
