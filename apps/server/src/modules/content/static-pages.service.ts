import { eq, sql } from 'drizzle-orm';
import {
  type AdminStaticPage,
  type AdminStaticPages,
  type AdminStaticPageSummary,
  defaultStaticPage,
  isStaticPageSlug,
  type Locale,
  type ShopDetails,
  type StaticPage,
  staticPagePaths,
  type StaticPageSlug,
  staticPageSlugs,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { ConflictError, InvalidError, NotFoundError } from '../../domain-errors.js';
import { plainText, richTextSanitizer } from '../../rich-text.js';
import { type Actor, changedFields, recordAudit } from '../audit/index.js';
import { textIn } from '../catalog/index.js';
import { getSetting } from '../settings/index.js';
import { staticPages } from './content.tables.js';

type Db = Database | Transaction;
type PageRow = typeof staticPages.$inferSelect;

/** A page has only its title as h1 above it, so its sections are h2 and their parts h3. */
const sanitizePageHtml = richTextSanitizer(['h2', 'h3']);

const AUDIT_ENTITY = 'static-page';

/** The slug of a page the shop has; anything else is a page not found. */
function pageSlug(value: string): StaticPageSlug {
  if (!isStaticPageSlug(value)) throw new NotFoundError('errors.pages.notFound');
  return value;
}

async function storedPage(db: Db, slug: StaticPageSlug): Promise<PageRow | undefined> {
  const [row] = await db.select().from(staticPages).where(eq(staticPages.slug, slug));
  return row;
}

/**
 * The page in both languages as saved in the back office, or the default text of each written
 * with the shop's details as they are now. A saved page's English is '' where none is written.
 */
function textsOf(slug: StaticPageSlug, row: PageRow | undefined, shop: ShopDetails) {
  if (row)
    return {
      title: row.title,
      html: row.html,
      titleEn: row.titleEn ?? '',
      htmlEn: row.htmlEn ?? '',
    };
  const nb = defaultStaticPage(slug, shop, 'nb');
  const en = defaultStaticPage(slug, shop, 'en');
  return { title: nb.title, html: nb.html, titleEn: en.title, htmlEn: en.html };
}

function pageOf(slug: StaticPageSlug, row: PageRow | undefined, shop: ShopDetails) {
  const text = textsOf(slug, row, shop);
  const summary: AdminStaticPageSummary = {
    slug,
    title: text.title,
    titleEn: text.titleEn,
    path: staticPagePaths[slug],
    customised: row !== undefined,
    updatedAt: row ? row.updatedAt.toISOString() : null,
    updatedByEmail: row?.updatedByEmail ?? null,
  };
  return {
    summary,
    page: { ...summary, html: text.html, htmlEn: text.htmlEn } satisfies AdminStaticPage,
  };
}

async function adminPage(db: Db, slug: StaticPageSlug): Promise<AdminStaticPage> {
  const [row, shop] = await Promise.all([storedPage(db, slug), getSetting(db, 'shopDetails')]);
  return pageOf(slug, row, shop).page;
}

/**
 * `GET /api/pages/{slug}`: the page as the storefront shows it in `locale`, each of title and
 * text in bokmål where no English is written. The answer is response-cached, and cleared by a
 * page's save and by a change of the shop's details, which the default follows.
 */
export async function getStaticPage(db: Db, slug: string, locale: Locale): Promise<StaticPage> {
  const page = await adminPage(db, pageSlug(slug));
  return {
    slug: page.slug,
    title: textIn(locale, page.title, page.titleEn),
    html: textIn(locale, page.html, page.htmlEn),
    updatedAt: page.updatedAt,
  };
}

/**
 * Each text page's storefront path and when the staff last saved it, for the sitemap: null for a
 * page showing the default text, which has no date of its own (it follows the shop's details).
 */
export async function staticPageDates(db: Db): Promise<{ path: string; updatedAt: Date | null }[]> {
  const rows = await db
    .select({ slug: staticPages.slug, updatedAt: staticPages.updatedAt })
    .from(staticPages);
  const saved = new Map(rows.map((row) => [row.slug, row.updatedAt]));
  return staticPageSlugs.map((slug) => ({
    path: staticPagePaths[slug],
    updatedAt: saved.get(slug) ?? null,
  }));
}

/** Every page for the back office's list: About first, then the terms and the policies. */
export async function listAdminStaticPages(db: Db): Promise<AdminStaticPages> {
  const [rows, shop] = await Promise.all([
    db.select().from(staticPages),
    getSetting(db, 'shopDetails'),
  ]);
  const saved = new Map(rows.map((row) => [row.slug, row]));
  return {
    pages: staticPageSlugs.map((slug) => pageOf(slug, saved.get(slug), shop).summary),
  };
}

/** One page for the editor, with its text. */
export async function getAdminStaticPage(db: Db, slug: string): Promise<AdminStaticPage> {
  return adminPage(db, pageSlug(slug));
}

/** Two saves of one page wait for each other, also while it has no row to lock yet. */
const lockPage = (tx: Transaction, slug: StaticPageSlug) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`static_pages:${slug}`}))`);

/** The wire carries milliseconds, so each save moves `updatedAt` on by at least one. */
const nextStamp = (now: Date, before: Date | undefined) =>
  new Date(Math.max(now.getTime(), (before?.getTime() ?? 0) + 1));

/**
 * `PUT /api/admin/pages/{slug}`: staff save a page's title and text, sanitised (scripts, event
 * handlers, styles and frames go; links stay https, mailto or a path of the shop). `updatedAt` is
 * the one the editor loaded (null: it showed the default): when someone saved or restored the
 * page since, the save is refused (409) rather than silently undoing theirs. A text without any
 * words is refused; "Restore the default text" is the way back to the default. A save that
 * leaves the default text as it is stores nothing, so the page keeps following the shop's details.
 * The bokmål is required; the English (issue 31.5) is '' or a text without words where none is
 * written, and English pages then show the bokmål; absent, it stays as the editor showed it.
 */
export async function saveStaticPage(
  db: Database,
  actor: Actor,
  slugParam: string,
  body: {
    title: string;
    html: string;
    titleEn?: string | undefined;
    htmlEn?: string | undefined;
    updatedAt: string | null;
  },
  now: Date,
): Promise<AdminStaticPage> {
  const slug = pageSlug(slugParam);
  const html = sanitizePageHtml(body.html);
  if (plainText(html).trim() === '')
    throw new InvalidError('errors.pages.empty', { field: 'html' });
  const givenHtmlEn = body.htmlEn === undefined ? undefined : sanitizePageHtml(body.htmlEn);
  return db.transaction(async (tx) => {
    await lockPage(tx, slug);
    const before = await adminPage(tx, slug);
    const loadedAt = body.updatedAt === null ? null : Date.parse(body.updatedAt);
    const savedAt = before.updatedAt === null ? null : Date.parse(before.updatedAt);
    if (loadedAt !== savedAt) throw new ConflictError('errors.pages.conflict');
    const titleEn = body.titleEn ?? before.titleEn;
    const htmlEn =
      givenHtmlEn === undefined
        ? before.htmlEn
        : plainText(givenHtmlEn).trim() === ''
          ? ''
          : givenHtmlEn;
    const changes = changedFields(
      { title: before.title, html: before.html, titleEn: before.titleEn, htmlEn: before.htmlEn },
      { title: body.title, html, titleEn, htmlEn },
    );
    if (Object.keys(changes).length === 0) return before;
    const row = await storedPage(tx, slug);
    const values = {
      title: body.title,
      html,
      titleEn: titleEn || null,
      htmlEn: htmlEn || null,
      updatedByEmail: actor.email,
      updatedAt: nextStamp(now, row?.updatedAt),
    };
    await tx
      .insert(staticPages)
      .values({ slug, ...values })
      .onConflictDoUpdate({ target: staticPages.slug, set: values });
    await recordAudit(tx, {
      actor,
      action: 'update',
      entity: AUDIT_ENTITY,
      entityId: slug,
      changes,
    });
    return adminPage(tx, slug);
  });
}

/**
 * `DELETE /api/admin/pages/{slug}`: "Restore the default text". The saved page is removed, so
 * the storefront shows the default, which follows the shop's details again; the audit log keeps
 * the removed text. Restoring a page that shows the default already changes nothing.
 */
export async function restoreStaticPage(
  db: Database,
  actor: Actor,
  slugParam: string,
): Promise<AdminStaticPage> {
  const slug = pageSlug(slugParam);
  return db.transaction(async (tx) => {
    await lockPage(tx, slug);
    const [removed] = await tx.delete(staticPages).where(eq(staticPages.slug, slug)).returning();
    const restored = await adminPage(tx, slug);
    if (removed)
      await recordAudit(tx, {
        actor,
        action: 'restore-default',
        entity: AUDIT_ENTITY,
        entityId: slug,
        changes: changedFields(
          {
            title: removed.title,
            html: removed.html,
            titleEn: removed.titleEn ?? '',
            htmlEn: removed.htmlEn ?? '',
          },
          {
            title: restored.title,
            html: restored.html,
            titleEn: restored.titleEn,
            htmlEn: restored.htmlEn,
          },
        ),
      });
    return restored;
  });
}
