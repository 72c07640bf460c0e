import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIXES, referenceRoutes } from '../../contract/api';
import {
  FIRST_SCREEN_CALLS,
  PROGRESS_CALL,
  PROGRESS_STORAGE_KEY,
  PROGRESS_TOKEN_MARK,
} from '../../contract/api/first-screen';
import {
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  LATER_STYLESHEET,
  STORAGE_KEYS,
  SUPPORT_EMAIL_SLOT,
} from '../../contract/constants';
import { HTTP_MESSAGES } from '../../contract/rules/http';
import { SESSION_ROUTES } from '../../contract/rules/onboarding';
import type { AppConfig } from '../config';
import { classNamesOf, criticalCss } from '../lib/critical-css';
import { loadRoutePreloads } from '../lib/preload';
import { serve } from '../lib/route';

const runtimeConfigJson = (config: AppConfig) =>
  JSON.stringify({
    supportEmail: config.supportEmail,
    maintenanceUntil: config.maintenanceUntil,
    machinesVisualiser: config.machinesVisualiser,
  }).replace(/</g, '\\u003c');

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Starts the first screen's call of a signed-in home (contract/api/first-screen.ts) as soon as the
 * HTML is parsed, with the stored token, so it travels while the page's code downloads. Skipped
 * without a token, and on the finder when the page was given a request id (it asks for that one).
 * On every screen that needs a session it also starts the route guard's progress call, unless this
 * tab already keeps the answer for that token: the guard holds the screen until it has it, and asked
 * only once the code had run, it was one more round trip in sequence before the screen showed.
 * Each call marks itself `done` with its `value` once its body is in (null: failed, not 2xx, not
 * JSON), so the page's first render can start from an answer already back without waiting a step.
 */
const guardedPaths = [...new Set(SESSION_ROUTES.map((path) => path.toLowerCase().replace(/\/$/, '')))];
const firstScreenScript = `(function(){try{var m=${JSON.stringify(FIRST_SCREEN_CALLS)},g=${JSON.stringify(guardedPaths)},p=location.pathname.toLowerCase().replace(/\\/+$/,''),u=m[p],t=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.authToken)}),k=null;if(!t)return;var a=function(u){var s={url:u};s.body=fetch(u,{headers:{Accept:'application/json',Authorization:'Bearer '+t}}).then(function(r){return r.ok?r.json():null}).then(null,function(){return null}).then(function(b){s.done=true;s.value=b;return b});return s};if(u&&!(history.state&&history.state.requestId))window.__FIRST_SCREEN__=a(u);if(g.indexOf(p)===-1)return;try{k=JSON.parse(sessionStorage.getItem(${JSON.stringify(PROGRESS_STORAGE_KEY)}))}catch(e){}if(!k||k.token!==t.slice(-${PROGRESS_TOKEN_MARK}))window.__PROGRESS__=a(${JSON.stringify(PROGRESS_CALL)})}catch(e){}})()`;

/**
 * Marks the page (`data-other-language` on <html>) when this browser reads Bengali or Hindi: the
 * choice it remembers, else its first of the product's languages, as the client decides
 * (src/i18n/languages.ts). The prerendered login screen is English; on such a page it stays hidden
 * (src/app/app-frame.css) until the client renders it in the reader's language, instead of showing
 * English words for as long as the scripts take to arrive on a phone.
 */
const languageScript = `(function(){try{var l=${JSON.stringify(LANGUAGES)},s=null,w,i,b;try{s=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})}catch(e){}if(l.indexOf(s)===-1){s=null;w=navigator.languages||[navigator.language];for(i=0;w.length>i&&!s;i++){b=String(w[i]||'').toLowerCase().split('-')[0];if(l.indexOf(b)!==-1)s=b}}if(s&&s!==${JSON.stringify(LANGUAGES[0])})document.documentElement.setAttribute('data-other-language','')}catch(e){}})()`;

/**
 * The one inline script of index.html (the runtime configuration, the reader's language, and the
 * first screen's call); the CSP allows it by its hash.
 */
export const appConfigScript = (config: AppConfig) =>
  `window.__APP_CONFIG__=${runtimeConfigJson(config)};${languageScript};${firstScreenScript}`;

/**
 * Serves the built client (dist/client) with the SPA fallback: any other GET path answers index.html,
 * so a deep link like /dashboard loads the app. The runtime configuration the client needs
 * (support email, maintenance target, visualiser switch) is written into index.html here, and so
 * are `<link rel="modulepreload">` tags for the chunks of the route asked for (server/lib/preload.ts),
 * so that a phone fetches the route's code in parallel with the entry.
 */
export default fp(async function client(app: FastifyInstance) {
  const dir = resolve(app.config.clientDir);
  const indexFile = join(dir, 'index.html');
  const hasClient = existsSync(indexFile);
  const runtimeConfig = runtimeConfigJson(app.config);
  const indexHtml = hasClient
    ? readFileSync(indexFile, 'utf8').replace(
        '<!--app-config-->',
        `<script>${appConfigScript(app.config)}</script>`,
      )
    : '';
  const preloads = hasClient ? loadRoutePreloads(dir) : undefined;
  const supportEmail = escapeHtml(app.config.supportEmail);
  const pages = new Map<string, string>();
  /**
   * The one stylesheet every screen uses (the build does not split CSS). A prerendered screen gets
   * the rules its HTML may use inline instead (server/lib/critical-css.ts; about two fifths of the
   * stylesheet): its HTML then paints as soon as it has arrived, not after one more download while
   * the browser is already busy with the route's scripts, and the browser parses and matches far
   * fewer rules before that paint (the login form is the largest paint of `/`). The whole stylesheet
   * follows in its own place, fetched beside the scripts without holding the paint (`media="print"`)
   * and cached like every asset; the client applies it when its code starts (src/app/prerendered.ts)
   * for what the screen shows later (sign-up fields, errors, the next screens). In the same place
   * and with every rule of the inline part, the cascade is the whole stylesheet's.
   */
  const stylesheetLink = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/.exec(indexHtml);
  const stylesheet =
    stylesheetLink && existsSync(join(dir, stylesheetLink[1]))
      ? readFileSync(join(dir, stylesheetLink[1]), 'utf8')
      : undefined;
  const inlineStyleFor = (html: string) =>
    stylesheetLink && stylesheet !== undefined && !/<\/style/i.test(stylesheet)
      ? {
          link: stylesheetLink[0],
          tags: `<style>${criticalCss(stylesheet, classNamesOf(html))}</style>${stylesheetLink[0].replace('>', ` media="print" ${LATER_STYLESHEET}>`)}`,
        }
      : undefined;
  /**
   * index.html for one client path, with that route's preload tags and, for the login screens,
   * their prerendered HTML in the root element (the configured support address put in its slot)
   * and the rules it uses inline. One string per route, cached.
   */
  const pageFor = (path: string) => {
    const links = preloads?.linksFor(path) ?? '';
    const html = preloads?.htmlFor(path);
    const key = `${links}\0${html ?? ''}`;
    let page = pages.get(key);
    if (page === undefined) {
      page = links ? indexHtml.replace('</head>', `    ${links}\n  </head>`) : indexHtml;
      if (html !== undefined) {
        page = page.replace(
          '<div id="root"></div>',
          () =>
            `<div id="root" data-prerendered>${html.replaceAll(SUPPORT_EMAIL_SLOT, () => supportEmail)}</div>`,
        );
        const inlineStyle = inlineStyleFor(html);
        if (inlineStyle) page = page.replace(inlineStyle.link, () => inlineStyle.tags);
      }
      pages.set(key, page);
    }
    return page;
  };
  /** Each page compressed once (brotli, else gzip), as the assets are at build time. */
  const compressed = new Map<string, Buffer>();
  const encode = (page: string, encoding: 'br' | 'gzip') => {
    const key = `${encoding}\0${page}`;
    let body = compressed.get(key);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
          : gzipSync(page, { level: 9 });
      compressed.set(key, body);
    }
    return body;
  };

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: dir,
      index: false,
      wildcard: false,
      prefix: '/',
      preCompressed: true,
      // Hashed file names never change: let phones keep them.
      setHeaders: (reply, path) => {
        if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  serve(app, referenceRoutes.appConfig, async () => JSON.parse(runtimeConfig));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = API_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
    if (isApi || request.method !== 'GET' || !hasClient || /\.[a-z0-9]+$/i.test(path)) {
      return reply
        .code(404)
        .send({ error: 'not_found', message: HTTP_MESSAGES.noRoute(request.method, path) });
    }
    const page = pageFor(path);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    if (!encoding) return reply.send(page);
    return reply.header('content-encoding', encoding).send(encode(page, encoding));
  });
});
